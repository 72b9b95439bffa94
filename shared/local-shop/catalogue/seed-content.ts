import type { ArticleInput, CollectionInput, DiscountCodeInput, MenuInput, PageInput, PolicyInput } from '../store/content-input.ts';
import { POLICY_TITLES } from '../store/content-records.ts';

/**
 * The content a fresh embedded shop starts with, beside its products: collections (the generator's
 * two categories first), the main and footer menus, About and FAQ pages, the four policies, a blog
 * post and a discount code. Bodies are plain text; blank lines separate paragraphs.
 */

export const SEED_DISCOUNT_CODE = 'WELCOME10';

/** Shopify's home-page collection: on the front page, not in the menu. */
const FRONTPAGE = 'frontpage';

interface SeedCollection extends Omit<CollectionInput, 'productHandles'> {
  handle: string;
  /** Seed products placed in it, by title. */
  productTitles: string[];
}

export const SEED_COLLECTIONS: readonly SeedCollection[] = [
  {
    handle: 'office-humor',
    title: 'Office Humor',
    productType: 'Office Humor',
    description:
      'Shirts for the meeting that could have been an email, and the email your assistant wrote anyway. Reply-all energy, printed on soft cotton.',
    productTitles: [
      'Per My Last Prompt',
      'Out of Office (My AI Is Handling It)',
      'Back in My Day We Called It a Macro',
      'Powered by Coffee and Large Language Models',
      "I'm Not a Robot (I Checked the Box)",
      'Trust, but Verify the AI',
    ],
  },
  {
    handle: 'ai-humor',
    title: 'AI Humor',
    productType: 'AI Humor',
    description:
      'Jokes about the robots, for the humans who work with them. Chatbots, prompts, hallucinations and the occasional existential crisis before lunch.',
    productTitles: [
      'Ctrl + Alt + Delegate',
      'Human in the Loop Since 1979',
      "I Survived Dial-Up. I'll Survive AI.",
      'My Co-Founder Is a Chatbot',
      'Bifocals and Algorithms',
      'Small Business, Large Language Model',
      'Senior Professional, Junior Prompt Engineer',
      "The Algorithm Can Wait. My Customers Can't.",
    ],
  },
  {
    handle: 'founders-and-small-business',
    title: 'Founders & Small Business',
    description: 'For the people who sign the cheques, sweep the floor and now also manage the AI. Main Street, upgraded.',
    productTitles: [
      'Ctrl + Alt + Delegate',
      'Small Business, Large Language Model',
      'My Co-Founder Is a Chatbot',
      "The Algorithm Can Wait. My Customers Can't.",
      'Out of Office (My AI Is Handling It)',
    ],
  },
  {
    handle: 'vintage-models',
    title: 'Vintage Models',
    description:
      'Built before Wi-Fi, still running the show. Shirts for professionals over 40 who learned every new tool and are learning this one too.',
    productTitles: [
      'Human in the Loop Since 1979',
      "I Survived Dial-Up. I'll Survive AI.",
      'Bifocals and Algorithms',
      'Back in My Day We Called It a Macro',
      'Senior Professional, Junior Prompt Engineer',
    ],
  },
  {
    handle: FRONTPAGE,
    title: 'Home page',
    description: 'The shirts on the front of the shop.',
    productTitles: ['Per My Last Prompt', 'Ctrl + Alt + Delegate', 'Human in the Loop Since 1979', 'My Co-Founder Is a Chatbot'],
  },
];

export const SEED_PAGES: readonly PageInput[] = [
  {
    handle: 'about',
    title: 'About Neural Threads',
    body: `Neural Threads makes funny AI-themed t-shirts for entrepreneurs, small-business owners and professionals over 40: the people who run the business and now also run the robots.

Every design starts as a joke about work in the age of AI. Our generator drafts the ideas and the artwork; a human picks the ones worth wearing. It is, fittingly, a human in the loop.

We print on soft, heavyweight cotton in sizes S to 2XL. If a shirt does not make you or a colleague laugh, send it back within 30 days.`,
    seoDescription: 'Funny AI-themed t-shirts for entrepreneurs, small-business owners and professionals over 40.',
  },
  {
    handle: 'faq',
    title: 'Frequently asked questions',
    body: `How do the shirts fit?
A classic unisex fit. If you are between sizes, take the larger one. 2XL costs $2 more.

How long does shipping take?
Orders ship within 2 business days. Standard delivery in the United States takes 3 to 7 business days.

Can I return a shirt?
Yes: unworn shirts within 30 days of delivery, for a full refund. See the refund policy.

Who writes the jokes?
An AI drafts them and a human approves them. The bad ones never leave the building.

Do you have discount codes?
Use WELCOME10 for 10% off your first order.`,
  },
];

export const SEED_POLICIES: readonly PolicyInput[] = [
  {
    handle: 'shipping-policy',
    body: `We ship to addresses in the United States.

Orders are printed and shipped within 2 business days. Standard delivery takes 3 to 7 business days after shipping; you get a tracking link by email when your order leaves us.

Shipping is free on orders over $50. Below that, standard shipping is a flat $4.99.`,
  },
  {
    handle: 'refund-policy',
    body: `You can return unworn, unwashed shirts within 30 days of delivery for a full refund of the item price.

To start a return, email us with your order number. We send a prepaid return label; refunds go to the original payment method within 5 business days of the return arriving.

Shirts that arrive damaged or misprinted are replaced or refunded at no cost: send us a photo within 30 days.`,
  },
  {
    handle: 'privacy-policy',
    body: `We collect what we need to take and deliver your order: your name, email address, shipping address and order details. Payments are handled by our payment provider; we never see or store your card number.

We use your email to send order updates, and marketing only if you ask for it. You can unsubscribe at any time.

We do not sell your personal information. You can ask us for a copy of the data we hold about you, or ask us to delete it, by email.`,
  },
  {
    handle: 'terms-of-service',
    body: `These terms apply to every purchase from Neural Threads.

Prices are in US dollars and include no sales tax; tax is calculated at checkout where it applies. We may correct a price shown in error before your order ships.

The designs on our shirts are ours; buying a shirt does not grant a right to reproduce them.

These terms are governed by the laws of the United States and the state in which Neural Threads is registered.`,
  },
];

export const SEED_MENUS: readonly MenuInput[] = [
  {
    handle: 'main-menu',
    title: 'Main menu',
    items: [
      { title: 'Home', type: 'FRONTPAGE' },
      {
        title: 'Shop',
        type: 'CATALOG',
        items: SEED_COLLECTIONS.filter((c) => c.handle !== FRONTPAGE).map((c) => ({
          title: c.title,
          type: 'COLLECTION',
          handle: c.handle,
        })),
      },
      { title: 'About', type: 'PAGE', handle: 'about' },
      { title: 'FAQ', type: 'PAGE', handle: 'faq' },
    ],
  },
  {
    handle: 'footer',
    title: 'Footer menu',
    items: [
      { title: 'Search', type: 'SEARCH' },
      { title: 'About', type: 'PAGE', handle: 'about' },
      { title: 'FAQ', type: 'PAGE', handle: 'faq' },
      ...SEED_POLICIES.map((p) => ({ title: POLICY_TITLES[p.handle], type: 'SHOP_POLICY' as const, handle: p.handle })),
    ],
  },
];

export const SEED_ARTICLES: readonly ArticleInput[] = [
  {
    blogHandle: 'news',
    blogTitle: 'News',
    handle: 'meet-the-generator',
    title: 'Meet the generator behind the jokes',
    author: 'Neural Threads Team',
    excerpt: 'How a theme becomes a shirt: concepts, designs and a human who says no to the bad puns.',
    tags: ['behind the scenes', 'ai'],
    body: `Every Neural Threads shirt starts as a theme: "AI quotes for entrepreneurs", say. The generator turns it into a handful of concepts, each with a name, a quote and a price.

Then it sets each quote as a print-ready design, one at a time. A human reviews every one and publishes only the shirts worth wearing.

The result is a shop that grows a little funnier every week.`,
  },
];

export const SEED_DISCOUNT_CODES: readonly DiscountCodeInput[] = [{ code: SEED_DISCOUNT_CODE, percentOff: 10 }];
