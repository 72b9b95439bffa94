import path from 'node:path';
import { REPO_ROOT } from '../support/child-process.ts';
import { runOk } from './process.ts';
import type { SectionResult } from './report.ts';
import { median } from './stats.ts';

/**
 * `tshirt-gen --help` against `node -e 0` on the same Node: what the CLI adds to starting Node.
 * Runs alternate; the first help run (cold compile cache) is reported apart from the median.
 */

export const CLI_START_RUNS = 15;
export const CLI_START_BUDGET = 4;

export async function measureCliStart(log: (line: string) => void, runs = CLI_START_RUNS): Promise<SectionResult> {
  const bin = path.join(REPO_ROOT, 'cli', 'bin.js');
  const help = async () => {
    const ran = await runOk(process.execPath, [bin, '--help']);
    if (!ran.stdout.includes('Usage: tshirt-gen')) throw new Error(`tshirt-gen --help printed no usage: ${ran.stdout.slice(0, 200)}`);
    return ran.ms;
  };
  const bare = async () => (await runOk(process.execPath, ['-e', '0'])).ms;
  const first = await help();
  await bare();
  const helpMs: number[] = [];
  const bareMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    bareMs.push(await bare());
    helpMs.push(await help());
  }
  const ratio = median(helpMs) / median(bareMs);
  log(`help ${median(helpMs).toFixed(0)} ms, node -e 0 ${median(bareMs).toFixed(0)} ms`);
  return {
    figures: [
      { what: '`tshirt-gen --help`', value: `${median(helpMs).toFixed(0)} ms` },
      { what: '`node -e 0`', value: `${median(bareMs).toFixed(0)} ms` },
      {
        what: 'ratio',
        value: `${ratio.toFixed(2)}×`,
        budget: `≤ ${CLI_START_BUDGET}×`,
        pass: ratio <= CLI_START_BUDGET,
        miss: `over by ${(ratio - CLI_START_BUDGET).toFixed(2)}×`,
      },
      { what: 'first `--help` of the run (compile cache possibly cold)', value: `${first.toFixed(0)} ms` },
    ],
    notes: [
      `\`node cli/bin.js --help\` (what the \`tshirt-gen\` bin runs) and \`node -e 0\`, both on ${process.version}, wall time of the whole process, median of ${runs} alternating runs after one of each.`,
      "In a checkout Node strips the TypeScript types itself; the CLI turns on Node's compile cache, so only a first run after a change pays for stripping and compiling.",
    ],
  };
}
