import { useEffect, useRef, useState } from 'react';
import { useStore } from '../shell/use-store.ts';
import { cartSummary, totalPrice, type CartItem } from '../../../shared/cart/index.ts';
import { formatPrice } from '../../../shared/common/index.ts';
import { ShortLinesError, type BrowserEndpoint } from '../../../shared/storefront/browser.ts';
import { imageAtWidth } from '../catalogue/image-url.ts';
import { optionsLine } from './options-line.ts';
import { cartStore, removeFromCart, setQuantity } from './cart-store.ts';
import { $checkoutLoading, createCheckout } from './checkout.ts';
import { $drawerOpen } from './drawer.ts';
import { showToast } from '../toasts/toasts.ts';
import { CloseIcon } from '../shell/icons.tsx';
import { Spinner } from '../shell/spinner.tsx';
import { MinusIcon, PlusIcon, TrashIcon } from './drawer-icons.tsx';
import { ToastList } from '../toasts/ToastList.tsx';
import { adoptStyleSheet } from '../shell/adopt-style-sheet.ts';
import drawerCss from './cart.css?inline';

// The drawer's styles come with its code, which loads on the cart's first open: no page carries them.
adoptStyleSheet(drawerCss);

/**
 * The cart drawer: a native modal <dialog> (focus trap, Escape, focus return for free) drawn as a
 * side sheet. Loaded on the first open of the cart button.
 */
export default function CartDrawer({ endpoint }: { endpoint: BrowserEndpoint }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const open = useStore($drawerOpen);
  const cart = useStore(cartStore());
  const loading = useStore($checkoutLoading);
  const [failed, setFailed] = useState(false);
  // After a checkout the shop could not make as the cart is: what it can sell of each such line, by variant.
  const [short, setShort] = useState<ReadonlyMap<string, number>>(NOTHING_SHORT);
  // A line removed from the keyboard (Remove, or − at 1) takes its focused button with it: the focus
  // goes to the Remove of the line that took its place, else the line before, else the close button.
  const [refocus, setRefocus] = useState<{ index: number; variantId: string } | null>(null);
  useEffect(() => {
    if (!refocus || cart.items.some((line) => line.variantId === refocus.variantId)) return;
    setRefocus(null);
    const removes = dialog.current?.querySelectorAll<HTMLButtonElement>('.line-remove') ?? [];
    (removes[Math.min(refocus.index, removes.length - 1)] ?? closeButton.current)?.focus();
  }, [refocus, cart.items]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      closeButton.current?.focus(); // not a toast's dismiss button, which may come first
    }
    if (!open && element.open) element.close();
    if (!open) {
      setFailed(false);
      setShort(NOTHING_SHORT);
    }
  }, [open]);

  async function checkout() {
    setFailed(false);
    setShort(NOTHING_SHORT);
    try {
      const url = await createCheckout(endpoint);
      if (!url) return;
      const tab = window.open(url, '_blank');
      if (tab) tab.opener = null;
      else window.location.assign(url); // A blocked pop-up still reaches checkout, in this tab.
      $drawerOpen.set(false);
    } catch (error) {
      if (error instanceof ShortLinesError) {
        // Not a failure: the shopper changes the marked lines and checks out again.
        setShort(new Map(error.lines.map((line) => [line.merchandiseId, line.available])));
        return;
      }
      console.error('Checkout failed:', error);
      setFailed(true);
      showToast({ title: 'Checkout failed', description: 'Unable to create checkout. Please try again.', tone: 'error' });
    }
  }

  const empty = cart.items.length === 0;
  /** What the shop has of a line the cart still holds more of than that; undefined once it is within it. */
  const shortOf = (item: CartItem): number | undefined => {
    const available = short.get(item.variantId);
    return available !== undefined && item.quantity > available ? available : undefined;
  };
  const stillShort = cart.items.some((item) => shortOf(item) !== undefined);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click handler closes on the backdrop; the keyboard closes a <dialog> with Escape
    <dialog
      ref={dialog}
      className="drawer"
      aria-labelledby="drawer-title"
      aria-describedby="drawer-summary"
      // Escape closes at once on cancel: the close event comes a task later, after input queued meanwhile
      // (a quick reopen), so a late one must not close the drawer again.
      onCancel={() => $drawerOpen.set(false)}
      onClose={(event) => {
        if (!event.currentTarget.open) $drawerOpen.set(false);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) $drawerOpen.set(false); // a click on the backdrop
      }}
    >
      <ToastList />
      <div className="drawer-panel">
        <header className="drawer-header">
          <div>
            <h2 id="drawer-title" className="drawer-title">
              Shopping Cart
            </h2>
            <p id="drawer-summary" className="drawer-summary">
              {cartSummary(cart)}
            </p>
          </div>
          <button ref={closeButton} type="button" className="icon-button" aria-label="Close cart" onClick={() => $drawerOpen.set(false)}>
            <CloseIcon />
          </button>
        </header>

        {empty ? (
          <div className="drawer-empty">
            <p>Nothing here yet. Pick a shirt that says what your AI won't.</p>
          </div>
        ) : (
          <ul className="drawer-lines" aria-label="Items in your cart">
            {cart.items.map((item, index) => (
              <CartLine
                key={item.variantId}
                item={item}
                busy={loading}
                available={shortOf(item)}
                onGone={() => setRefocus({ index, variantId: item.variantId })}
              />
            ))}
          </ul>
        )}

        <footer className="drawer-footer">
          <div className="drawer-total">
            <span>Total</span>
            <span className="drawer-total-amount">{formatPrice(totalPrice(cart))}</span>
          </div>
          {failed && (
            <p className="drawer-error" role="alert">
              Checkout failed. Please try again.
            </p>
          )}
          {stillShort && (
            <p className="drawer-error" role="alert">
              Not everything in your cart is available. Change the marked items, then check out.
            </p>
          )}
          <button type="button" className="btn btn-primary btn-block btn-large" disabled={empty || loading} onClick={() => void checkout()}>
            {loading ? (
              <>
                <Spinner />
                <span>Creating Checkout...</span>
              </>
            ) : (
              'Checkout'
            )}
          </button>
          <p className="drawer-note">Taxes and shipping are calculated at checkout.</p>
        </footer>
      </div>
    </dialog>
  );
}

const NOTHING_SHORT: ReadonlyMap<string, number> = new Map();

/** What a line says when the shop has less than it holds: none at all, or how many are left. */
function shortfall(available: number): string {
  return available === 0 ? 'No longer available' : `Only ${available} left`;
}

/**
 * `busy`: a checkout is being made from the cart as it is, so its lines cannot change meanwhile.
 * `available`: what the shop could sell of it at the last checkout, while the line holds more.
 * `onGone`: the line is being removed.
 */
function CartLine({ item, busy, available, onGone }: { item: CartItem; busy: boolean; available?: number; onGone: () => void }) {
  const title = item.product.title;
  const options = optionsLine(item.selectedOptions);
  const image = item.product.image;
  return (
    <li className="line">
      <div className="line-image">
        {image ? (
          <img src={imageAtWidth(image.url, 160)} alt={image.altText || title} width={72} height={72} loading="lazy" decoding="async" />
        ) : (
          <span className="line-no-image">No Image</span>
        )}
      </div>
      <div className="line-body">
        <a className="line-title" href={`/product/${encodeURIComponent(item.product.handle)}`}>
          {title}
        </a>
        {options && <p className="line-options">{options}</p>}
        <p className="line-price">{formatPrice(item.price)}</p>
        {available !== undefined && <p className="line-short">{shortfall(available)}</p>}
        <div className="line-actions">
          <div className="stepper" role="group" aria-label={`Quantity of ${title}`}>
            <button
              type="button"
              className="icon-button stepper-button"
              aria-label={`Decrease quantity of ${title}`}
              disabled={busy}
              onClick={() => {
                if (item.quantity <= 1) onGone();
                setQuantity(item.variantId, item.quantity - 1);
              }}
            >
              <MinusIcon />
            </button>
            <span className="stepper-value" aria-live="polite">
              <span className="sr-only">Quantity </span>
              {item.quantity}
            </span>
            <button
              type="button"
              className="icon-button stepper-button"
              aria-label={`Increase quantity of ${title}`}
              disabled={busy}
              onClick={() => setQuantity(item.variantId, item.quantity + 1)}
            >
              <PlusIcon />
            </button>
          </div>
          <button
            type="button"
            className="icon-button line-remove"
            aria-label={`Remove ${title}`}
            disabled={busy}
            onClick={() => {
              onGone();
              removeFromCart(item.variantId);
            }}
          >
            <TrashIcon />
          </button>
        </div>
      </div>
    </li>
  );
}
