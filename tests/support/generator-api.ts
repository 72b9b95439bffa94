import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIContext, APIRoute } from 'astro';
import { loadConfig } from '../../shared/config/index.ts';
import { openStaff, type Staff } from '../../shared/staff/index.ts';
import {
  createGeneratorServices,
  type GeneratorServices,
  type GeneratorServicesOptions,
} from '../../site/features/generator/server/services.ts';
import { finished, isolatedEnv, REPO_ROOT, spawnNode, waitForOutput, type Finished } from './child-process.ts';

/** The generator API's real services in this process, and its endpoints called directly with Request objects. */

export interface OpenedGeneratorServices {
  services: GeneratorServices;
  /** Real staff accounts in the same folder, with one member and an API key of theirs. */
  staff: Staff;
  /** Headers that authenticate as that member (`x-api-key`), as a script would send them. */
  auth: Record<string, string>;
  /** Every line the services logged. */
  logged: string[];
  /** Their DATA_DIR: the local shop they publish into and the designs folder. */
  dataDir: string;
  /** Stops the services' worker and removes their folder. */
  close(): Promise<void>;
}

/** Services configured by `env` over a fresh temporary folder (DATA_DIR inside it), and a staff member's API key. */
export async function openGeneratorServices(
  env: NodeJS.ProcessEnv,
  { onPublished }: Pick<GeneratorServicesOptions, 'onPublished'> = {},
): Promise<OpenedGeneratorServices> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'generator-api-'));
  const dataDir = path.join(root, 'data');
  const logged: string[] = [];
  const services = createGeneratorServices({
    config: loadConfig({ DATA_DIR: dataDir, ...env }, root),
    log: (line) => logged.push(line),
    onPublished,
  });
  const staff = await openStaff({ dataDir, siteUrl: 'http://127.0.0.1:4321', appName: 'Test shop', log: (line) => logged.push(line) });
  await staff.addMember({ email: 'runner@example.com', role: 'staff' });
  const { key } = await staff.createKey('runner@example.com', { name: 'tests', aal: 'aal2' });
  return {
    services,
    staff,
    auth: { 'x-api-key': key },
    logged,
    dataDir,
    async close() {
      await services.close();
      staff.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Calls an endpoint with what Astro hands it, as far as ours read it: the request, the locals (the
 * generator services and staff accounts, or none) and the route params.
 */
export async function callRoute(
  route: APIRoute | undefined,
  request: Request,
  opened?: Pick<OpenedGeneratorServices, 'services' | 'staff'>,
  params: Record<string, string> = {},
  more: Partial<App.Locals> = {},
): Promise<Response> {
  if (!route) throw new Error('the endpoint does not export that method');
  const locals: App.Locals = { ...(opened ? { generator: opened.services, staff: opened.staff } : {}), ...more };
  return route({ request, locals, params, url: new URL(request.url) } as unknown as APIContext);
}

export interface ServerScript {
  child: ChildProcess;
  /** Resolves when the process ends (the tests kill it). */
  exit: Promise<Finished>;
  /** The JSON the script printed on a line of its own once it was ready. */
  printed: unknown;
}

/**
 * A server process of its own: the generator's real services over `settings` (DATA_DIR among them)
 * as `runs`, then `body`, which prints one JSON line when it is ready and then waits to be killed
 * (`HOLD_UNTIL_KILLED`). Written to a file in `root` and run from there, not with --eval: the
 * generator's worker thread inherits the process's flags.
 */
export async function startServerScript(root: string, settings: NodeJS.ProcessEnv, body: readonly string[]): Promise<ServerScript> {
  const script = [
    `import { loadConfig } from ${JSON.stringify(path.join(REPO_ROOT, 'shared/config/index.ts'))};`,
    `import { createGeneratorServices } from ${JSON.stringify(path.join(REPO_ROOT, 'site/features/generator/server/services.ts'))};`,
    `const { runs } = createGeneratorServices({ config: loadConfig(${JSON.stringify(settings)}, ${JSON.stringify(root)}), log: () => undefined });`,
    ...body,
  ].join('\n');
  const file = path.join(root, 'server.mjs');
  writeFileSync(file, script);
  const child = spawnNode([file], { env: isolatedEnv() });
  const exit = finished(child);
  const [line] = await waitForOutput(child, 'stdout', /^\{.*\}$/m);
  return { child, exit, printed: JSON.parse(line) };
}

/** The last line of a server script's body: nothing more happens until the test kills the process. */
export const HOLD_UNTIL_KILLED = 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);';
