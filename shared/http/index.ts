// Reading request bodies with a limit, and hosts in URLs (server only).
export * from './request-body.ts';
export * from './url-host.ts';
