import os from 'node:os';
import type { Actor } from '../types.ts';

/**
 * Which process drives a run, so two never make the same designs: a `tshirt-gen` process records
 * itself as the run's owner (`{host}:{pid}`). The server leaves runs it drives without one. A run
 * whose owner is alive on this machine is left to it; one whose owner is gone was interrupted. An
 * owner on another machine cannot be checked, so it is treated as alive.
 */

export function processOwner(): string {
  return `${os.hostname()}:${process.pid}`;
}

export function ownerAlive(owner: string): boolean {
  const separator = owner.lastIndexOf(':');
  const host = owner.slice(0, separator);
  const pid = Number(owner.slice(separator + 1));
  if (host !== os.hostname()) return true;
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
