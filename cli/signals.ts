import { exitCodeForSignal } from './exit-codes.ts';

/**
 * Ctrl-C and SIGTERM during a run: the first one aborts the run through an AbortSignal, so the
 * command can keep what is finished and say so; a second one ends the process at once.
 */

export interface StopSignals {
  /** Fires on the first SIGINT or SIGTERM. */
  signal: AbortSignal;
  /** Which signal stopped the run, if one did. */
  received(): NodeJS.Signals | undefined;
  dispose(): void;
}

const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

export function listenForStopSignals(onFirst?: (signal: NodeJS.Signals) => void): StopSignals {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;

  const handle = (signal: NodeJS.Signals) => {
    if (received) {
      // The user asked twice: do not wait for the design in flight.
      process.stderr.write(`\ntshirt-gen: stopped at once (${signal}).\n`);
      process.exit(exitCodeForSignal(signal));
    }
    received = signal;
    controller.abort();
    onFirst?.(signal);
  };
  for (const name of STOP_SIGNALS) process.on(name, handle);

  return {
    signal: controller.signal,
    received: () => received,
    dispose() {
      for (const name of STOP_SIGNALS) process.off(name, handle);
    },
  };
}
