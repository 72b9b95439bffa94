import type { Writable } from 'node:stream';
import { runDocument, toJson } from '../run/run-document.ts';
import { createPlainReporter } from './plain-reporter.ts';
import type { Reporter } from './reporter.ts';

/**
 * `--json`: stdout carries exactly one JSON document, written once at the end whatever happened;
 * progress goes to stderr as plain lines, so a script can read stdout and a person can watch stderr.
 */

export function createJsonReporter(stdout: Writable, stderr: Writable): Reporter {
  const progress = createPlainReporter({ out: stderr, err: stderr, table: false });
  return {
    ...progress,
    end(state) {
      progress.end(state);
      stdout.write(`${toJson(runDocument(state))}\n`);
    },
  };
}
