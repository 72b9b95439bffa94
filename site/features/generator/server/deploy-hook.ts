import type { ErrorKind } from '../../../../shared/common/index.ts';
/**
 * A hosting platform's deploy hook: an empty POST to a secret URL that starts a new build of the
 * site. The URL carries its own secret, so it never appears in a message or a log.
 */

export const DEPLOY_HOOK_TIMEOUT_MS = 10_000;

export class DeployHookError extends Error {
  readonly kind: ErrorKind = 'upstream';
  override name = 'DeployHookError';
}

export async function postDeployHook(url: string, { timeoutMs = DEPLOY_HOOK_TIMEOUT_MS } = {}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const cause = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
    const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    throw new DeployHookError(
      timedOut ? `the deploy hook did not answer within ${limit}` : `the deploy hook could not be reached (${cause})`,
    );
  }
  await response.body?.cancel();
  if (!response.ok) throw new DeployHookError(`the deploy hook answered HTTP ${response.status}`);
}
