import type { Config } from '../../shared/config/index.ts';
import type { LocalShop } from '../../shared/local-shop/index.ts';

/** Starting the embedded shop for the site: seeded when empty, on the configured host and port. */

/** True when anything answers HTTP at `origin` (the embedded shop already runs, e.g. under `npm start`). */
export async function answersAt(origin: string, timeoutMs = 1500): Promise<boolean> {
  try {
    const response = await fetch(origin, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function startEmbeddedShop(config: Config, log: (line: string) => void): Promise<LocalShop> {
  // Loaded only when needed: a build against a real store never touches SQLite.
  const { localShopOptionsFromConfig, startLocalShop } = await import('../../shared/local-shop/index.ts');
  return startLocalShop({ ...localShopOptionsFromConfig(config), seed: true, log });
}
