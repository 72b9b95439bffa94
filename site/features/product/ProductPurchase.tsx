import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../shell/use-store.ts';
import {
  numericId,
  findVariant,
  initialVariant,
  selectionOf,
  showsOptions,
  valueState,
  type Selection,
  type ValueState,
} from '../../../shared/product/index.ts';
import type { BrowserEndpoint, Product } from '../../../shared/storefront/browser.ts';
import { cartItemFor } from '../cart/cart-item.ts';
import { withLiveData } from './merge-live.ts';
import { showPageState } from './page-state.ts';
import { addToCartAndNotify } from '../cart/cart-store.ts';
import { $liveProduct, refreshLiveProduct } from './live-product-store.ts';

/** What the island needs of the product: its SEO fields stay in the page's head, out of the island's props. */
export type PurchaseProduct = Omit<Product, 'seo'>;

interface Props {
  /**
   * The product as JSON (`JSON.stringify` of a `PurchaseProduct`). One string is written into the
   * page as it is; an object prop is walked field by field by Astro, twice per island, on every
   * product page of a build, and takes more room in the page.
   */
  productJson: string;
  endpoint: BrowserEndpoint;
}

const STATE_HINT: Record<ValueState, string> = { available: '', 'sold-out': ' (sold out)', missing: ' (not available)' };

/** Writes the chosen variant into the URL (`?variant=<numeric id>`) so links and reloads keep it. */
function rememberVariant(variantId: string | undefined): void {
  const url = new URL(window.location.href);
  if (variantId) url.searchParams.set('variant', numericId(variantId));
  else url.searchParams.delete('variant');
  window.history.replaceState(window.history.state, '', url);
}

/** The product page's option buttons and Add to Cart, on fresh price and availability. */
export default function ProductPurchase({ productJson, endpoint }: Props) {
  const built = useMemo(() => JSON.parse(productJson) as PurchaseProduct, [productJson]);
  const live = useStore($liveProduct, { ssr: () => null });
  const product = useMemo(() => withLiveData(built, live), [built, live]);
  const first = built.variants[0];
  const [selection, setSelection] = useState<Selection>(() => (first ? selectionOf(first) : {}));
  const chosen = useRef(false);

  useEffect(() => {
    // Hydrate as the server drew it (first variant), then honour ?variant= from the URL.
    const requested = new URLSearchParams(window.location.search).get('variant');
    const variant = initialVariant(built, requested);
    if (variant && variant !== first) setSelection(selectionOf(variant));
    void refreshLiveProduct(endpoint, built.handle);
  }, [built, endpoint, first]);

  useEffect(() => {
    if (live?.state === 'gone') showPageState('gone');
    else if (live?.state === 'found' && product.variants.length === 0) showPageState('no-variant');
  }, [live, product.variants.length]);

  const variant = findVariant(product, selection);
  const available = variant?.availableForSale === true;

  useEffect(() => {
    if (chosen.current) rememberVariant(variant?.id);
  }, [variant]);

  // From the current selection, not this render's: clicks that land before hydration are replayed
  // one after another, before React has drawn the first.
  function choose(name: string, value: string) {
    chosen.current = true;
    setSelection((current) => ({ ...current, [name]: value }));
  }

  function add() {
    if (!variant?.availableForSale) return;
    addToCartAndNotify(cartItemFor(product, variant));
  }

  return (
    <div className="purchase">
      {showsOptions(product) && (
        <section className="options" aria-labelledby="options-heading">
          <h2 id="options-heading" className="options-heading">
            Options
          </h2>
          {product.options.map((option, index) => (
            <div key={option.name} className="option-group" role="group" aria-labelledby={`option-${index}`}>
              <h3 id={`option-${index}`} className="option-name">
                {option.name}
                {selection[option.name] && <span className="option-chosen">: {selection[option.name]}</span>}
              </h3>
              <div className="option-values">
                {option.values.map((value) => {
                  const state = valueState(product, selection, option.name, value);
                  const selected = selection[option.name] === value;
                  return (
                    <button
                      key={value}
                      type="button"
                      className="option-value"
                      data-state={state}
                      aria-pressed={selected}
                      onClick={() => choose(option.name, value)}
                    >
                      {value}
                      {state !== 'available' && <span className="sr-only">{STATE_HINT[state]}</span>}
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
        </section>
      )}
      <button type="button" className="btn btn-primary btn-block btn-large" disabled={!available} onClick={add}>
        {available ? 'Add to Cart' : 'Out of Stock'}
      </button>
    </div>
  );
}
