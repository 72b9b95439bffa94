/**
 * Secrets out of log lines: the values of every secret setting in the environment, and the shapes
 * of tokens that may arrive from elsewhere (a Shopify token, an OpenAI key, a Bearer header, a
 * password in a URL). See docs/behaviour/operations.md.
 */

export const REDACTED = '[redacted]';

/** Settings whose value is a secret, by name. DEPLOY_HOOK_URL carries its secret in the path. */
const SECRET_NAME = /(TOKEN|SECRET|PASSWORD|API_KEY|PRIVATE_KEY)$|^DEPLOY_HOOK_URL$/;

/** Values this short are no secret worth the name, and redacting them would mangle ordinary words. */
const MIN_SECRET_LENGTH = 6;

const TOKEN_SHAPES: RegExp[] = [
  /\bshp(at|ca|pa|ss|tka)_[A-Za-z0-9]{8,}/g, // Shopify access tokens and app secrets
  /\bsk-[A-Za-z0-9_-]{16,}/g, // OpenAI keys
  /\bnt_[A-Za-z0-9]{20,}/g, // staff API keys (docs/behaviour/staff-accounts.md)
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /(?<=:\/\/[^/\s:@]*:)[^@\s/]+(?=@)/g, // the password in https://user:password@host
];

/** The secret values in an environment, longest first (so one that contains another is replaced whole). */
export function secretsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name, value]) => SECRET_NAME.test(name) && value !== undefined && value.trim().length >= MIN_SECRET_LENGTH)
    .map(([, value]) => value!.trim())
    .sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  for (const shape of TOKEN_SHAPES)
    out = out.replace(shape, (match) => (/^(Bearer|Basic)\s/i.test(match) ? `${match.split(/\s/)[0]} ${REDACTED}` : REDACTED));
  return out;
}
