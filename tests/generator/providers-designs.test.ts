import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND } from '../../shared/common/index.ts';
import { DESIGN_LAYOUTS } from '../../shared/design/index.ts';
import { createDirectoryDesignStore, fileSlug } from '../../shared/generator/providers/designs/directory-store.ts';
import { createOfflineDesignProvider } from '../../shared/generator/providers/designs/offline.ts';
import type { DesignStore, DesignToSave } from '../../shared/generator/index.ts';
import type { DesignRequestBody } from '../../shared/generator/browser.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'offline-designs-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const design = (i: number): DesignRequestBody => ({
  productName: `Product ${i}`,
  quote: [
    'Per my last prompt.',
    'Reply-all is not a strategy.',
    'Ctrl+Z is my love language.',
    'Trust the process. Verify the output.',
    'Wi-Fi strong. Patience weak.',
  ][i % 5]!,
  category: 'AI Humor',
  colors: BRAND.colors,
});

function recordingStore(): { store: DesignStore; saved: DesignToSave[] } {
  const saved: DesignToSave[] = [];
  return {
    saved,
    store: {
      save: async (d) => {
        saved.push(d);
        return { imageUrl: `memory://${saved.length}` };
      },
    },
  };
}

describe('offline design provider', () => {
  it('rotates through every layout in a run, the same way for the same seed', async () => {
    const layoutsFor = async (seed: number) => {
      const { store, saved } = recordingStore();
      const provider = createOfflineDesignProvider({ store, seed, print: false });
      for (let i = 0; i < DESIGN_LAYOUTS.length; i++) await provider.generateDesign(design(i));
      return saved.map((d) => d.layout);
    };
    const first = await layoutsFor(5);
    expect(new Set(first).size).toBe(DESIGN_LAYOUTS.length);
    expect(await layoutsFor(5)).toEqual(first);
  });

  it('writes a preview PNG (and no print when told not to) through the directory store', async () => {
    const provider = createOfflineDesignProvider({ store: createDirectoryDesignStore(dir), seed: 1, print: false });
    const result = await provider.generateDesign({ ...design(0), productName: 'Chief <Cats> & "Officer"' });
    expect(result.files).toBeUndefined();
    const file = fileURLToPath(result.imageUrl);
    expect(path.dirname(file)).toBe(dir);
    expect(path.basename(file)).toMatch(/^chief-cats-officer-[0-9a-f]{8}-preview\.png$/);
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(900);
  });

  it('stops before rendering when cancelled', async () => {
    const { store, saved } = recordingStore();
    const provider = createOfflineDesignProvider({ store, print: false });
    const controller = new AbortController();
    controller.abort();
    await expect(provider.generateDesign(design(0), controller.signal)).rejects.toThrow();
    expect(saved).toHaveLength(0);
  });

  it('the renderer’s refusal of a bad quote reaches the caller as its own message', async () => {
    const { store } = recordingStore();
    const provider = createOfflineDesignProvider({ store, print: false });
    await expect(provider.generateDesign({ ...design(0), quote: 'x' })).rejects.toThrow(/quote/i);
  });
});

describe('directory design store', () => {
  it('keeps two products with the same name apart and never leaves temporary files', async () => {
    const store = createDirectoryDesignStore(path.join(dir, 'same-name'));
    const a = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    const b = await sharp({ create: { width: 4, height: 4, channels: 4, background: '#fff' } })
      .png()
      .toBuffer();
    const first = await store.save({ name: 'Twin', preview: a, print: a, layout: 'stacked' });
    const second = await store.save({ name: 'Twin', preview: b, print: b, layout: 'stacked' });
    expect(first.imageUrl).not.toBe(second.imageUrl);
    expect(first.files!.print).not.toBe(second.files!.print);
    expect((await fs.readFile(first.files!.print)).equals(a)).toBe(true);
    const names = await fs.readdir(path.join(dir, 'same-name'));
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(names).toHaveLength(4);
  });

  it('makes file-name slugs from any name', () => {
    expect(fileSlug('Chief <Cats> Officer')).toBe('chief-cats-officer');
    expect(fileSlug('Café Überprompt')).toBe('cafe-uberprompt');
    expect(fileSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(fileSlug('🤖🤖')).toBe('design');
    expect(fileSlug('a'.repeat(200)).length).toBeLessThanOrEqual(48);
  });
});
