import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { seedCatalogue, seedContent, startLocalShop, type LocalShop, type LocalShopOptions } from '../../shared/local-shop/index.ts';

/** Real embedded shops on 127.0.0.1, port 0, each in its own temporary data dir. */

export interface TestShop extends LocalShop {
  dataDir: string;
  stop(): Promise<void>;
}

export async function tempDir(prefix = 'local-shop-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function startTestShop(options: LocalShopOptions = {}): Promise<TestShop> {
  const dataDir = options.dataDir ?? (await tempDir());
  const shop = await startLocalShop({ port: 0, host: '127.0.0.1', seed: false, log: () => {}, ...options, dataDir });
  return {
    ...shop,
    dataDir,
    async stop() {
      await shop.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** A request whose path goes on the wire exactly as given (fetch would normalise `..` and `%2e%2e`). */
export function rawRequest(
  origin: string,
  requestPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, path: requestPath, method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface GraphqlResponse {
  status: number;
  headers: Headers;
  json: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string }; path?: unknown[] }[] };
}

export async function postGraphql(graphqlUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<GraphqlResponse> {
  const response = await fetch(graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as GraphqlResponse['json'] };
}

/** A plain PNG of the given size, for products whose picture does not matter. */
export function plainPng(width: number, height: number, background = '#fe972e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A shop with the seed catalogue and content, its photos plain squares (real renders take half a minute and prove nothing here). */
export async function startSeededTestShop(options: LocalShopOptions = {}): Promise<TestShop> {
  const shop = await startTestShop({ ...options, seed: false });
  await seedCatalogue(shop.store, {
    render: (_req, opts) => plainPng(opts.size ?? 64, opts.size ?? 64, opts.shirtColor ?? '#000000'),
  });
  seedContent(shop.store);
  return shop;
}

/** POSTs a document and fails the test on any GraphQL error; the data otherwise. */
export async function queryShop<T = Record<string, unknown>>(
  graphqlUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await postGraphql(graphqlUrl, { query, variables });
  if (response.json.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(response.json.errors)}`);
  return response.json.data as T;
}
