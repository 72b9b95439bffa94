/**
 * Child process for the concurrent-writers test: opens the shop's data dir and creates `count`
 * products titled "Race Tee" (so their handles collide), one transaction each.
 * Usage: node create-products.ts <dataDir> <count> <label>
 */
import sharp from 'sharp';
import { LocalShopStore } from '../../shared/local-shop/index.ts';

const [dataDir, countText, label] = process.argv.slice(2);
if (!dataDir || !countText || !label) throw new Error('usage: create-products.ts <dataDir> <count> <label>');
const store = LocalShopStore.open(dataDir);
const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: label === 'a' ? '#000000' : '#ffffff' } })
  .png()
  .toBuffer();
for (let i = 0; i < Number(countText); i++) {
  await store.createProduct({
    title: 'Race Tee',
    description: `Written by process ${label}, number ${i}.`,
    price: '24.99',
    productType: 'T-Shirt',
    tags: [`writer-${label}`],
    ...(i % 3 === 0 ? { image: { bytes: photo, altText: `Race tee ${label}${i}` } } : {}),
  });
}
store.close();
process.stdout.write(`done ${label}\n`);
