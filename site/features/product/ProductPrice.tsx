import { useStore } from '../shell/use-store.ts';
import { formatPrice, type Money } from '../../../shared/common/index.ts';
import { $liveProduct } from './live-product-store.ts';

/** The product's minimum price, replaced by the fresh one once the page has re-read it. */
export default function ProductPrice({ minPrice }: { minPrice: Money }) {
  const live = useStore($liveProduct, { ssr: () => null });
  const price = live?.state === 'found' ? live.minPrice : minPrice;
  return <p className="product-price">{formatPrice(price)}</p>;
}
