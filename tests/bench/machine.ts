import os from 'node:os';
import type { Machine } from './report.ts';

/** The machine the numbers come from: they mean little without it. */
export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
  };
}
