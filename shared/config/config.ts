import path from 'node:path';
import { z } from 'zod';
import { urlHost } from '../http/index.ts';
import { STOREFRONT_GRAPHQL_PATH } from '../storefront/browser.ts';
import type { ErrorKind } from '../common/index.ts';
import { DEFAULT_DESIGN_RETENTION_DAYS, MAX_DESIGN_RETENTION_DAYS, MIN_DESIGN_RETENTION_DAYS } from '../limits/index.ts';

/**
 * Every setting the product reads from the environment, with its default.
 * The README's configuration table mirrors this file.
 */

export const DEFAULT_LOCAL_SHOP_HOST = '127.0.0.1';
export const DEFAULT_LOCAL_SHOP_PORT = 8787;

const port = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535')
    .optional()
    .transform((n) => n ?? fallback);

// Empty values never get here: loadConfig drops them first, so they take the default.
const optionalText = z.string().trim().optional();

const nonNegativeInt = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .optional()
    .transform((n) => n ?? fallback);

const positiveMs = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, 'must be a whole number of milliseconds above 0')
    .transform(Number)
    .optional()
    .transform((n) => n ?? fallback);

const retentionDays = z
  .string()
  .trim()
  .regex(/^\d+$/, `must be a whole number of days from ${MIN_DESIGN_RETENTION_DAYS} to ${MAX_DESIGN_RETENTION_DAYS}`)
  .transform(Number)
  .refine(
    (n) => n >= MIN_DESIGN_RETENTION_DAYS && n <= MAX_DESIGN_RETENTION_DAYS,
    `must be a whole number of days from ${MIN_DESIGN_RETENTION_DAYS} to ${MAX_DESIGN_RETENTION_DAYS}`,
  )
  .optional()
  .transform((n) => n ?? DEFAULT_DESIGN_RETENTION_DAYS);

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL')
  .optional();

/** The Admin API version when SHOPIFY_API_VERSION is unset. */
export const DEFAULT_SHOPIFY_API_VERSION = '2025-07';

/** Shopify releases a stable API version each quarter, named by its month: `2025-01`, `-04`, `-07`, `-10`. */
export const SHOPIFY_API_VERSION_PATTERN = /^\d{4}-(01|04|07|10)$/;

const apiVersion = z
  .string()
  .trim()
  .regex(SHOPIFY_API_VERSION_PATTERN, 'must be a Shopify API version like 2025-07 (YYYY-MM, the month 01, 04, 07 or 10)')
  .optional()
  .transform((v) => v ?? DEFAULT_SHOPIFY_API_VERSION);

const EnvSchema = z.object({
  SHOPIFY_STORE_DOMAIN: optionalText,
  SHOPIFY_STOREFRONT_TOKEN: optionalText,
  SHOPIFY_ADMIN_TOKEN: optionalText,
  SHOPIFY_API_VERSION: apiVersion,
  STOREFRONT_TIMEOUT_MS: positiveMs(15_000),
  LOCAL_SHOP_HOST: optionalText,
  LOCAL_SHOP_PORT: port(DEFAULT_LOCAL_SHOP_PORT),
  LOCAL_SHOP_TOKEN: optionalText,
  LOCAL_SHOP_PUBLIC_URL: optionalText,
  DATA_DIR: optionalText,
  SITE_BUILDS_DIR: optionalText,
  HOST: optionalText,
  PORT: port(4321),
  SITE_URL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
  OPENAI_MODEL: optionalText,
  OPENAI_IMAGE_MODEL: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  STAFF_AUTH_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  GENERATOR_DELAY_MS: nonNegativeInt(1000),
  DESIGN_RETENTION_DAYS: retentionDays,
  DEPLOY_HOOK_URL: httpUrl,
  SHOPIFY_WEBHOOK_SECRET: optionalText,
  SHUTDOWN_DRAIN_MS: nonNegativeInt(0),
  TRUST_PROXY: optionalText,
  LOG_FORMAT: z.enum(['json', 'text'], { message: 'must be json or text' }).optional(),
});

export interface StorefrontEndpoint {
  /** Origin of the shop, e.g. `https://my-shop.myshopify.com` or `http://127.0.0.1:8787`. */
  origin: string;
  /** Full GraphQL URL: `{origin}/api/2025-07/graphql.json`. */
  graphqlUrl: string;
  /** Public Storefront access token ('' for the embedded shop when it requires none). */
  token: string;
  /** True when the endpoint is the embedded local shop rather than a configured store. */
  embedded: boolean;
}

export interface Config {
  storefront: StorefrontEndpoint;
  /** Longest wait for one Storefront API answer at build time, per attempt (the client retries a few times). */
  storefrontTimeoutMs: number;
  localShop: {
    host: string;
    port: number;
    token: string | undefined;
    dataDir: string;
    /** Origin browsers use for the shop (API, images, checkout), when it differs from host:port. */
    publicUrl: string | undefined;
  };
  shopifyAdminToken: string | undefined;
  /** SHOPIFY_API_VERSION: the Admin API version publishing and webhook subscriptions use (`/admin/api/{version}/graphql.json`). */
  shopifyApiVersion: string;
  server: {
    host: string;
    port: number;
    siteUrl: string;
    buildsDir: string;
    /** On SIGTERM, how long /readyz answers 503 while requests are still served, before the server closes. */
    shutdownDrainMs: number;
    /** TRUST_PROXY as given: which proxies' X-Forwarded-For/Proto to believe (parsed by the site server). */
    trustProxy: string | undefined;
  };
  openai: { apiKey: string | undefined; baseURL: string | undefined; model: string; imageModel: string };
  staff: {
    smtpUrl: string | undefined;
    mailFrom: string | undefined;
    /** Signs cookies and encrypts TOTP secrets; unset: one kept in DATA_DIR/staff/secret. */
    secret: string | undefined;
  };
  generator: {
    delayMs: number;
    deployHookUrl: string | undefined;
    /** Where the server keeps the designs the /generator page makes (served under /api/designs/). */
    designsDir: string;
    /** Days a run's unpublished designs stay on disk (DESIGN_RETENTION_DAYS). */
    designRetentionDays: number;
  };
  /** The secret Shopify signs webhook deliveries with (the app's client secret); server only. */
  webhookSecret: string | undefined;
  /** LOG_FORMAT: one JSON object per line, or readable lines. */
  logFormat: 'json' | 'text';
}

export const DEFAULT_OPENAI_MODEL = 'gpt-5.4-mini';
export const DEFAULT_OPENAI_IMAGE_MODEL = 'gpt-image-2.5-flare';

export class ConfigError extends Error {
  readonly kind: ErrorKind = 'config';
  override name = 'ConfigError';
}

/** `my-shop.myshopify.com` → `https://my-shop.myshopify.com`; full http(s) URLs are kept (emulators, tests). */
export function storeOrigin(domain: string, variable = 'SHOPIFY_STORE_DOMAIN'): string {
  const withScheme = /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ConfigError(`${variable} is not a valid domain or URL: "${domain}"`);
  }
  return url.origin;
}

export function graphqlUrl(origin: string): string {
  return `${origin}${STOREFRONT_GRAPHQL_PATH}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  // An empty variable (`PORT=`) means "use the default", as it does for every other setting.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${issue.path.join('.')} ${issue.message}`);
  }
  const e = parsed.data;
  const localHost = e.LOCAL_SHOP_HOST ?? DEFAULT_LOCAL_SHOP_HOST;
  const dataDir = path.resolve(cwd, e.DATA_DIR ?? '.data');
  const localShop = {
    host: localHost,
    port: e.LOCAL_SHOP_PORT,
    token: e.LOCAL_SHOP_TOKEN,
    dataDir,
    publicUrl: e.LOCAL_SHOP_PUBLIC_URL ? storeOrigin(e.LOCAL_SHOP_PUBLIC_URL, 'LOCAL_SHOP_PUBLIC_URL') : undefined,
  };

  let storefront: StorefrontEndpoint;
  if (e.SHOPIFY_STORE_DOMAIN) {
    const origin = storeOrigin(e.SHOPIFY_STORE_DOMAIN);
    storefront = { origin, graphqlUrl: graphqlUrl(origin), token: e.SHOPIFY_STOREFRONT_TOKEN ?? '', embedded: false };
  } else {
    const origin = localShop.publicUrl ?? `http://${urlHost(localHost)}:${localShop.port}`;
    storefront = { origin, graphqlUrl: graphqlUrl(origin), token: e.LOCAL_SHOP_TOKEN ?? '', embedded: true };
  }

  const host = e.HOST ?? '127.0.0.1';
  return {
    storefront,
    storefrontTimeoutMs: e.STOREFRONT_TIMEOUT_MS,
    localShop,
    shopifyAdminToken: e.SHOPIFY_ADMIN_TOKEN,
    shopifyApiVersion: e.SHOPIFY_API_VERSION,
    server: {
      host,
      port: e.PORT,
      siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      buildsDir: e.SITE_BUILDS_DIR ? path.resolve(cwd, e.SITE_BUILDS_DIR) : path.join(dataDir, 'site-builds'),
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      trustProxy: e.TRUST_PROXY,
    },
    openai: {
      apiKey: e.OPENAI_API_KEY,
      baseURL: e.OPENAI_BASE_URL,
      model: e.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
      imageModel: e.OPENAI_IMAGE_MODEL ?? DEFAULT_OPENAI_IMAGE_MODEL,
    },
    staff: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      secret: e.STAFF_AUTH_SECRET,
    },
    generator: {
      delayMs: e.GENERATOR_DELAY_MS,
      deployHookUrl: e.DEPLOY_HOOK_URL,
      designsDir: path.join(dataDir, 'designs'),
      designRetentionDays: e.DESIGN_RETENTION_DAYS,
    },
    webhookSecret: e.SHOPIFY_WEBHOOK_SECRET,
    logFormat: e.LOG_FORMAT ?? 'text',
  };
}
