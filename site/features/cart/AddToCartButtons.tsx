import type { MouseEvent, ReactNode } from 'react';
import { parseCartItem } from '../../../shared/cart/index.ts';
import { addToCartAndNotify } from './cart-store.ts';

/** The attribute on a product card's Add to Cart button that holds, as JSON, the cart line it adds. */
export const CART_LINE_ATTRIBUTE = 'data-cart-line';

/** A press on one of the grid's Add to Cart buttons adds the line the button carries. */
function add(event: MouseEvent<HTMLDivElement>): void {
  const button = (event.target as Element).closest?.(`button[${CART_LINE_ATTRIBUTE}]:enabled`);
  if (!button) return;
  const line = parseCartItem(button.getAttribute(CART_LINE_ATTRIBUTE));
  if (line) addToCartAndNotify(line);
  else console.error('No readable cart line on', button);
}

/**
 * The Add to Cart buttons of a grid of product cards: one island for the whole grid (wrapped as its
 * children) instead of one per card. The server draws each button with the line it adds; once
 * hydrated, one handler adds the line of whichever button is pressed and says so. Until then the
 * `client:interact` directive keeps a press and replays it here.
 */
export default function AddToCartButtons({ children }: { children?: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the clicks come from the buttons inside, keyboard presses included
    <div className="cart-buttons" onClick={add}>
      {children}
    </div>
  );
}
