import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DESIGN_LAYOUTS,
  MIN_CAPTION_SIZE,
  MIN_FONT_SIZE,
  PRINT_WIDTH,
  SAFE_AREA,
  planDesign,
  type DesignRequest,
} from '../../shared/design/index.ts';
import { inside, renderedInk } from '../fixtures/design-helpers.ts';

/** Fit checks render at a tenth of the print width: geometry scales, and one pixel is 10 print px. */
const CHECK_WIDTH = 450;
const PIXEL = PRINT_WIDTH / CHECK_WIDTH;

const VARIED_QUOTES = [
  'AI!',
  'Pneumonoultramicroscopicsilicovolcanoconiosis',
  `Supercalifragilisticexpialidocious${'x'.repeat(140)}`,
  'x'.repeat(200),
  `${'W'.repeat(120)} ${'M'.repeat(79)}`,
  'My AI assistant scheduled a meeting with my other AI assistant to discuss synergy. Neither of them invited me, and honestly the quarterly numbers have never looked better than they do now. Ok',
  'a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p q r s t u v w x y z',
  '<script>alert(1)</script>',
  'Fish & Chips "quoted"',
  'שלום עולם means hello world in AI',
  '\u200fRTL mark\u200e and \u202eoverride\u202c inside',
  'Ship it 🚀🤖👩‍💻 before the AI does 🇺🇸❤️',
  '🤖🤖🤖',
  'Привет, ΑΙ! Ünïcödé façade — “curly” quotes…',
];

function assertFits(request: DesignRequest): ReturnType<typeof planDesign> {
  const plan = planDesign(request);
  expect(inside(plan.quoteArea, SAFE_AREA, 0.01), `quote area of ${plan.layout}`).toBe(true);
  expect(plan.texts.some((text) => text.role === 'quote')).toBe(true);
  for (const text of plan.texts) {
    const area = text.role === 'quote' ? plan.quoteArea : SAFE_AREA;
    expect(inside(text.box, area, 0.01), `${plan.layout} ${text.role} "${text.text}" ${JSON.stringify(text.box)}`).toBe(true);
    expect(text.fontSize).toBeGreaterThanOrEqual(text.role === 'quote' ? MIN_FONT_SIZE : MIN_CAPTION_SIZE);
  }
  return plan;
}

async function assertRenderedFits(request: DesignRequest): Promise<void> {
  const plan = assertFits(request);
  const quoteInk = await renderedInk(plan.quoteSvg, PRINT_WIDTH, CHECK_WIDTH);
  if (!quoteInk) throw new Error(`No quote drawn for ${JSON.stringify(request.quote)} in ${plan.layout}`);
  expect(inside(quoteInk, plan.quoteArea, PIXEL * 1.5), `${plan.layout} quote ink ${JSON.stringify(quoteInk)}`).toBe(true);
  const allInk = await renderedInk(plan.svg, PRINT_WIDTH, CHECK_WIDTH);
  if (!allInk) throw new Error('Nothing drawn');
  expect(inside(allInk, SAFE_AREA, PIXEL * 1.5), `${plan.layout} design ink ${JSON.stringify(allInk)}`).toBe(true);
}

describe('fitting quotes into the print area', () => {
  for (const layout of DESIGN_LAYOUTS) {
    it(`keeps every varied quote inside the safe area and above the minimum size: ${layout}`, async () => {
      for (const quote of VARIED_QUOTES) {
        await assertRenderedFits({ quote, layout, title: 'Neural Threads Classic Tee' });
      }
    });
  }

  it('fits with long hostile captions too', async () => {
    const title = `${'<b>&amp;</b> '.repeat(10)}${'Averyveryverylongproductnamewithoutspaces'.repeat(3)}`.slice(0, 200);
    for (const layout of DESIGN_LAYOUTS) {
      await assertRenderedFits({ quote: 'Prompt engineer by day, prompt engineer by night', layout, title });
    }
  });

  it('fits 200 of the widest characters in every layout, also below landscape, portrait and square artwork', async () => {
    const artworks = await Promise.all(
      [
        [1536, 1024],
        [1024, 1536],
        [1024, 1024],
      ].map(
        async ([width = 1, height = 1]) =>
          new Uint8Array(
            await sharp({ create: { width, height, channels: 4, background: '#123456' } })
              .png()
              .toBuffer(),
          ),
      ),
    );
    for (const char of ['W', '—', '🤖']) {
      for (const separator of ['', ' ']) {
        const quote = Array.from({ length: 200 }, (_, index) => (index % 2 === 1 ? separator || char : char))
          .join('')
          .trim();
        for (const layout of DESIGN_LAYOUTS) {
          for (const artwork of [undefined, ...artworks]) {
            const plan = assertFits({ quote, layout, artwork, title: 'W'.repeat(200) });
            if (plan.artworkBox) {
              const artBottom = plan.artworkBox.y + plan.artworkBox.height;
              expect(plan.texts.every((text) => text.box.y > artBottom)).toBe(true);
            }
          }
        }
      }
    }
  });

  it('breaks a single word longer than a line with hyphens rather than overflowing', () => {
    const plan = assertFits({ quote: 'x'.repeat(200), layout: 'quote' });
    const lines = plan.texts.filter((text) => text.role === 'quote');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(0, -1).every((line) => line.text.endsWith('-'))).toBe(true);
    expect(lines.map((line) => line.text.replace(/-$/, '')).join('')).toBe('x'.repeat(200));
  });

  it('keeps words whole when shrinking costs little', () => {
    const plan = assertFits({ quote: 'I trained a model and all I got was this shirt', layout: 'quote' });
    expect(plan.texts.some((text) => text.text.includes('-'))).toBe(false);
  });
});

const wordChars = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'&<>"\'.,;:!?()-—…',
  'é',
  'ß',
  'Ж',
  'λ',
  'ש',
  '🤖',
  '🚀',
  '👩‍💻',
  '\u200f',
);
const word = fc.oneof(
  { weight: 6, arbitrary: fc.array(wordChars, { minLength: 1, maxLength: 9 }).map((chars) => chars.join('')) },
  { weight: 1, arbitrary: fc.array(wordChars, { minLength: 10, maxLength: 60 }).map((chars) => chars.join('')) },
);
const quoteArbitrary = fc
  .array(word, { minLength: 1, maxLength: 60 })
  .map((words) => words.join(' '))
  .map((text) => Array.from(text.trim()).slice(0, 200).join('').trim())
  .filter((text) => Array.from(text).length >= 3 && /[^\s\u200f]/u.test(text));
const requestArbitrary = fc.record({
  quote: quoteArbitrary,
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  title: fc.option(fc.string({ maxLength: 80 }), { nil: undefined }),
});

describe('fitting generated quotes', () => {
  it('fits a few hundred generated quotes by layout geometry', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        assertFits(request);
      }),
      { numRuns: 400, seed: 20_261_121 },
    );
  });

  it('fits generated quotes in the rendered pixels', async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary, async (request) => {
        await assertRenderedFits(request);
      }),
      { numRuns: 80, seed: 4_500_540 },
    );
  });
});
