import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_FAILURE, EXIT_SIGINT, EXIT_USAGE } from '../../cli/exit-codes.ts';
import { OutDirError } from '../../cli/run/out-dir.ts';
import { UsageError } from '../../cli/usage-error.ts';
import { ERROR_KINDS, exitCodeOf, httpStatusOf, kindOf } from '../../shared/common/index.ts';
import { ConfigError } from '../../shared/config/index.ts';
import { DesignInputError } from '../../shared/design/index.ts';
import { TextFitError } from '../../shared/design/fit.ts';
import { ConceptValidationError, GenerationFailed, PipelineCancelled } from '../../shared/generator/index.ts';
import { ImageSourceError } from '../../shared/generator/providers/image-source.ts';
import { LocalPublishError } from '../../shared/generator/providers/local-shop-publisher.ts';
import { OfflineConceptsExhausted } from '../../shared/generator/providers/offline/concepts.ts';
import { OpenAIProviderError } from '../../shared/generator/providers/openai/errors.ts';
import { ShopifyPublishError } from '../../shared/generator/providers/shopify-admin/errors.ts';
import { LimitError } from '../../shared/limits/index.ts';
import { InvalidProductError, LocalShopStartError } from '../../shared/local-shop/index.ts';
import { STAFF_MESSAGES, StaffError } from '../../shared/staff/index.ts';
import { ShortLinesError } from '../../shared/storefront/browser.ts';
import { StorefrontError } from '../../shared/storefront/index.ts';
import { WebhookRegisterError } from '../../shared/webhooks/index.ts';
import { DeployHookError } from '../../site/features/generator/server/deploy-hook.ts';
import { WorkerJobError } from '../../site/features/generator/server/generator-worker.ts';
import { GeneratorServiceError, serviceErrorFrom } from '../../site/features/generator/server/service-error.ts';
import { ApiError } from '../../site/server/http/api-error.ts';

/**
 * Errors reach people as HTTP statuses and exit codes through one table of kinds
 * (shared/common/error-kinds.ts, docs/behaviour/errors.md#error-kinds), never through class names.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Every error a person can meet, with the status and exit code it has always had. */
const ERRORS: { error: Error; status: number; exitCode: number }[] = [
  { error: new LimitError('productCount must be a whole number from 1 to 20 (got 25)'), status: 422, exitCode: 1 },
  { error: new DesignInputError('quote is too long'), status: 422, exitCode: 1 },
  { error: new TextFitError('The quote does not fit'), status: 422, exitCode: 1 },
  { error: new OfflineConceptsExhausted('no ideas left'), status: 422, exitCode: 1 },
  { error: new OpenAIProviderError('rate-limit', 'OpenAI rate limit'), status: 502, exitCode: 1 },
  { error: new OpenAIProviderError('invalid-output', 'OpenAI answered nonsense'), status: 502, exitCode: 1 },
  { error: new ShopifyPublishError('productCreate', 'user-errors', "title: can't be blank"), status: 502, exitCode: 1 },
  { error: new ConceptValidationError('products: too few'), status: 502, exitCode: 1 },
  { error: new StorefrontError('billing', 'billing', 'Products'), status: 502, exitCode: 1 },
  { error: new StorefrontError('timeout', 'slow', 'Products'), status: 502, exitCode: 1 },
  {
    error: new ShortLinesError(['sold out'], [{ merchandiseId: 'gid://shopify/ProductVariant/1', available: 0 }]),
    status: 502,
    exitCode: 1,
  },
  { error: new DeployHookError('the hook answered 500'), status: 502, exitCode: 1 },
  { error: new WebhookRegisterError('Shopify said no'), status: 502, exitCode: 1 },
  { error: new PipelineCancelled(), status: 499, exitCode: 130 },
  { error: new ConfigError('SHOPIFY_STORE_DOMAIN is not a domain'), status: 500, exitCode: EXIT_USAGE },
  { error: new UsageError('--count: must be a number'), status: 400, exitCode: EXIT_USAGE },
  { error: new ApiError('bad-request', 'The request body is not valid JSON'), status: 400, exitCode: EXIT_USAGE },
  { error: new ApiError('too-large', 'too large'), status: 413, exitCode: EXIT_USAGE },
  { error: new ApiError('unsupported-media-type', 'not JSON'), status: 415, exitCode: EXIT_USAGE },
  { error: new ApiError('unauthenticated', STAFF_MESSAGES.signInNeeded), status: 401, exitCode: EXIT_USAGE },
  { error: new ApiError('forbidden', STAFF_MESSAGES.crossOrigin), status: 403, exitCode: EXIT_USAGE },
  { error: new StaffError('forbidden', STAFF_MESSAGES.aal2Needed), status: 403, exitCode: EXIT_USAGE },
  { error: new StaffError('not-found', 'No staff account with the email a@example.com'), status: 404, exitCode: EXIT_USAGE },
  { error: new StaffError('conflict', 'This is the last owner: add another owner first'), status: 409, exitCode: 1 },
  { error: new StaffError('gone', 'This setup link is used up or expired.'), status: 410, exitCode: EXIT_USAGE },
  { error: new LocalShopStartError('port 8787 is in use'), status: 503, exitCode: 1 },
  { error: new LocalPublishError('the shop refused'), status: 500, exitCode: 1 },
  { error: new InvalidProductError('no title'), status: 500, exitCode: 1 },
  { error: new ImageSourceError('no such design'), status: 500, exitCode: 1 },
  { error: new OutDirError('cannot write'), status: 500, exitCode: 1 },
  { error: new Error('a bug'), status: 500, exitCode: 1 },
];

describe('error kinds', () => {
  it('every kind has an HTTP error status and an exit code the CLI documents', () => {
    for (const [kind, { status, exitCode }] of Object.entries(ERROR_KINDS)) {
      expect(status >= 400 && status <= 599, kind).toBe(true);
      expect([EXIT_FAILURE, EXIT_USAGE, EXIT_SIGINT], kind).toContain(exitCode);
    }
  });

  for (const { error, status, exitCode } of ERRORS) {
    it(`${error.constructor.name} (${kindOf(error)}) → HTTP ${status}, exit ${exitCode}, whatever the class is called`, () => {
      expect(Object.hasOwn(ERROR_KINDS, kindOf(error))).toBe(true);
      expect(httpStatusOf(error)).toBe(status);
      expect(exitCodeOf(error)).toBe(exitCode);
      expect(serviceErrorFrom(error).status).toBe(status);
      // Renamed: the class name is not read anywhere.
      const renamed = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error, { name: 'RenamedError' });
      Object.defineProperty(renamed.constructor, 'name', { value: 'RenamedError', configurable: true });
      expect(httpStatusOf(renamed)).toBe(status);
      expect(serviceErrorFrom(renamed).status).toBe(status);
      Object.defineProperty(renamed.constructor, 'name', { value: error.constructor.name, configurable: true });
    });
  }

  it('a failure keeps its status across the generator worker thread, which sends its kind, not its name', () => {
    for (const { error, status } of ERRORS) {
      const crossed = new WorkerJobError({ kind: kindOf(error), message: error.message });
      expect(serviceErrorFrom(crossed).status, error.constructor.name).toBe(status);
    }
  });

  it('a run that fails keeps the kind of what failed underneath', () => {
    expect(kindOf(new GenerationFailed('OpenAI rate limit', new OpenAIProviderError('rate-limit', 'OpenAI rate limit')))).toBe(
      'rate-limit',
    );
    expect(kindOf(new GenerationFailed('no ideas', new OfflineConceptsExhausted('no ideas')))).toBe('unprocessable');
    expect(kindOf(new GenerationFailed('The concept generator returned no products'))).toBe('internal');
  });

  it('an aborted request is a cancellation, with the message the API has always sent', () => {
    const aborted = serviceErrorFrom(new DOMException('This operation was aborted', 'AbortError'));
    expect([aborted.status, aborted.message]).toEqual([499, 'The request was cancelled']);
    expect(new GeneratorServiceError('bad-request', 'x').status).toBe(400);
  });

  it('every error class in shared/, site/ and cli/ carries a kind (or is an HTTP answer mirrored in the browser)', () => {
    const MIRRORS = new Set(['GeneratorApiError', 'StaffApiError']);
    const missing: string[] = [];
    let classes = 0;
    for (const top of ['shared', 'site', 'cli']) {
      for (const file of fs.readdirSync(path.join(ROOT, top), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(ts|tsx)$/.test(file)) continue;
        const source = fs.readFileSync(path.join(ROOT, top, file), 'utf8');
        for (const match of source.matchAll(/^export class (\w+) extends \w*Error \{\n([\s\S]*?)^\}/gm)) {
          classes += 1;
          if (!/\breadonly kind\b/.test(match[2]!) && !MIRRORS.has(match[1]!)) missing.push(`${top}/${file}: ${match[1]}`);
        }
      }
    }
    expect(classes).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
