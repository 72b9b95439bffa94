/** Logging with redaction, shared by the store server, the embedded shop and the CLI. */

export { createLogger, type LogFields, type LogFormat, type Logger, type LoggerOptions, type LogLevel } from './logger.ts';
export { REDACTED, redact, secretsFromEnv } from './redact.ts';
