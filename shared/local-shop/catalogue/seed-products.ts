/**
 * The catalogue a fresh embedded shop starts with: funny AI-themed t-shirts for entrepreneurs,
 * small-business owners and professionals over 40. Prices in USD; 2XL costs 2.00 more. Colours are
 * limited to two per product so every product fits the storefront's 10-variant query (5 sizes × 2).
 */

export type SeedColor = 'Black' | 'White' | 'Orange';

export interface SeedProduct {
  title: string;
  /** The line printed on the shirt. */
  quote: string;
  description: string;
  tags: string[];
  /** Price of S–XL; 2XL is this plus 2.00. */
  price: string;
  /** Colour option values; absent: a Size option only, printed on `shirt`. */
  colors?: [SeedColor, SeedColor];
  /** Shirt colour of the product photo when there is no Color option. */
  shirt?: SeedColor;
  /** Variants sold out, as "Size" or "Size / Color". */
  soldOut?: string[];
  /** Every variant sold out. */
  allSoldOut?: true;
  /** Shown without a product photo. */
  noImage?: true;
}

export const SHIRT_HEX: Record<SeedColor, string> = { Black: '#111111', White: '#f4f4f2', Orange: '#fe972e' };

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  {
    title: 'Per My Last Prompt',
    quote: 'Per my last prompt…',
    description:
      'For anyone who has asked the AI the same thing three times, politely. The passive-aggressive email sign-off, upgraded for the age of chatbots. Soft cotton, firm tone.',
    tags: ['office humor', 'prompting', 'email'],
    price: '26.99',
    colors: ['Black', 'White'],
    soldOut: ['2XL / White'],
  },
  {
    title: 'Ctrl + Alt + Delegate',
    quote: 'Ctrl + Alt + Delegate',
    description:
      'Twenty years of doing it all yourself taught you one shortcut worth knowing. The new assistant never sleeps, never takes lunch and never asks for a raise.',
    tags: ['founders', 'delegation', 'keyboard shortcuts'],
    price: '24.99',
    colors: ['Black', 'Orange'],
  },
  {
    title: 'Human in the Loop Since 1979',
    quote: 'Human in the loop. Since 1979.',
    description:
      'Before machine learning there was you, learning the fax machine, the spreadsheet, the smartphone and now this. Vintage model, fully upgraded, still the final approval on everything.',
    tags: ['vintage', 'human in the loop', 'birthday'],
    price: '27.99',
    shirt: 'Black',
    soldOut: ['S'],
  },
  {
    title: 'Small Business, Large Language Model',
    quote: 'Small business. Large language model.',
    description:
      'A staff of one with the output of a department. Wear it to the chamber of commerce breakfast and watch the consultants take notes.',
    tags: ['small business', 'llm', 'owners'],
    price: '25.99',
    colors: ['White', 'Black'],
  },
  {
    title: "I Survived Dial-Up. I'll Survive AI.",
    quote: "I survived dial-up. I'll survive AI.",
    description:
      'You heard the modem screech, lived through Y2K and learned to reply-all responsibly. A chatbot is not going to rattle you now. Sold out in every size, much like patience in 1998.',
    tags: ['retro', 'dial-up', 'resilience'],
    price: '24.99',
    shirt: 'Black',
    allSoldOut: true,
  },
  {
    title: 'My Co-Founder Is a Chatbot',
    quote: 'My co-founder is a chatbot. It never asks for equity.',
    description:
      'Works weekends, writes the first draft of everything and has never once taken credit at a board meeting. The only partner who is happy with your vesting schedule.',
    tags: ['founders', 'startups', 'equity'],
    price: '28.99',
    colors: ['Black', 'White'],
  },
  {
    title: 'Out of Office (My AI Is Handling It)',
    quote: 'Out of office. My AI is handling it. Pray for my inbox.',
    description:
      'Auto-reply, autopilot, auto-everything. For the well-earned long weekend when the agent minds the shop and you mind the barbecue. Photo coming soon: the photographer is also out of office.',
    tags: ['vacation', 'agents', 'inbox'],
    price: '24.99',
    shirt: 'White',
    noImage: true,
  },
  {
    title: 'Bifocals and Algorithms',
    quote: 'Bifocals for the fine print. Algorithms for everything else.',
    description: 'You have earned both. One helps you read the contract; the other summarises it before your coffee goes cold.',
    tags: ['over 40', 'contracts', 'reading glasses'],
    price: '26.99',
    shirt: 'White',
  },
  {
    title: 'Trust, but Verify the AI',
    quote: 'Trust, but verify the AI.',
    description:
      'It wrote a lovely report. It also invented a city in Belgium. Seasoned professionals check the sources; this shirt says so before you have to.',
    tags: ['hallucinations', 'due diligence', 'management'],
    price: '23.99',
    colors: ['Black', 'Orange'],
  },
  {
    title: 'Back in My Day We Called It a Macro',
    quote: 'Back in my day we called it a macro.',
    description:
      'You were automating invoices in a spreadsheet while today’s AI gurus were learning to walk. Respect your elders: they wrote the first VLOOKUP.',
    tags: ['spreadsheets', 'automation', 'retro'],
    price: '25.99',
    shirt: 'Black',
  },
  {
    title: 'Powered by Coffee and Large Language Models',
    quote: 'Powered by coffee and large language models.',
    description:
      'One runs on beans, the other on GPUs; together they clear the to-do list before noon. The shirt is machine washable. The machine learning is not.',
    tags: ['coffee', 'productivity', 'llm'],
    price: '22.99',
    colors: ['White', 'Black'],
  },
  {
    title: 'Senior Professional, Junior Prompt Engineer',
    quote: 'Senior professional. Junior prompt engineer.',
    description:
      'Thirty years of expertise, three months of prompting, and the honesty to admit which one does the heavy lifting. Conference small talk, solved.',
    tags: ['careers', 'prompting', 'conferences'],
    price: '27.99',
    shirt: 'Orange',
  },
  {
    title: "I'm Not a Robot (I Checked the Box)",
    quote: "I'm not a robot. I checked the box myself.",
    description:
      'Proof of humanity for the Monday meeting. Still picking out traffic lights in blurry photos, still better at small talk than any algorithm.',
    tags: ['captcha', 'meetings', 'humans'],
    price: '21.99',
    shirt: 'White',
  },
  {
    title: "The Algorithm Can Wait. My Customers Can't.",
    quote: "The algorithm can wait. My customers can't.",
    description:
      'For shop owners who know the real engagement metric is a handshake at the counter. The AI does the paperwork; you do the people.',
    tags: ['customers', 'main street', 'small business'],
    price: '29.99',
    colors: ['Black', 'White'],
  },
];
