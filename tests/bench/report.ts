import type { Tried } from './tried.ts';

/**
 * What a measurement hands back: figures, each with its budget and verdict when it has one, and the
 * markdown they become in BENCHMARKS.md.
 */

export interface Figure {
  what: string;
  value: string;
  /** The target, as written in the budget table; absent for figures that are context only. */
  budget?: string;
  pass?: boolean;
  /** By how much it misses, when it does: "over by 2 ms", "short by 1". */
  miss?: string;
}

export interface SectionResult {
  figures: Figure[];
  /** How it was measured and anything a reader needs to trust the numbers. */
  notes?: string[];
}

/** `cpuCheckMs`: the machine's CPU check (see machine.ts) just before the section ran. */
export type SectionOutcome =
  | ({ title: string; status: 'done'; seconds: number; cpuCheckMs?: number } & SectionResult)
  | { title: string; status: 'failed'; seconds: number; reason: string; cpuCheckMs?: number };

export interface Machine {
  cpu: string;
  cores: number;
  memory: string;
  node: string;
  os: string;
}

export interface BenchReport {
  date: Date;
  machine: Machine;
  command: string;
  totalSeconds: number;
  sections: SectionOutcome[];
  /** What was tried for a budget, printed when its figure fails. */
  tried: readonly Tried[];
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function verdict(figure: Figure): string {
  if (figure.pass === undefined) return '';
  return figure.pass ? 'pass' : '**FAIL**';
}

export function budgetFailures(report: BenchReport): { section: string; figure: Figure }[] {
  return report.sections.flatMap((section) =>
    section.status === 'done' ? section.figures.filter((f) => f.pass === false).map((figure) => ({ section: section.title, figure })) : [],
  );
}

export function renderMarkdown(report: BenchReport): string {
  const { machine } = report;
  const lines: string[] = [
    '# Benchmarks',
    '',
    `Written by \`${report.command}\` on ${report.date.toISOString().slice(0, 10)} (${report.date.toISOString().slice(11, 16)} UTC); the whole run took ${Math.round(report.totalSeconds)} s.`,
    '',
    '| machine | |',
    '|---|---|',
    `| CPU | ${cell(machine.cpu)} |`,
    `| cores | ${machine.cores} |`,
    `| memory | ${machine.memory} |`,
    `| Node | ${machine.node} |`,
    `| OS | ${cell(machine.os)} |`,
  ];
  const checks = report.sections.flatMap((s) => (s.cpuCheckMs === undefined ? [] : [s.cpuCheckMs]));
  if (checks.length) {
    const [low, high] = [Math.min(...checks), Math.max(...checks)];
    lines.push(
      `| CPU check before each section | ${low === high ? low : `${low} to ${high}`} ms (a fixed piece of work on one core: more means a busier machine) |`,
    );
  }
  lines.push('');
  const failed = report.sections.filter((s) => s.status === 'failed');
  const missed = budgetFailures(report);
  const budgeted = report.sections.flatMap((section) =>
    section.status === 'done' ? section.figures.filter((f) => f.budget).map((figure) => ({ section: section.title, figure })) : [],
  );
  lines.push('## Budgets', '');
  lines.push(
    failed.length === 0 && missed.length === 0
      ? `Every measurement ran and all ${budgeted.length} budgets hold.`
      : `${budgeted.length - missed.length} of ${budgeted.length} budgets hold${missed.length ? `, ${missed.length} not (see "Budgets not met" at the end)` : ''}${failed.length ? `; ${failed.length} measurement${failed.length === 1 ? '' : 's'} failed` : ''}.`,
    '',
    '| | what | value | budget | |',
    '|---|---|---|---|---|',
  );
  for (const { section, figure } of budgeted)
    lines.push(`| ${cell(section)} | ${cell(figure.what)} | ${cell(figure.value)} | ${cell(figure.budget ?? '')} | ${verdict(figure)} |`);
  for (const section of failed) lines.push(`| ${cell(section.title)} | measurement failed | | | **FAIL** |`);
  lines.push('');
  for (const section of report.sections) {
    lines.push(`## ${section.title}`, '');
    if (section.status === 'failed') {
      lines.push(`**Failed** after ${section.seconds.toFixed(0)} s: ${section.reason}`, '');
      continue;
    }
    lines.push('| what | value | budget | |', '|---|---|---|---|');
    for (const figure of section.figures)
      lines.push(`| ${cell(figure.what)} | ${cell(figure.value)} | ${cell(figure.budget ?? '')} | ${verdict(figure)} |`);
    lines.push('');
    for (const note of section.notes ?? []) lines.push(`- ${note}`);
    if (section.notes?.length) lines.push('');
    const check = section.cpuCheckMs === undefined ? '' : `; CPU check before it: ${section.cpuCheckMs} ms`;
    lines.push(`<sub>measured in ${section.seconds.toFixed(0)} s${check}</sub>`, '');
  }
  const explained = report.tried.filter((t) => missed.some(({ section, figure }) => section === t.section && t.figure.test(figure.what)));
  if (missed.length || failed.length) {
    lines.push('## Budgets not met', '');
    for (const { section, figure } of missed)
      lines.push(`- ${section}, ${figure.what}: ${figure.value} against ${figure.budget}${figure.miss ? ` (${figure.miss})` : ''}.`);
    for (const section of failed)
      lines.push(`- ${section.title}: not measured in this run (${section.status === 'failed' ? cell(section.reason) : ''}).`);
    lines.push('');
    for (const t of new Set(explained)) lines.push(`${t.text}`, '');
  }
  return `${alignTables(lines).join('\n').trimEnd()}\n`;
}

/** Cells of a table row; an escaped `\|` stays inside its cell. */
function cellsOf(row: string): string[] {
  return row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/**
 * Pads every markdown table so its columns line up, as the repository's formatter (Biome) writes
 * them: a freshly written BENCHMARKS.md passes `npm run lint` unchanged.
 */
export function alignTables(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    if (!lines[i]!.startsWith('|')) {
      out.push(lines[i++]!);
      continue;
    }
    const rows: string[][] = [];
    while (i < lines.length && lines[i]!.startsWith('|')) rows.push(cellsOf(lines[i++]!));
    const isRule = (row: string[]) => row.every((c) => /^-+$/.test(c));
    const widths = rows[0]!.map((_, col) => Math.max(3, ...rows.filter((r) => !isRule(r)).map((r) => (r[col] ?? '').length)));
    for (const row of rows)
      out.push(`| ${widths.map((w, col) => (isRule(row) ? '-'.repeat(w) : (row[col] ?? '').padEnd(w))).join(' | ')} |`);
  }
  return out;
}
