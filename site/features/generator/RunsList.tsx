import type { RunSummary } from './generator-api.ts';

/** The "Runs" list: each run's time, theme, count, how many products are ready, published or failed, and a CLI run marked so. */

const STATE_LABEL: Record<RunSummary['state'], string> = {
  running: 'running',
  finished: 'finished',
  failed: 'failed',
  stopped: 'stopped',
};

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function RunsList({ runs, openId, onOpen }: { runs: readonly RunSummary[]; openId: string | undefined; onOpen(id: string): void }) {
  if (runs.length === 0) return null;
  return (
    <details className="gen-panel gen-runs">
      <summary className="gen-panel-title">Runs ({runs.length})</summary>
      <ol className="gen-runs-list">
        {runs.map((run) => (
          <li key={run.id} aria-current={run.id === openId ? 'true' : undefined}>
            <a
              href={`/generator?run=${run.id}`}
              onClick={(event) => {
                event.preventDefault();
                onOpen(run.id);
              }}
            >
              <time dateTime={run.createdAt}>{when(run.createdAt)}</time>
              <span className="gen-runs-theme">{run.theme}</span>
              <span className="gen-runs-counts">
                {run.count} products · {run.ready} ready · {run.published} published · {run.failed} failed · {STATE_LABEL[run.state]}
                {run.source === 'cli' ? ' · from tshirt-gen' : ''}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </details>
  );
}
