import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BenchReport, renderMarkdown } from '../bench/report.ts';
import { TRIED } from '../bench/tried.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** BENCHMARKS.md as the repository's formatter would write it: what `npm run lint` checks. */
function formatted(markdown: string): string {
  return execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'format', '--stdin-file-path=BENCHMARKS.md'],
    {
      cwd: REPO_ROOT,
      input: markdown,
      encoding: 'utf8',
    },
  );
}

const report: BenchReport = {
  date: new Date('2026-11-26T16:05:00Z'),
  machine: { cpu: 'AMD EPYC', cores: 2, memory: '23.5 GB', node: 'v24.21.0', os: 'Linux 6.18 (x64)' },
  command: 'npm run bench',
  totalSeconds: 387,
  sections: [
    {
      title: 'Lighthouse (mobile)',
      status: 'done',
      seconds: 185,
      cpuCheckMs: 131,
      figures: [
        { what: 'home: performance', value: '100', budget: '100', pass: true },
        { what: 'home: TBT', value: '28 ms', budget: '0 ms', pass: false, miss: 'over by 28 ms' },
        { what: 'home: LCP', value: '1.59 s' },
      ],
      notes: ['Runs: home 100, 100, 100.'],
    },
    {
      title: 'Build scaling',
      status: 'done',
      seconds: 60,
      cpuCheckMs: 174,
      figures: [{ what: 'ratio of the per-product costs (1,000 ÷ 100)', value: '0.46×', budget: '≤ 1.2×', pass: true }],
    },
    { title: 'CLI start', status: 'failed', seconds: 3, reason: 'exit code 1 | see the log' },
  ],
  tried: TRIED,
};

describe('BENCHMARKS.md', () => {
  it('is written with its tables aligned, so the formatter leaves it as it is', () => {
    const markdown = renderMarkdown(report);
    const budgets = markdown
      .slice(markdown.indexOf('## Budgets'), markdown.indexOf('## Lighthouse'))
      .split('\n')
      .filter((l) => l.startsWith('|'));
    expect(budgets.length).toBe(6);
    expect(new Set(budgets.map((row) => row.length)).size).toBe(1);
    // An escaped pipe stays inside its cell.
    expect(markdown).toContain('exit code 1 \\| see the log');
    expect(formatted(markdown)).toBe(markdown);
  });

  it("gives each section's CPU check, and their range beside the machine", () => {
    const markdown = renderMarkdown(report);
    expect(markdown).toMatch(
      /\| CPU check before each section +\| 131 to 174 ms \(a fixed piece of work on one core: more means a busier machine\) +\|/,
    );
    expect(markdown).toContain('<sub>measured in 185 s; CPU check before it: 131 ms</sub>');
    expect(markdown).toContain('<sub>measured in 60 s; CPU check before it: 174 ms</sub>');
  });
});
