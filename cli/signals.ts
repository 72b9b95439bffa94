import { StopAfterStep } from '../shared/generator/browser.ts';
import { EXIT_SIGINT, EXIT_SIGTERM, exitCodeForSignal } from './exit-codes.ts';

/**
 * Ctrl-C and SIGTERM during a run: the first one aborts the run's AbortSignal with a StopAfterStep
 * reason, so the step in flight (a design being made, a product being published) finishes and is
 * kept, and the command stops after it, keeping what is finished and saying so; a second one ends
 * the process at once (the step's own signal, StopAfterStep.atOnce, fires first).
 */

export interface StopSignals {
  /** Fires on the first SIGINT or SIGTERM, with a StopAfterStep as its reason. */
  signal: AbortSignal;
  /** Which signal stopped the run, if one did. */
  received(): NodeJS.Signals | undefined;
  dispose(): void;
}

const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/** The signal an exit code says stopped the process (130 SIGINT, 143 SIGTERM), as the 'exit' handlers learn it. */
export function signalOfExitCode(code: number): NodeJS.Signals | undefined {
  return code === EXIT_SIGINT ? 'SIGINT' : code === EXIT_SIGTERM ? 'SIGTERM' : undefined;
}

export function listenForStopSignals(onFirst?: (signal: NodeJS.Signals) => void): StopSignals {
  const controller = new AbortController();
  const atOnce = new AbortController();
  let received: NodeJS.Signals | undefined;

  const handle = (signal: NodeJS.Signals) => {
    if (received) {
      // The user asked twice: do not wait for the step in flight. 'exit' handlers record the stop.
      atOnce.abort();
      process.stderr.write(`\ntshirt-gen: stopped at once (${signal}).\n`);
      process.exit(exitCodeForSignal(signal));
    }
    received = signal;
    controller.abort(new StopAfterStep(atOnce.signal));
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
