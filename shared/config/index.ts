// Every environment setting with its default, validated (server only: it reads process.env with zod).
export * from './config.ts';
