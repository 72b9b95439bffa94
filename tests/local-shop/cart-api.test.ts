import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_DISCOUNT_CODE } from '../../shared/local-shop/index.ts';
import { queryShop, startSeededTestShop, type TestShop } from '../support/local-shop.ts';
import { shapeProblems } from '../support/storefront-shape.ts';

/** The cart mutations as a Hydrogen-style storefront sends them, against the seeded embedded shop. */

let shop: TestShop;

const CART_FIELDS = /* GraphQL */ `
  fragment CartFields on Cart {
    id checkoutUrl totalQuantity note updatedAt
    attributes { key value }
    buyerIdentity { email phone countryCode }
    discountCodes { code applicable }
    discountAllocations { discountedAmount { amount currencyCode } ... on CartCodeDiscountAllocation { code } }
    appliedGiftCards { id lastCharacters }
    cost {
      subtotalAmount { amount currencyCode } totalAmount { amount currencyCode }
      totalTaxAmount { amount } totalDutyAmount { amount } checkoutChargeAmount { amount }
    }
    lines(first: 100) {
      nodes {
        id quantity
        attributes { key value }
        cost { totalAmount { amount } amountPerQuantity { amount } compareAtAmountPerQuantity { amount } }
        merchandise { ... on ProductVariant { id title availableForSale quantityAvailable requiresShipping
          image { url altText width height } price { amount } product { handle title vendor } selectedOptions { name value } } }
      }
    }
  }
`;

const PAYLOAD = 'cart { ...CartFields } userErrors { field message code } warnings { code message target }';

interface Line {
  id: string;
  quantity: number;
  merchandise: {
    id: string;
    title: string;
    quantityAvailable: number | null;
    image: { url: string } | null;
    price: { amount: string };
    product: { handle: string };
  };
}
interface Cart {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  note: string | null;
  attributes: { key: string; value: string }[];
  buyerIdentity: { email: string | null; countryCode: string | null };
  discountCodes: { code: string; applicable: boolean }[];
  discountAllocations: { code: string; discountedAmount: { amount: string } }[];
  cost: {
    subtotalAmount: { amount: string };
    totalAmount: { amount: string };
    totalTaxAmount: null;
    checkoutChargeAmount: { amount: string };
  };
  lines: { nodes: Line[] };
}
interface Payload {
  cart: Cart | null;
  userErrors: { field: string[]; message: string; code: string }[];
  warnings: { code: string; message: string; target: string }[];
}

async function mutate(name: string, signature: string, call: string, variables: Record<string, unknown>): Promise<Payload> {
  const query = `mutation ${name}(${signature}) { ${name}(${call}) { ${PAYLOAD} } } ${CART_FIELDS}`;
  const data = await queryShop<Record<string, Payload>>(shop.graphqlUrl, query, variables);
  expect(shapeProblems(query, data, variables)).toEqual([]);
  return data[name]!;
}

/** Variants for sale with and without their own image, and their stock. */
let variants: { id: string; handle: string; quantityAvailable: number }[];

beforeAll(async () => {
  shop = await startSeededTestShop();
  const data = await queryShop<{
    products: { nodes: { handle: string; variants: { nodes: { id: string; availableForSale: boolean; quantityAvailable: number }[] } }[] };
  }>(
    shop.graphqlUrl,
    '{ products(first: 20) { nodes { handle variants(first: 20) { nodes { id availableForSale quantityAvailable } } } } }',
  );
  variants = data.products.nodes.flatMap((p) =>
    p.variants.nodes.filter((v) => v.availableForSale).map((v) => ({ ...v, handle: p.handle })),
  );
});

afterAll(async () => {
  await shop?.stop();
});

const create = (input: Record<string, unknown>) => mutate('cartCreate', '$input: CartInput', 'input: $input', { input });
const addLines = (variables: { cartId: string; lines: unknown[] }) =>
  mutate('cartLinesAdd', '$cartId: ID!, $lines: [CartLineInput!]!', 'cartId: $cartId, lines: $lines', variables);
const updateLines = (variables: { cartId: string; lines: unknown[] }) =>
  mutate('cartLinesUpdate', '$cartId: ID!, $lines: [CartLineUpdateInput!]!', 'cartId: $cartId, lines: $lines', variables);
const removeLines = (variables: { cartId: string; lineIds: string[] }) =>
  mutate('cartLinesRemove', '$cartId: ID!, $lineIds: [ID!]!', 'cartId: $cartId, lineIds: $lineIds', variables);
const money = (value: { amount: string }) => Math.round(Number(value.amount) * 100);

describe('a cart from create to discount', () => {
  it('creates a guest cart with Hydrogen’s empty buyerIdentity, adds, updates and removes lines, and applies the seeded code', async () => {
    const [a, b, c] = [variants[0]!, variants[7]!, variants[20]!];
    const created = await create({
      lines: [{ merchandiseId: a.id, quantity: 1 }],
      buyerIdentity: {},
      attributes: [{ key: 'source', value: 'hydrogen' }],
    });
    expect(created.userErrors).toEqual([]);
    const cartId = created.cart!.id;
    expect(created.cart!.attributes).toEqual([{ key: 'source', value: 'hydrogen' }]);
    expect(created.cart!.buyerIdentity).toEqual({ email: null, phone: null, countryCode: null });

    const added = await addLines({
      cartId,
      lines: [
        { merchandiseId: a.id, quantity: 2 },
        { merchandiseId: b.id, quantity: 1 },
      ],
    });
    expect(added.userErrors).toEqual([]);
    expect(added.cart!.lines.nodes.map((l) => [l.merchandise.id, l.quantity])).toEqual([
      [a.id, 3],
      [b.id, 1],
    ]);
    const firstLine = added.cart!.lines.nodes[0]!;
    expect(firstLine.id).toBe(created.cart!.lines.nodes[0]!.id);

    const updated = await updateLines({
      cartId,
      lines: [{ id: firstLine.id, quantity: 2 }],
    });
    expect(updated.cart!.lines.nodes.map((l) => l.quantity)).toEqual([2, 1]);
    expect(updated.cart!.totalQuantity).toBe(3);

    const withThird = await addLines({
      cartId,
      lines: [{ merchandiseId: c.id }],
    });
    const removed = await removeLines({
      cartId,
      lineIds: [withThird.cart!.lines.nodes[1]!.id],
    });
    expect(removed.cart!.lines.nodes.map((l) => l.merchandise.id)).toEqual([a.id, c.id]);

    const zero = await updateLines({
      cartId,
      lines: [{ id: removed.cart!.lines.nodes[1]!.id, quantity: 0 }],
    });
    expect(zero.cart!.lines.nodes.map((l) => l.merchandise.id)).toEqual([a.id]);

    const discounted = await mutate(
      'cartDiscountCodesUpdate',
      '$cartId: ID!, $codes: [String!]',
      'cartId: $cartId, discountCodes: $codes',
      {
        cartId,
        codes: [SEED_DISCOUNT_CODE.toLowerCase()],
      },
    );
    const cost = discounted.cart!.cost;
    expect(discounted.cart!.discountCodes).toEqual([{ code: SEED_DISCOUNT_CODE, applicable: true }]);
    expect(money(cost.totalAmount)).toBe(money(cost.subtotalAmount) - Math.round(money(cost.subtotalAmount) * 0.1));
    expect(money(discounted.cart!.discountAllocations[0]!.discountedAmount)).toBe(money(cost.subtotalAmount) - money(cost.totalAmount));
    expect(cost.checkoutChargeAmount.amount).toBe(cost.totalAmount.amount);
    expect(cost.totalTaxAmount).toBeNull();

    // The checkout page shows the same discount and total.
    const page = await (await fetch(discounted.cart!.checkoutUrl)).text();
    expect(page).toContain(`Discount (${SEED_DISCOUNT_CODE})`);
    expect(page).toContain(`$${(money(cost.totalAmount) / 100).toFixed(2)}`);

    const cleared = await mutate('cartDiscountCodesUpdate', '$cartId: ID!, $codes: [String!]', 'cartId: $cartId, discountCodes: $codes', {
      cartId,
      codes: [],
    });
    expect(cleared.cart!.cost.totalAmount).toEqual(cleared.cart!.cost.subtotalAmount);
  });

  it('keeps a code that does not exist as not applicable, with a warning; refuses gift cards as a shop that sells none', async () => {
    const created = await create({ lines: [{ merchandiseId: variants[0]!.id, quantity: 1 }], discountCodes: ['NOPE'] });
    expect(created.cart!.discountCodes).toEqual([{ code: 'NOPE', applicable: false }]);
    expect(created.warnings).toEqual([
      {
        code: 'DISCOUNT_NOT_FOUND',
        message: 'The discount code NOPE could not be found.',
        target: expect.stringMatching(/^gid:\/\/shopify\/Cart\//),
      },
    ]);
    expect(created.cart!.cost.totalAmount).toEqual(created.cart!.cost.subtotalAmount);

    const gift = await mutate('cartGiftCardCodesUpdate', '$cartId: ID!, $codes: [String!]!', 'cartId: $cartId, giftCardCodes: $codes', {
      cartId: created.cart!.id,
      codes: ['GIFT-1234'],
    });
    expect(gift).toEqual({
      cart: null,
      userErrors: [{ field: ['giftCardCodes', '0'], message: 'Gift card code is invalid', code: 'INVALID' }],
      warnings: [],
    });
    const withGift = await create({ lines: [], giftCardCodes: ['GIFT-1234'] });
    expect(withGift.userErrors[0]).toMatchObject({ field: ['input', 'giftCardCodes', '0'], code: 'INVALID' });
  });

  it('updates the note, attributes and buyer identity, and refuses a bad email with the field named', async () => {
    const cartId = (await create({ lines: [] })).cart!.id;
    const note = await mutate('cartNoteUpdate', '$cartId: ID!, $note: String!', 'cartId: $cartId, note: $note', {
      cartId,
      note: 'Gift wrap, please',
    });
    expect(note.cart!.note).toBe('Gift wrap, please');
    const attrs = await mutate(
      'cartAttributesUpdate',
      '$cartId: ID!, $attributes: [AttributeInput!]!',
      'cartId: $cartId, attributes: $attributes',
      {
        cartId,
        attributes: [{ key: 'gift', value: 'yes' }],
      },
    );
    expect(attrs.cart!.attributes).toEqual([{ key: 'gift', value: 'yes' }]);
    const identity = await mutate(
      'cartBuyerIdentityUpdate',
      '$cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!',
      'cartId: $cartId, buyerIdentity: $buyerIdentity',
      { cartId, buyerIdentity: { email: 'ada@example.com', countryCode: 'US' } },
    );
    expect(identity.cart!.buyerIdentity).toEqual({ email: 'ada@example.com', phone: null, countryCode: 'US' });
    const bad = await mutate(
      'cartBuyerIdentityUpdate',
      '$cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!',
      'cartId: $cartId, buyerIdentity: $buyerIdentity',
      {
        cartId,
        buyerIdentity: { email: 'not-an-email' },
      },
    );
    expect(bad).toEqual({
      cart: null,
      userErrors: [{ field: ['buyerIdentity', 'email'], message: 'Email is invalid', code: 'INVALID' }],
      warnings: [],
    });
    const empty = await mutate(
      'cartBuyerIdentityUpdate',
      '$cartId: ID!, $buyerIdentity: CartBuyerIdentityInput!',
      'cartId: $cartId, buyerIdentity: $buyerIdentity',
      {
        cartId,
        buyerIdentity: {},
      },
    );
    expect(empty.userErrors).toEqual([]);
  });
});

describe('what Shopify refuses or corrects', () => {
  it('answers an unknown cart and a line of another cart with userErrors, changing nothing', async () => {
    const missing = await addLines({
      cartId: 'gid://shopify/Cart/c1-00000000000000000000000000000000?key=00',
      lines: [{ merchandiseId: variants[0]!.id }],
    });
    expect(missing).toEqual({
      cart: null,
      userErrors: [{ field: ['cartId'], message: 'The specified cart does not exist.', code: 'INVALID' }],
      warnings: [],
    });

    const one = await create({ lines: [{ merchandiseId: variants[0]!.id }] });
    const other = await create({ lines: [{ merchandiseId: variants[1]!.id }] });
    const foreignLine = other.cart!.lines.nodes[0]!.id;
    const wrong = await removeLines({
      cartId: one.cart!.id,
      lineIds: [foreignLine],
    });
    expect(wrong.userErrors).toEqual([
      { field: ['lineIds', '0'], message: `The merchandise line with id ${foreignLine} does not exist.`, code: 'INVALID' },
    ]);

    const after = await queryShop<{ cart: { lines: { nodes: unknown[] } } }>(
      shop.graphqlUrl,
      'query ($id: ID!) { cart(id: $id) { lines(first: 5) { nodes { id } } } }',
      { id: one.cart!.id },
    );
    expect(after.cart.lines.nodes).toHaveLength(1);
  });

  it('keeps a sold-out variant in the cart at quantity 0 with Shopify’s warning, on every change, until an update to 0 removes it', async () => {
    const soldOut = await queryShop<{ product: { title: string; variants: { nodes: { id: string }[] } } }>(
      shop.graphqlUrl,
      `{ product(handle: "i-survived-dial-up-ill-survive-ai") { title variants(first: 1) { nodes { id } } } }`,
    );
    const soldOutId = soldOut.product.variants.nodes[0]!.id;
    const outOfStock = (cart: Cart) => ({
      code: 'MERCHANDISE_OUT_OF_STOCK',
      message: `The product '${soldOut.product.title}' is already sold out.`,
      target: cart.lines.nodes.find((line) => line.merchandise.id === soldOutId)!.id,
    });

    const created = await create({ lines: [{ merchandiseId: variants[0]!.id }, { merchandiseId: soldOutId, quantity: 2 }] });
    expect(created.userErrors).toEqual([]);
    const cart = created.cart!;
    expect(cart.lines.nodes.map((line) => [line.merchandise.id, line.quantity])).toEqual([
      [variants[0]!.id, 1],
      [soldOutId, 0],
    ]);
    expect(cart.totalQuantity).toBe(1);
    expect(cart.cost.subtotalAmount.amount).toBe(cart.lines.nodes[0]!.merchandise.price.amount);
    expect(created.warnings).toEqual([outOfStock(cart)]);

    // Another change to the cart says it again; raising the sold-out line's quantity leaves it at 0.
    const soldOutLine = outOfStock(cart).target;
    const raised = await updateLines({
      cartId: cart.id,
      lines: [{ id: soldOutLine, quantity: 3 }],
    });
    expect(raised.cart!.lines.nodes.map((line) => line.quantity)).toEqual([1, 0]);
    expect(raised.warnings).toEqual([outOfStock(raised.cart!)]);
    const added = await addLines({
      cartId: cart.id,
      lines: [{ merchandiseId: variants[1]!.id, quantity: 1 }],
    });
    expect(added.cart!.lines.nodes.map((line) => line.quantity)).toEqual([1, 0, 1]);
    expect(added.warnings).toEqual([outOfStock(added.cart!)]);

    // Updating another line keeps it; an update to 0 removes it, and the warning with it.
    const other = await updateLines({
      cartId: cart.id,
      lines: [{ id: cart.lines.nodes[0]!.id, quantity: 2 }],
    });
    expect(other.cart!.lines.nodes.map((line) => line.quantity)).toEqual([2, 0, 1]);
    const removed = await updateLines({
      cartId: cart.id,
      lines: [{ id: soldOutLine, quantity: 0 }],
    });
    expect(removed.cart!.lines.nodes.map((line) => line.merchandise.id)).toEqual([variants[0]!.id, variants[1]!.id]);
    expect(removed.warnings).toEqual([]);
  });

  it('lowers a quantity above the stock to what is left, with Shopify’s warning', async () => {
    const variant = variants[3]!;
    const created = await create({ lines: [{ merchandiseId: variant.id, quantity: variant.quantityAvailable + 5 }] });
    expect(created.cart!.lines.nodes[0]!.quantity).toBe(variant.quantityAvailable);
    expect(created.warnings).toEqual([
      {
        code: 'MERCHANDISE_NOT_ENOUGH_STOCK',
        message: `Only ${variant.quantityAvailable} items were added to your cart due to availability.`,
        target: created.cart!.lines.nodes[0]!.id,
      },
    ]);
  });

  it('gives every line an image: the variant’s own, or the product’s', async () => {
    const created = await create({ lines: variants.slice(0, 12).map((v) => ({ merchandiseId: v.id })) });
    const withPhoto = created.cart!.lines.nodes.filter((l) => l.merchandise.product.handle !== 'the-algorithm-can-wait-my-customers-cant');
    for (const line of withPhoto) expect(line.merchandise.image?.url).toMatch(/\/cdn\/shop\/files\//);
  });
});
