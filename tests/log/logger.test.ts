import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, redact, secretsFromEnv } from '../../shared/log/index.ts';

/** Log lines: JSON or readable, and never a secret, whether it comes from the environment or elsewhere. */

const env = {
  SHOPIFY_ADMIN_TOKEN: 'shpat_0123456789abcdef0123456789abcdef',
  SHOPIFY_WEBHOOK_SECRET: 'webhook-secret-value',
  OPENAI_API_KEY: 'sk-proj-abcdefghijklmnop1234',
  GENERATOR_TOKEN: 'generator-token-value',
  DEPLOY_HOOK_URL: 'https://api.example/deploy/hook-id-secret',
  PORT: '4321',
  HOST: '127.0.0.1',
};

function capture(format: 'json' | 'text') {
  const lines: Array<{ line: string; level: string }> = [];
  const logger = createLogger({
    format,
    env,
    write: (line, level) => lines.push({ line, level }),
    now: () => new Date('2026-11-26T06:00:00Z'),
  });
  return { logger, lines };
}

describe('the logger', () => {
  it('writes one JSON object per line with LOG_FORMAT=json', () => {
    const { logger, lines } = capture('json');
    logger.info('Store ready at http://127.0.0.1:4321');
    logger.error('Could not answer\nGET /x', { status: 500 });
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!.line)).toEqual({
      time: '2026-11-26T06:00:00.000Z',
      level: 'info',
      msg: 'Store ready at http://127.0.0.1:4321',
    });
    expect(JSON.parse(lines[1]!.line)).toEqual({
      time: '2026-11-26T06:00:00.000Z',
      level: 'error',
      msg: 'Could not answer\nGET /x',
      status: 500,
    });
    expect(lines[1]!.line).not.toContain('\n');
    expect(lines[1]!.level).toBe('error');
  });

  it('writes the readable line alone otherwise', () => {
    const { logger, lines } = capture('text');
    logger.line('Store ready at http://127.0.0.1:4321');
    logger.warn('Slow build', { seconds: 12 });
    expect(lines.map((l) => l.line)).toEqual(['Store ready at http://127.0.0.1:4321', 'Slow build (seconds=12)']);
  });

  it('never writes a secret from the environment, in messages or fields, in either format', () => {
    for (const format of ['json', 'text'] as const) {
      const { logger, lines } = capture(format);
      logger.info(`token ${env.SHOPIFY_ADMIN_TOKEN} and ${env.SHOPIFY_WEBHOOK_SECRET}`, {
        hook: env.DEPLOY_HOOK_URL,
        key: env.OPENAI_API_KEY,
      });
      logger.info(`Authorization: Bearer ${env.GENERATOR_TOKEN}`);
      const all = lines.map((l) => l.line).join('\n');
      for (const [name, value] of Object.entries(env)) {
        if (name === 'PORT' || name === 'HOST') continue;
        expect(all, `${name} in ${format}`).not.toContain(value);
      }
      expect(all).toContain(REDACTED);
    }
  });

  it('redacts token shapes that did not come from the environment', () => {
    expect(redact('got shpat_ffffffffffffffffffff from somewhere', [])).toBe(`got ${REDACTED} from somewhere`);
    expect(redact('key sk-abcdefghijklmnopqrstu', [])).toBe(`key ${REDACTED}`);
    expect(redact('Authorization: Bearer abc.def.ghi-123', [])).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redact('fetching https://user:hunter22@host.example/x', [])).toBe(`fetching https://user:${REDACTED}@host.example/x`);
    expect(redact('Store ready at http://127.0.0.1:4321', [])).toBe('Store ready at http://127.0.0.1:4321');
  });

  it('takes the secrets from settings named like secrets, not from ordinary ones', () => {
    expect(secretsFromEnv(env)).not.toContain('4321');
    expect(secretsFromEnv(env)).toContain(env.SHOPIFY_WEBHOOK_SECRET);
    expect(secretsFromEnv({ LOCAL_SHOP_TOKEN: 'abc' })).toEqual([]); // too short to be a secret worth redacting
  });
});
