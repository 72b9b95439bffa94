import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { processUsage } from '../bench/large-build.ts';

const PRELOAD = pathToFileURL(path.join(import.meta.dirname, '..', 'bench', 'process-usage.mjs')).href;

describe("the large build's process usage", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'process-usage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('records every Node process of a run (a parent and the child it starts), and sums their CPU time', () => {
    const file = path.join(dir, 'usage.txt');
    // A parent that starts a child; each holds 64 MB and spins until it has used 0.3 s of CPU.
    const spin = 'const keep = Buffer.alloc(64 * 1024 * 1024, 1); while (process.cpuUsage().user < 300000); keep[0];';
    const child = `require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(spin)}]);`;
    execFileSync(process.execPath, ['-e', `${spin} ${child}`], {
      env: { ...process.env, PROCESS_USAGE_FILE: file, NODE_OPTIONS: `--import=${PRELOAD}` },
    });
    const text = readFileSync(file, 'utf8');
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(2);
    const usage = processUsage(text);
    expect(usage.peakKb).toBeGreaterThan(64 * 1024);
    // Two processes of at least 0.3 s of CPU each: the sum, not the larger one.
    expect(processUsage(lines[0]!).userSeconds).toBeGreaterThanOrEqual(0.3);
    expect(processUsage(lines[1]!).userSeconds).toBeGreaterThanOrEqual(0.3);
    expect(usage.userSeconds).toBeGreaterThanOrEqual(0.6);
  });

  it('says so when no process recorded anything', () => {
    expect(() => processUsage('')).toThrow(/no process of the build recorded its usage/);
  });
});
