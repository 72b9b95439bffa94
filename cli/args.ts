import type { Command } from 'commander';
import { excerpt } from '../shared/limits/index.ts';
import { terminalSafe } from './output/terminal-text.ts';

/**
 * The one-line messages of a command line commander refuses: a value it echoes cut to its first
 * characters (a pasted document would otherwise come back whole), and what a command group was
 * missing when commander showed its usage instead.
 */

/** A value from the command line as a message quotes it: terminal-safe, one line, its first characters. */
export function quoted(value: string): string {
  return excerpt(terminalSafe(value));
}

// Commander's messages that repeat what was typed: before, the value, after. The value is matched
// greedily, so a quote or "' is invalid. " inside it stays part of it.
const ECHOES: readonly RegExp[] = [
  /^(error: option '[^']*' argument ')([\s\S]*)(' is invalid\. [\s\S]*)$/,
  /^(error: command-argument value ')([\s\S]*)(' is invalid for argument '[^']*'\. [\s\S]*)$/,
  /^(error: unknown (?:option|command) ')([\s\S]*)('(?:\n\(Did you mean [^']*\?\))?)$/,
];

/** Commander's error message with the value it repeats quoted() instead of whole. */
export function withQuotedValue(message: string): string {
  for (const echo of ECHOES) {
    const match = echo.exec(message);
    if (match) return `${match[1]}${quoted(match[2]!)}${match[3]}`;
  }
  return message;
}

/** `staff key` for that command: its words after `tshirt-gen`. */
function words(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/**
 * Why commander showed `command`'s usage as an error: it was called without one of its commands
 * (`tshirt-gen runs`), or asked for help on a command it does not have (`tshirt-gen help bogus`).
 */
export function missingCommandMessage(command: Command): string {
  const path = words(command);
  const list = `commands: ${command.commands.map((sub) => sub.name()).join(', ')}; see ${path ? `tshirt-gen ${path} --help` : '--help'}`;
  const [first, asked] = command.args;
  if (first === 'help' && asked !== undefined) return `unknown command '${quoted(asked)}' (${list})`;
  return `${path || 'tshirt-gen'} needs a command (${list})`;
}
