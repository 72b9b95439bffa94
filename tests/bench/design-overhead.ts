import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BRAND } from '../../shared/common/index.ts';
import { DESIGN_LAYOUTS, PRINT_WIDTH, renderDesign, renderSvgToPng, warmUpDesignRenderer } from '../../shared/design/index.ts';
import { createDirectoryDesignStore } from '../../shared/generator/index.ts';
import { createOfflineConceptProvider } from '../../shared/generator/providers/offline/concepts.ts';
import { median, sum } from './stats.ts';

/**
 * What an offline design costs over the rasteriser alone. For each sample, in one process: the
 * offline design path (layout, print 4500x5400 and preview renders, DPI chunk, both PNGs written
 * by the directory store, exactly what the offline design provider does) against a bare resvg render
 * of the same print SVG to PNG. Samples alternate so drift hits both sides alike.
 *
 *   node tests/bench/design-overhead.ts [samples]      (default 8; Node 24, e.g. via npx or npm run)
 */

export interface DesignOverhead {
  samples: number;
  /** Median milliseconds per offline design (print + preview, written to disk). */
  designMs: number;
  /** Median milliseconds per bare resvg render of the same SVG at print size. */
  bareMs: number;
  /** Total design time over total bare time. */
  ratio: number;
  layouts: string[];
}

export async function measureDesignOverhead(samples = 8, seed = 2026): Promise<DesignOverhead> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'design-overhead-'));
  try {
    const store = createDirectoryDesignStore(dir);
    const concepts = await createOfflineConceptProvider({ seed }).generateConcepts({
      productCount: Math.min(samples, 20),
      theme: 'AI at work',
      brand: BRAND,
    });
    // Font parsing and the thread pool's start are one-off costs, not per-design: one untimed design first.
    warmUpDesignRenderer();
    const first = concepts[0]!;
    await renderDesign({ quote: first.quote_primary, title: first.name, colors: BRAND.colors, seed }, { print: true });

    const design: number[] = [];
    const bare: number[] = [];
    const layouts: string[] = [];
    for (let i = 0; i < samples; i++) {
      const concept = concepts[i % concepts.length]!;
      const layout = DESIGN_LAYOUTS[i % DESIGN_LAYOUTS.length]!;
      const t0 = performance.now();
      const rendered = await renderDesign(
        { quote: concept.quote_primary, title: concept.name, colors: BRAND.colors, layout, seed },
        { print: true },
      );
      await store.save({
        name: concept.name,
        preview: rendered.preview,
        layout: rendered.layout,
        ...(rendered.print ? { print: rendered.print } : {}),
      });
      const t1 = performance.now();
      await renderSvgToPng(rendered.svg, PRINT_WIDTH);
      const t2 = performance.now();
      design.push(t1 - t0);
      bare.push(t2 - t1);
      layouts.push(rendered.layout);
    }
    return { samples, designMs: median(design), bareMs: median(bare), ratio: sum(design) / sum(bare), layouts };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const samples = Number(process.argv[2] ?? 8);
  const result = await measureDesignOverhead(Number.isInteger(samples) && samples > 0 ? samples : 8);
  process.stdout.write(
    `${result.samples} offline designs on ${os.cpus().length} cores, Node ${process.version}: ` +
      `${result.designMs.toFixed(0)} ms per design (print + preview), bare resvg ${result.bareMs.toFixed(0)} ms, ` +
      `ratio ${result.ratio.toFixed(2)}x (layouts ${[...new Set(result.layouts)].join(', ')})\n`,
  );
}
