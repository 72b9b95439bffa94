import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * A real Chromium for end-to-end tests and Lighthouse: CHROME_PATH, else a system Chromium, else
 * the one carried inside the @sparticuz/chromium npm package (no root, no download from outside npm).
 */

/** Our own flags. Not @sparticuz/chromium's `args`: those turn off web security and use one process. */
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export async function chromiumPath(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.CHROME_PATH) {
    if (!existsSync(env.CHROME_PATH)) throw new Error(`CHROME_PATH points at ${env.CHROME_PATH}, which does not exist`);
    return env.CHROME_PATH;
  }
  const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
  if (system) return system;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** Launches Chromium with a fresh profile (Playwright makes a temporary user-data dir per launch). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: [...CHROME_FLAGS], headless: true });
}
