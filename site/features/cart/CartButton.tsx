import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '../shell/use-store.ts';
import { EMPTY_CART, totalQuantity } from '../../../shared/cart/index.ts';
import type { BrowserEndpoint } from '../../../shared/storefront/browser.ts';
import { cartStore } from './cart-store.ts';
import { $drawerOpen } from './drawer.ts';
import { BagIcon } from '../shell/icons.tsx';
import Toaster from '../toasts/Toaster.tsx';

// The drawer's code (lines, checkout, Storefront call) loads on first open, not with the page.
const loadDrawer = () => import('./CartDrawer.tsx');
const CartDrawer = lazy(loadDrawer);

function itemsText(count: number): string {
  return `${count} item${count === 1 ? '' : 's'}`;
}

/**
 * The header's cart button with its count; opens the cart drawer. It also draws the page's toasts:
 * one island instead of two, since every page has the header.
 */
export default function CartButton({ endpoint }: { endpoint: BrowserEndpoint }) {
  // The server rendered an empty cart: hydrate with that, then show the stored one.
  const cart = useStore(cartStore(), { ssr: () => EMPTY_CART });
  const [wanted, setWanted] = useState(false);
  const count = totalQuantity(cart);
  // Said to screen readers when the cart changes, not when the button hydrates: the stored count
  // showing up after a page's load is no news, and a live region would read it out on every page.
  const [news, setNews] = useState('');
  useEffect(
    () =>
      cartStore().listen((changed) => {
        const quantity = totalQuantity(changed);
        setNews(quantity > 0 ? `${itemsText(quantity)} in your cart` : '');
      }),
    [],
  );

  function open() {
    setWanted(true);
    $drawerOpen.set(true);
  }

  return (
    <>
      <button
        type="button"
        className="cart-button"
        aria-label={`Cart, ${itemsText(count)}`}
        aria-haspopup="dialog"
        onClick={open}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
      >
        <BagIcon />
        <span className="cart-count" data-empty={count === 0} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      </button>
      <span className="sr-only" aria-live="polite">
        {news}
      </span>
      <Toaster />
      {wanted && (
        <Suspense fallback={null}>
          <CartDrawer endpoint={endpoint} />
        </Suspense>
      )}
    </>
  );
}
