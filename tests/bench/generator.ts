import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BRAND } from '../../shared/common/index.ts';
import { planDesign, PRINT_WIDTH, renderSvgToPng, warmUpDesignRenderer } from '../../shared/design/index.ts';
import { generateProducts } from '../../shared/generator/browser.ts';
import { createDirectoryDesignStore } from '../../shared/generator/index.ts';
import { createOfflineDesignProvider } from '../../shared/generator/providers/designs/offline.ts';
import type { DesignStore } from '../../shared/generator/index.ts';
import { createOfflineConceptProvider } from '../../shared/generator/providers/offline/concepts.ts';
import type { DesignProvider, DesignRequestBody } from '../../shared/generator/browser.ts';
import type { SectionResult } from './report.ts';
import { median, sum } from './stats.ts';

/**
 * The generator's overhead: 20 offline designs through the real pipeline with no pause (concepts,
 * layout, print 4500×5400 and preview renders, DPI chunk, both PNGs written), its wall time against
 * the sum of bare resvg renders (SVG to print-size PNG) of the very same SVGs, in the same process.
 */

export const GENERATOR_DESIGNS = 20;
export const GENERATOR_OVERHEAD_BUDGET = 1.3;
const SEED = 2026;

interface Recorded {
  request: DesignRequestBody;
  layout: string;
}

export async function measureGenerator(log: (line: string) => void, count = GENERATOR_DESIGNS): Promise<SectionResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-designs-'));
  try {
    // Font parsing and the thread pool's start are one-off costs of a process, not of a run.
    warmUpDesignRenderer();
    await renderSvgToPng(planDesign({ quote: 'Warming up the renderer.', seed: SEED }).svg, PRINT_WIDTH);

    // The same providers the CLI's offline mode uses; the wrappers only note what was drawn.
    const recorded: Recorded[] = [];
    const files = createDirectoryDesignStore(dir);
    let layout = '';
    const store: DesignStore = {
      save(design, signal) {
        layout = design.layout;
        return files.save(design, signal);
      },
    };
    const offline = createOfflineDesignProvider({ store, seed: SEED });
    const designs: DesignProvider = {
      async generateDesign(request, signal) {
        const result = await offline.generateDesign(request, signal);
        recorded.push({ request, layout });
        return result;
      },
    };
    let done = 0;
    const t0 = performance.now();
    const products = await generateProducts(
      {
        count,
        theme: 'AI quotes for entrepreneurs and small business owners',
        brand: BRAND,
        delayMs: 0,
        onProducts: (_all, changed) => {
          if (changed?.status === 'ready' && ++done % 5 === 0) log(`${done}/${count} designs`);
        },
      },
      { concepts: createOfflineConceptProvider({ seed: SEED }), designs },
    );
    const pipelineMs = performance.now() - t0;
    const failed = products.filter((p) => p.status !== 'ready');
    if (failed.length) throw new Error(`${failed.length} of ${products.length} designs failed: ${failed[0]?.error ?? ''}`);

    const bare: number[] = [];
    for (const { request, layout: drawn } of recorded) {
      const { svg } = planDesign({ quote: request.quote, title: request.productName, colors: request.colors, layout: drawn, seed: SEED });
      const t = performance.now();
      await renderSvgToPng(svg, PRINT_WIDTH);
      bare.push(performance.now() - t);
    }
    const bareMs = sum(bare);
    const ratio = pipelineMs / bareMs;
    return {
      figures: [
        {
          what: `pipeline, ${count} offline designs, no pause`,
          value: `${(pipelineMs / 1000).toFixed(2)} s (${(pipelineMs / count).toFixed(0)} ms per design)`,
        },
        {
          what: 'bare resvg renders of the same SVGs, summed',
          value: `${(bareMs / 1000).toFixed(2)} s (median ${median(bare).toFixed(0)} ms)`,
        },
        {
          what: 'overhead (pipeline ÷ bare)',
          value: `${ratio.toFixed(2)}×`,
          budget: `≤ ${GENERATOR_OVERHEAD_BUDGET}×`,
          pass: ratio <= GENERATOR_OVERHEAD_BUDGET,
          miss: `over by ${(ratio - GENERATOR_OVERHEAD_BUDGET).toFixed(2)}×`,
        },
      ],
      notes: [
        `The pipeline as \`tshirt-gen --offline --delay 0\` runs it: offline concepts, then per product the layout, the print (4500×5400) and preview renders, the 300 DPI chunk and both PNGs written to a folder. Layouts used: ${[...new Set(recorded.map((r) => r.layout))].join(', ')}.`,
        "Bare: `renderSvgToPng(svg, 4500)` (resvg render and PNG encoding) of each design's print SVG, one after another, after the pipeline run. One untimed render first warms fonts and the thread pool for both.",
      ],
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
