import type { CartItem } from '../../../shared/cart/index.ts';
import { addToCartAndNotify } from './cart-store.ts';

interface Props {
  /** The product's first variant as a cart line (quantity 1). */
  item: CartItem;
  available: boolean;
  /** Id of the card's title, so screen readers hear which product the button adds. */
  describedBy?: string;
}

/** A product card's button: adds the first variant and stays on the page. */
export default function AddToCartButton({ item, available, describedBy }: Props) {
  return (
    <button
      type="button"
      className="btn btn-dark btn-block card-add"
      disabled={!available}
      aria-describedby={describedBy}
      onClick={() => addToCartAndNotify(item)}
    >
      {available ? 'Add to Cart' : 'Out of Stock'}
    </button>
  );
}
