import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunDocument } from '../../cli/run/run-document.ts';
import { startLocalShop } from '../../shared/local-shop/index.ts';
import { createStorefrontClient } from '../../shared/storefront/index.ts';
import { finished, isolatedEnv, REPO_ROOT, spawnNode, waitForOutput, type Finished } from '../support/child-process.ts';
import { tempDir } from '../support/local-shop.ts';
import {
  artworkPng,
  concept,
  conceptsCompletion,
  FAST_RETRY,
  imagesResponse,
  openAIError,
  startOpenAIServer,
  type OpenAIReply,
  type OpenAIRequest,
  type OpenAITestServer,
} from '../support/openai-server.ts';
import { BIN, spawnCli } from '../support/tshirt-gen.ts';

/** `tshirt-gen [generate]` end to end: the real command in a child process, with pipes (not a TTY). */

let work: string;
const servers: OpenAITestServer[] = [];
beforeAll(async () => {
  work = await tempDir('tshirt-gen-generate-');
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

let runs = 0;
/** A fresh DATA_DIR per run, so no test touches the real .data/ or another test's shop. */
async function dataDir(): Promise<string> {
  const dir = path.join(work, `data-${++runs}`);
  await fs.mkdir(dir);
  return dir;
}

function env(data: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return isolatedEnv({ DATA_DIR: data, ...extra });
}

const run = (args: string[], environment: NodeJS.ProcessEnv): Promise<Finished> => finished(spawnCli(args, environment));

async function openAI(answer: (request: OpenAIRequest, index: number) => OpenAIReply): Promise<OpenAITestServer> {
  const server = await startOpenAIServer(answer);
  servers.push(server);
  return server;
}

describe('tshirt-gen generate', () => {
  it('--count 3 --offline --delay 0 --json --out DIR: exit 0, one JSON document, three 4500x5400 print files and concepts.json', async () => {
    const out = path.join(work, 'done-when');
    const theme = 'cats who refactor legacy code';
    const result = await run(
      ['--count', '3', '--theme', theme, '--offline', '--delay', '0', '--json', '--out', out, '--seed', '11'],
      env(await dataDir()),
    );

    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout) as RunDocument;
    expect(doc).toMatchObject({
      status: 'succeeded',
      exitCode: 0,
      theme,
      count: 3,
      mode: 'offline',
      seed: 11,
      outDir: out,
      publishedTo: null,
    });
    expect(doc.products).toHaveLength(3);
    for (const product of doc.products) {
      expect(product.status).toBe('ready');
      expect(Object.keys(product)).toEqual(
        expect.arrayContaining(['name', 'description', 'price', 'category', 'quote_primary', 'keywords', 'status', 'files']),
      );
      expect(path.dirname(product.files!.print)).toBe(out);
      const print = await sharp(product.files!.print).metadata();
      expect([print.width, print.height, print.density]).toEqual([4500, 5400, 300]);
      const preview = await sharp(product.files!.preview).metadata();
      expect(preview.width).toBeGreaterThanOrEqual(900);
      expect(preview.width).toBeLessThanOrEqual(1100);
    }
    expect(new Set(doc.products.map((p) => p.name)).size).toBe(3);
    const names = (await fs.readdir(out)).sort();
    expect(names.filter((n) => n.endsWith('-print.png'))).toHaveLength(3);
    expect(names.filter((n) => n.endsWith('-preview.png'))).toHaveLength(3);
    expect(names).toContain('concepts.json');
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);

    // concepts.json: the same record, with file names relative to the folder.
    const saved = JSON.parse(await fs.readFile(path.join(out, 'concepts.json'), 'utf8')) as RunDocument;
    expect(saved.status).toBe('succeeded');
    expect(saved.products.map((p) => [p.name, p.status, p.files?.print])).toEqual(
      doc.products.map((p) => [p.name, 'ready', path.basename(p.files!.print)]),
    );

    // Progress went to stderr as plain lines, the pipeline's messages verbatim.
    expect(result.stderr).toContain('Generating product ideas...\nGenerated 3 product concepts\nGenerating design 1/3: ');
    expect(result.stderr).toContain('All designs generated!\n');
    expect(result.stderr).not.toContain('\x1b');
    expect(result.stdout).not.toContain('\x1b');
  });

  it('--publish puts every product in the embedded shop in DATA_DIR, with image and sizes, read back through the Storefront API', async () => {
    const data = await dataDir();
    const result = await run(['--count', '2', '--offline', '--delay', '0', '--publish', '--json', '--seed', '5'], env(data));
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout) as RunDocument;
    expect(doc.status).toBe('succeeded');
    expect(doc.publishedTo).toBe(`local shop in ${data}`);
    // Without --out the designs go to a new folder under DATA_DIR/generated/.
    expect(path.dirname(doc.outDir)).toBe(path.join(data, 'generated'));
    expect(doc.products.map((p) => p.status)).toEqual(['published', 'published']);
    expect(result.stderr).toMatch(/ published to Shopify! \(gid:\/\/shopify\/Product\/\d+\)\n/);

    const shop = await startLocalShop({ port: 0, host: '127.0.0.1', dataDir: data, seed: false, log: () => {} });
    const client = createStorefrontClient({ graphqlUrl: shop.graphqlUrl, token: '' }, { retries: 0 });
    try {
      const listed = await client.listProducts(20);
      for (const product of doc.products) {
        const found = listed.find((p) => p.id === product.productId);
        expect(found?.title).toBe(product.name);
        expect(found!.images.length).toBeGreaterThanOrEqual(1);
        expect(found!.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L', 'XL', '2XL'] }]);
        expect(found!.variants.map((v) => v.availableForSale)).toEqual([true, true, true, true, true]);
        expect(Number(found!.priceRange.minVariantPrice.amount)).toBeCloseTo(product.price, 2);
        const image = await fetch(found!.images[0]!.url);
        expect(image.headers.get('content-type')).toBe('image/png');
        await image.arrayBuffer();
      }
    } finally {
      await client.close();
      await shop.close();
    }
  });

  it('plain lines without a TTY: no escape codes even from a hostile theme; --offline wins over a configured OpenAI', async () => {
    const server = await openAI(() => ({ status: 500, json: openAIError('should not be called') }));
    const theme = 'robots \x1b[2J\x1b]0;owned\x07 and \x9b31m cats\r\nin meetings';
    const result = await run(
      ['--count', '1', '--offline', '--delay', '0', '--theme', theme],
      env(await dataDir(), { OPENAI_API_KEY: 'sk-test-SECRET-0123456789', OPENAI_BASE_URL: server.baseURL }),
    );

    expect(result.code).toBe(0);
    expect(server.requests).toEqual([]);
    const output = result.stdout + result.stderr;
    expect(output).not.toMatch(/[\x1b\x9b\x07\r]/);
    expect(output).not.toContain('sk-test-SECRET');
    expect(result.stdout).toContain('Theme: robots  and  cats in meetings\n');
    expect(result.stdout).toContain('Providers: offline (forced; OpenAI is configured but not used for this run)');
    expect(result.stdout).toMatch(/\n#\s+Name\s+Price\s+Status\s+File\s+Product ID\n/);
    expect(result.stdout).toMatch(/1 of 1 product ready\. Files in .+ \(concepts\.json\)\.\n$/);
  });

  it('exit 1 when the configured OpenAI fails: the failure is reported, never a switch to offline', async () => {
    const server = await openAI(() => ({ status: 500, headers: FAST_RETRY, json: openAIError('boom', 'server_error') }));
    const out = path.join(work, 'failed');
    const result = await run(
      ['--count', '2', '--json', '--out', out],
      env(await dataDir(), { OPENAI_API_KEY: 'sk-test-SECRET-0123456789', OPENAI_BASE_URL: server.baseURL }),
    );

    expect(result.code).toBe(1);
    expect(server.requests.length).toBeGreaterThanOrEqual(1);
    expect(server.requests.every((r) => r.path === '/v1/chat/completions')).toBe(true);
    const doc = JSON.parse(result.stdout) as RunDocument;
    expect(doc).toMatchObject({ status: 'failed', exitCode: 1, mode: 'openai', products: [] });
    expect(doc.error).toMatch(/^OpenAI had a server error \(500\)/);
    expect(result.stderr).toMatch(/\nFailed to generate products: OpenAI had a server error \(500\)[^\n]*\n$/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout + result.stderr).not.toContain('sk-test-SECRET');
    expect((await fs.readdir(out)).filter((n) => n.endsWith('.png'))).toEqual([]);
  });

  it('exit 3 when some designs fail: the rest are kept, the failure named per product', async () => {
    const artwork = await artworkPng();
    let images = 0;
    const server = await openAI((request) => {
      if (request.path === '/v1/chat/completions') return { json: conceptsCompletion([concept(1), concept(2)]) };
      // The first image request is refused (400 is not retried); the second succeeds.
      return images++ === 0
        ? { status: 400, json: openAIError('Your prompt was rejected', 'invalid_request_error') }
        : { json: imagesResponse(artwork.toString('base64')) };
    });
    const out = path.join(work, 'partial');
    const result = await run(
      ['--count', '2', '--delay', '0', '--json', '--out', out],
      env(await dataDir(), { OPENAI_API_KEY: 'sk-test-SECRET-0123456789', OPENAI_BASE_URL: server.baseURL }),
    );

    expect(result.code).toBe(3);
    const doc = JSON.parse(result.stdout) as RunDocument;
    expect(doc).toMatchObject({ status: 'partial', exitCode: 3, mode: 'openai' });
    expect(doc.products.map((p) => [p.name, p.status])).toEqual([
      ['Prompt Whisperer 1', 'error'],
      ['Prompt Whisperer 2', 'ready'],
    ]);
    expect(doc.products[0]!.error).toMatch(/^OpenAI/);
    expect(doc.products[0]!.files).toBeUndefined();
    expect((await sharp(doc.products[1]!.files!.print).metadata()).width).toBe(4500);
    const saved = JSON.parse(await fs.readFile(path.join(out, 'concepts.json'), 'utf8')) as RunDocument;
    expect(saved.products.map((p) => p.status)).toEqual(['error', 'ready']);
    expect(result.stderr).toMatch(/error: Prompt Whisperer 1: OpenAI/);
  });

  it('SIGINT mid-run keeps the finished design and an up-to-date concepts.json, and exits 130', async () => {
    const out = path.join(work, 'interrupted');
    // A long pause after each design: the signal arrives while the pipeline waits, after design 1.
    const child = spawnCli(['--count', '3', '--offline', '--delay', '60000', '--out', out], env(await dataDir()));
    const exit = finished(child);
    await waitForOutput(child, 'stdout', /ready: .+-print\.png\n/);
    child.kill('SIGINT');
    const result = await exit;

    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/^Stopping \(SIGINT\) after the current step; press Ctrl-C again to quit at once\.\n/);
    expect(result.stderr).toMatch(/\nStopped \(SIGINT\): 1 of 3 designs finished and kept in .+\.\n$/);
    const saved = JSON.parse(await fs.readFile(path.join(out, 'concepts.json'), 'utf8')) as RunDocument & { signal: string };
    expect(saved).toMatchObject({ status: 'cancelled', exitCode: 130, signal: 'SIGINT' });
    expect(saved.products.map((p) => p.status)).toEqual(['ready', 'pending', 'pending']);
    const print = path.join(out, saved.products[0]!.files!.print);
    expect((await sharp(print).metadata()).height).toBe(5400);
    expect((await fs.readdir(out)).filter((n) => n.endsWith('.png'))).toHaveLength(2);
  });

  it('SIGTERM stops the same way with exit 143', async () => {
    const out = path.join(work, 'terminated');
    const child = spawnCli(['--count', '2', '--offline', '--delay', '60000', '--out', out, '--json'], env(await dataDir()));
    const exit = finished(child);
    await waitForOutput(child, 'stderr', /ready: /);
    child.kill('SIGTERM');
    const result = await exit;
    expect(result.code).toBe(143);
    const doc = JSON.parse(result.stdout) as RunDocument;
    expect(doc).toMatchObject({ status: 'cancelled', exitCode: 143 });
    expect(doc.products.map((p) => p.status)).toEqual(['ready', 'pending']);
  });

  it('usage errors: exit 2, one line naming the flag, no stack trace, nothing on stdout', async () => {
    const data = await dataDir();
    const cases: Array<[string[], RegExp]> = [
      [['--count', '0'], /--count/],
      [['--count', '21'], /--count/],
      [['--count', 'six'], /--count/],
      [['--count', '2.5'], /--count/],
      [['generate', '--count', ''], /--count/],
      [['--delay', '-1'], /--delay/],
      [['--delay', 'soon'], /--delay/],
      [['--seed', '1.5'], /--seed/],
      [['--theme', '   '], /--theme/],
      [['--bogus'], /--bogus/],
      [['shopp'], /unknown command 'shopp'/],
      [['--out', BIN], /--out/],
    ];
    const results = await Promise.all(cases.map(([args]) => run(args, env(data))));
    results.forEach((result, i) => {
      const [args, names] = cases[i]!;
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).toMatch(/^tshirt-gen: [^\n]+\n$/);
      expect(result.stderr).toMatch(names);
      expect(result.stdout).toBe('');
    });
    // A usage error writes nothing.
    expect(await fs.readdir(data)).toEqual([]);
  });

  it('a configuration mistake is a usage error too, before anything is written', async () => {
    const data = await dataDir();
    const result = await run(['--count', '1', '--publish'], env(data, { SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com' }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tshirt-gen: SHOPIFY_STORE_DOMAIN is set but SHOPIFY_ADMIN_TOKEN is not[^\n]*\n$/);
    expect(await fs.readdir(data)).toEqual([]);
  });

  it('under --json a run that never started still leaves one JSON document on stdout', async () => {
    const data = await dataDir();
    const [usage, config, literal] = await Promise.all([
      run(['--count', '0', '--json'], env(data)),
      run(['--count', '1', '--publish', '--json'], env(data, { SHOPIFY_STORE_DOMAIN: 'my-shop.myshopify.com' })),
      run(['--count', '0', '--', '--json'], env(data)),
    ]);
    for (const [result, reason] of [
      [usage, /--count/],
      [config, /SHOPIFY_ADMIN_TOKEN is not/],
    ] as const) {
      expect(result.code).toBe(2);
      const document = JSON.parse(result.stdout) as { products: unknown[]; status: string; exitCode: number; error: string };
      expect(document).toEqual({ products: [], status: 'failed', exitCode: 2, error: expect.stringMatching(reason) });
      expect(result.stderr).toBe(`tshirt-gen: ${document.error}\n`);
    }
    // After `--`, "--json" is not an option, and stdout stays empty.
    expect([literal.code, literal.stdout]).toEqual([2, '']);
    expect(await fs.readdir(data)).toEqual([]);
  });

  it('--help lists the options, where files go and the exit codes', async () => {
    const data = await dataDir();
    const [top, generate] = await Promise.all([run(['--help'], env(data)), run(['generate', '--help'], env(data))]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/generate \[options\]\s+Generate product concepts/);
    expect(top.stdout).toContain('Exit codes:');
    // `npx tshirt-gen --count 6 --theme …` is how people meet it: the top help shows generate's options too.
    expect(top.stdout).toContain('Without a command, tshirt-gen runs generate, whose options are:');
    for (const flag of ['--count <n>', '--theme <text>', '--publish', '--offline']) expect(top.stdout).toContain(flag);
    expect(top.stdout).toMatch(/runs\s+The generator runs in DATA_DIR/);
    expect(generate.code).toBe(0);
    for (const flag of [
      '--count <n>',
      '--theme <text>',
      '--guidelines <text>',
      '--publish',
      '--out <dir>',
      '--json',
      '--delay <ms>',
      '--offline',
      '--seed <n>',
    ]) {
      expect(generate.stdout).toContain(flag);
    }
    expect(generate.stdout).toContain('default: 6');
    expect(generate.stdout.replace(/\s+/g, ' ')).toContain('(default: "AI quotes for entrepreneurs and small business owners")');
    expect(generate.stdout).toContain('DATA_DIR/generated/');
    expect(generate.stdout).toMatch(
      /Exit codes:\n\s+0\s+every product is ready[^\n]*\n\s+1\s+[^\n]+\n\s+2\s+[^\n]+\n\s+3\s+some products failed/,
    );
  });
});

describe('stop signals', () => {
  it('a second Ctrl-C ends the process at once with 130', async () => {
    // The handler on its own: the first signal only aborts, so the process would otherwise run on.
    const script = [
      `import { listenForStopSignals } from ${JSON.stringify(path.join(REPO_ROOT, 'cli', 'signals.ts'))};`,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code for a child process
      'const stop = listenForStopSignals((s) => console.log(`first ${s} aborted=${stop.signal.aborted}`));',
      'setInterval(() => {}, 1000);',
      "console.log('listening');",
    ].join('\n');
    const child = spawnNode(['--input-type=module', '-e', script], { env: isolatedEnv() });
    const exit = finished(child);
    await waitForOutput(child, 'stdout', /listening\n/);
    child.kill('SIGINT');
    await waitForOutput(child, 'stdout', /first SIGINT aborted=true\n/);
    child.kill('SIGINT');
    const result = await exit;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain('stopped at once (SIGINT)');
  });
});
