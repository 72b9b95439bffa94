import type { LocalShopStore } from '../store/store.ts';
import type { ProductRecord } from '../store/records.ts';
import type { ShopUrls } from '../urls.ts';

/** What every resolver gets: the store, the URL builders, and a per-request product cache. */
export interface ShopContext {
  readonly store: LocalShopStore;
  readonly urls: ShopUrls;
  products(ids: readonly number[]): ProductRecord[];
  product(id: number): ProductRecord | null;
  /** Products the request already loaded another way (a cart's, a variant's, by handle): later lookups use them. */
  remember(products: Iterable<ProductRecord>): void;
}

export function createContext(store: LocalShopStore, urls: ShopUrls): ShopContext {
  const cache = new Map<number, ProductRecord>();
  const products = (ids: readonly number[]) => {
    const missing = ids.filter((id) => !cache.has(id));
    for (const product of store.productsByIds(missing)) cache.set(product.id, product);
    return ids.flatMap((id) => cache.get(id) ?? []);
  };
  const remember = (loaded: Iterable<ProductRecord>) => {
    for (const product of loaded) if (!cache.has(product.id)) cache.set(product.id, product);
  };
  return { store, urls, products, product: (id) => products([id])[0] ?? null, remember };
}
