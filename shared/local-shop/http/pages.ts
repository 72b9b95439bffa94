import { STORE_NAME, escapeHtml, formatPrice } from '../../common/index.ts';
import { STOREFRONT_API_VERSION, STOREFRONT_TOKEN_HEADER } from '../../storefront/browser.ts';
import { lineTotalCents, type CartCosts } from '../carts.ts';
import { money } from '../money.ts';
import type { CartLineRecord, CartRecord } from '../store/records.ts';
import { GRAPHQL_PATH, type ShopUrls } from '../urls.ts';
import type { Page } from './html.ts';

/** The HTML the shop serves: the stand-in checkout page, its home page and the not-found page. Every value is escaped. */

function backLink(urls: ShopUrls): string {
  return urls.storefrontUrl
    ? `<a class="back" href="${escapeHtml(urls.storefrontUrl)}/">← Back to the store</a>`
    : `<a class="back" href="/">← Back to the shop</a>`;
}

function optionsText(line: CartLineRecord): string {
  // Shopify's placeholder option for option-less products says nothing to a shopper.
  return line.variant.selectedOptions
    .filter((o) => !(o.name === 'Title' && o.value === 'Default Title'))
    .map((o) => `${o.name}: ${o.value}`)
    .join(' • ');
}

/** For people: "USD $24.99". */
function displayMoney(cents: number, currencyCode: string): string {
  return formatPrice(money(cents, currencyCode));
}

function lineRow(line: CartLineRecord, urls: ShopUrls): string {
  const image = line.product.images.find((i) => i.id === line.variant.imageId) ?? line.product.images[0];
  const picture = image
    ? `<img src="${escapeHtml(urls.image(image.file, { width: 112 }))}" alt="${escapeHtml(image.altText ?? line.product.title)}" width="56" height="56">`
    : `<span class="noimg" role="img" aria-label="No image">No Image</span>`;
  const options = optionsText(line);
  const currency = line.variant.currencyCode;
  return `<tr>
<td><div class="item">${picture}<div><div class="title">${escapeHtml(line.product.title)}</div>${options ? `<div class="opts">${escapeHtml(options)}</div>` : ''}${line.quantity === 0 ? '<div class="opts">Sold out</div>' : ''}</div></div></td>
<td class="num">${line.quantity}</td>
<td class="num">${escapeHtml(displayMoney(line.variant.priceCents, currency))}</td>
<td class="num">${escapeHtml(displayMoney(lineTotalCents(line), currency))}</td>
</tr>`;
}

export function checkoutPage(cart: CartRecord, urls: ShopUrls, costs: CartCosts): Page {
  const { quantity, totalCents: total, subtotalCents: subtotal, currencyCode: currency } = costs;
  const discountRows = costs.discounts
    .filter((d) => d.discountCents > 0)
    .map(
      (d) =>
        `<tr class="discount"><td colspan="3">Discount (${escapeHtml(d.code)})</td><td class="num">−${escapeHtml(displayMoney(d.discountCents, currency))}</td></tr>`,
    )
    .join('\n');
  const subtotalRow = discountRows
    ? `<tr><td colspan="3">Subtotal</td><td class="num">${escapeHtml(displayMoney(subtotal, currency))}</td></tr>\n${discountRows}\n`
    : '';
  const notice = `<p class="notice" role="note"><strong>TEST CHECKOUT.</strong> This is the embedded test shop’s stand-in for a hosted checkout: no payment is taken and no order is placed.</p>`;
  const body = cart.lines.length
    ? `<div class="card"><table>
<caption>Your order: ${quantity} item${quantity === 1 ? '' : 's'}</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Line total</th></tr></thead>
<tbody>
${cart.lines.map((line) => lineRow(line, urls)).join('\n')}
</tbody>
<tfoot>${subtotalRow}<tr><td colspan="3">Total</td><td class="num">${escapeHtml(displayMoney(total, currency))}</td></tr></tfoot>
</table></div>`
    : `<div class="card"><p>This cart is empty.</p></div>`;
  return { title: 'Test checkout', main: `<h1>Test checkout</h1>\n${notice}\n${body}\n${backLink(urls)}` };
}

export function cartNotFoundPage(urls: ShopUrls): Page {
  return {
    title: 'Cart not found',
    main: `<h1>Cart not found</h1>\n<div class="card"><p>This checkout link does not match any cart in the embedded test shop.</p></div>\n${backLink(urls)}`,
  };
}

export function notFoundPage(): Page {
  return {
    title: 'Not found',
    main: `<h1>Not found</h1>\n<div class="card"><p>There is nothing at this address. The Storefront API is at <code>POST ${GRAPHQL_PATH}</code>.</p></div>\n<a class="back" href="/">← About this server</a>`,
  };
}

export function homePage(urls: ShopUrls, productCount: number, tokenRequired: boolean): Page {
  const token = tokenRequired
    ? `<p>Requests must carry the configured token in the <code>${STOREFRONT_TOKEN_HEADER}</code> header.</p>`
    : `<p>No access token is required.</p>`;
  return {
    title: 'Embedded test shop',
    main: `<h1>${escapeHtml(STORE_NAME)} embedded test shop</h1>
<div class="card">
<p>This server speaks Shopify’s Storefront API (version ${STOREFRONT_API_VERSION}) for local development and tests, with a catalogue of ${productCount} product${productCount === 1 ? '' : 's'}.</p>
<p>Storefront API endpoint: <code>POST ${escapeHtml(urls.graphql())}</code></p>
${token}
<p>Checkout links lead to a test checkout page where no payment is taken.</p>
</div>`,
  };
}
