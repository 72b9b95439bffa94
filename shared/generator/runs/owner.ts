import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Actor } from '../types.ts';

/**
 * Which process drives a run, so two never make the same designs: a `tshirt-gen` process records
 * itself as the run's owner (`{host}:{pid}`, and where the system says when a process started,
 * `{host}:{pid}@{start}`), and so does the server for the runs it drives (the run store records
 * which of the two it is, OwnerKind). A run whose owner is alive on this machine is left to it; one
 * whose owner is gone was interrupted (a killed tshirt-gen's run is recorded as stopped, a crashed
 * server's is resumed by the next start or by `tshirt-gen runs resume`). The start time tells a
 * process from a later one given the same pid (pids are reused, and a container's main process gets
 * the same low pid on every start). An owner on another machine cannot be checked, so it is treated
 * as alive.
 */

/** Which program a run's owner is: the server (`npm start`), or a `tshirt-gen` process. */
export type OwnerKind = 'server' | 'cli';

/**
 * When process `pid` started, in clock ticks since the machine booted, from Linux's
 * `/proc/{pid}/stat` (its 22nd field); null where there is no such file (another system, or the
 * process is gone).
 */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The second field, the command name, is in parentheses and may itself hold spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  }
}

let self: string | undefined;

export function processOwner(): string {
  if (self === undefined) {
    const start = processStart(process.pid);
    self = `${os.hostname()}:${process.pid}${start ? `@${start}` : ''}`;
  }
  return self;
}

/** `{host}:{pid}` or `{host}:{pid}@{start}`, taken apart (a hostname holds no ':'). */
function ownerParts(owner: string): { host: string; pid: string; start: string | undefined } {
  const separator = owner.lastIndexOf(':');
  const [pid = '', start] = owner.slice(separator + 1).split('@');
  return { host: owner.slice(0, separator), pid, start };
}

/** The owner as people read it, in messages: `{host}:{pid}`. */
export function ownerLabel(owner: string): string {
  const { host, pid } = ownerParts(owner);
  return `${host}:${pid}`;
}

export function ownerAlive(owner: string): boolean {
  const { host, pid: pidText, start } = ownerParts(owner);
  const pid = Number(pidText);
  if (host !== os.hostname()) return true;
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  // This very pid: this process, or an earlier one that had the same pid.
  if (pid === process.pid) return start === undefined || owner === processOwner();
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (start === undefined) return true;
  // Alive, but is it the same process? Where the start time cannot be read, take it to be.
  const now = processStart(pid);
  return now === null || now === start;
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

/**
 * The lock `npm start` holds on its builds folder while it runs (one store per folder): a file
 * naming its process as an owner is named here, with when it started. Read by the server, which
 * takes it, and by a restore, which will not run under a live store.
 */
export const STORE_LOCK_FILE = 'store.lock';

export interface OwnerRecord {
  owner: string;
  startedAt: string;
}

/** A file naming an owner (a lock): undefined when there is no such file, null when it holds nothing readable. */
export function readOwnerFile(file: string): OwnerRecord | undefined | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const record = JSON.parse(text) as Partial<OwnerRecord>;
    if (typeof record.owner === 'string' && record.owner.includes(':'))
      return { owner: record.owner, startedAt: String(record.startedAt ?? '') };
  } catch {
    // A file cut short while it was written.
  }
  return null;
}
