import os from 'node:os';
import type { Actor } from '../types.ts';

/**
 * Which process drives a run, so two never make the same designs: a `tshirt-gen` process records
 * itself as the run's owner (`{host}:{pid}`). The server leaves runs it drives without one. A run
 * whose owner is alive on this machine is left to it; one whose owner is gone was interrupted. An
 * owner on another machine (another container sharing DATA_DIR, say) cannot be checked: it is treated
 * as alive, and only a person who knows it has stopped takes its run over (`runs resume --take-over`).
 */

/** `elsewhere`: a process on another machine, which this one cannot check. */
export type OwnerState = 'alive' | 'gone' | 'elsewhere';

export function processOwner(): string {
  return `${os.hostname()}:${process.pid}`;
}

export function ownerState(owner: string): OwnerState {
  const separator = owner.lastIndexOf(':');
  const host = owner.slice(0, separator);
  const pid = Number(owner.slice(separator + 1));
  if (host !== os.hostname()) return 'elsewhere';
  if (!Number.isSafeInteger(pid) || pid <= 0) return 'gone';
  if (pid === process.pid) return 'alive';
  try {
    process.kill(pid, 0);
    return 'alive';
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'alive' : 'gone';
  }
}

/** Alive, or on another machine and so taken to be. */
export function ownerAlive(owner: string): boolean {
  return ownerState(owner) !== 'gone';
}

/** The operating-system account running this process, as the run store records who did something. */
export function processActor(): Actor {
  let user: string | undefined;
  try {
    user = os.userInfo().username;
  } catch {
    // A container user with no passwd entry.
    user = process.env.USER ?? process.env.LOGNAME;
  }
  return { id: `cli:${user || `uid-${process.getuid?.() ?? 'unknown'}`}@${os.hostname()}`, email: '' };
}
