import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { median } from './stats.ts';
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

/** JSON, string building and a regular expression over 40,000 small records: the kind of work a build does. */
function fixedWork(): number {
  let checksum = 0;
  for (let i = 0; i < 40_000; i++) {
    const row = JSON.stringify({
      id: i,
      title: `Shirt ${i}`,
      tags: ['office', 'ai', 'humor'],
      price: (i * 1.37).toFixed(2),
      html: `<li class="card">${i}</li>`,
    });
    checksum += (JSON.parse(row) as { id: number }).id + row.replace(/[aeiou]/g, '').length;
  }
  return checksum;
}

/**
 * How fast one core is right now: the same fixed work, timed (the median of five runs after a
 * warm-up), in ms. On a shared machine the figures of a section vary with what else runs; this check
 * before each section says whether the machine was busier for one section than for another.
 */
export function cpuCheck(): number {
  fixedWork();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    fixedWork();
    times.push(performance.now() - started);
  }
  return Math.round(median(times));
}
