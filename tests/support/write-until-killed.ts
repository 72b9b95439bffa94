/**
 * Child process for the crash test: writes big products (many variants, an image) one transaction
 * at a time and reports each commit, until the parent kills it with SIGKILL mid-write.
 * Usage: node write-until-killed.ts <dataDir>
 */
import sharp from 'sharp';
import { LocalShopStore } from '../../shared/local-shop/index.ts';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: write-until-killed.ts <dataDir>');
const store = LocalShopStore.open(dataDir);
const sizes = Array.from({ length: 100 }, (_, i) => `Size ${i + 1}`);
for (let n = 1; ; n++) {
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: n % 256, g: 80, b: 160 } } })
    .png()
    .toBuffer();
  await store.createProduct({ title: `Crash Tee ${n}`, price: 20 + n / 100, sizes, image: { bytes: photo } });
  process.stdout.write(`committed ${n}\n`);
}
