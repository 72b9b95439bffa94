/**
 * Child process for the seed race test: seeds the data dir. Photos are plain squares here: the test
 * is about who writes the catalogue, and real renders would only make it slower.
 * Usage: node seed-store.ts <dataDir>
 */
import sharp from 'sharp';
import { seedCatalogue, LocalShopStore } from '../../shared/local-shop/index.ts';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: seed-store.ts <dataDir>');
const store = LocalShopStore.open(dataDir);
const written = await seedCatalogue(store, {
  render: (_req, opts) =>
    sharp({ create: { width: opts.size ?? 64, height: opts.size ?? 64, channels: 3, background: opts.shirtColor ?? '#000000' } })
      .png()
      .toBuffer(),
});
store.close();
process.stdout.write(`seeded ${written ?? 0}\n`);
