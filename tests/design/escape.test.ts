import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { DESIGN_LAYOUTS, planDesign, productImageSvg } from '../../shared/design/index.ts';
import { decodeEntities, parseXml } from '../fixtures/design-helpers.ts';

const HOSTILE = [
  '<script>alert(1)</script>',
  '</text></svg><script>alert(document.cookie)</script>',
  'Fish & Chips "quoted"',
  "it's &amp; <b>bold</b> &lt;",
  '"><image href=x onerror=alert(1)>',
  ']]><!-- <![CDATA[ x ]]> -->',
  '\u202eevil override\u202c and \u200fRTL mark',
  'bell \u0007 and nul-free \u0001 controls',
  'Ship it 🚀🤖👩‍💻 before the AI does',
  'lone surrogate \ud800 here',
];

/** What the <title> should say: the trimmed quote minus characters XML cannot carry. */
function expectedTitle(quote: string): string {
  return quote
    .trim()
    .toWellFormed()
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '');
}

describe('untrusted text in the SVG', () => {
  for (const layout of DESIGN_LAYOUTS) {
    it(`yields well-formed SVG with the literal text and no markup of its own: ${layout}`, () => {
      for (const quote of HOSTILE) {
        const plan = planDesign({ quote, layout, title: '<script>x</script> & "Tee"' });
        for (const svg of [plan.svg, plan.quoteSvg]) {
          const elements = parseXml(svg);
          const names = new Set(elements.map((element) => element.name));
          expect(names.has('script')).toBe(false);
          expect(names.has('b')).toBe(false);
          expect(names.has('foreignObject')).toBe(false);
          const attributes = elements.flatMap((element) => Object.keys(element.attributes));
          expect(attributes.filter((attribute) => /^on/i.test(attribute))).toEqual([]);
          for (const name of names) {
            expect(['svg', 'title', 'defs', 'path', 'use', 'g', 'rect', 'circle', 'clipPath', 'image']).toContain(name);
          }
          const title = elements.find((element) => element.name === 'title');
          expect(decodeEntities(title?.text ?? '')).toBe(expectedTitle(quote));
          // resvg's strict XML parser accepts it too.
          expect(() => new Resvg(svg)).not.toThrow();
        }
        // Text is drawn as outlines: no <text> element could be broken out of.
        expect(plan.svg).not.toMatch(/<text[\s>]/);
      }
    });
  }

  it('sets the hostile characters themselves as glyphs', () => {
    const plan = planDesign({ quote: 'Fish & Chips "quoted" <script>', layout: 'quote' });
    const text = plan.texts
      .filter((entry) => entry.role === 'quote')
      .map((entry) => entry.text)
      .join(' ');
    expect(text).toBe('Fish & Chips "quoted" <script>');
  });

  it('drops bidi overrides, so a hostile override cannot reverse what is printed', () => {
    const plan = planDesign({ quote: 'pay \u202eefil\u202c now', layout: 'quote' });
    expect(plan.texts.map((entry) => entry.text).join(' ')).toBe('pay efil now');
  });

  it('keeps the product image SVG well-formed with hostile text', () => {
    const svg = productImageSvg({ quote: '</svg><script>alert(1)</script> & more', title: '"><x>' }, '#ffffff');
    const names = new Set(parseXml(svg).map((element) => element.name));
    expect(names.has('script')).toBe(false);
    expect(names.has('x')).toBe(false);
    expect(() => new Resvg(svg)).not.toThrow();
  });

  it('refuses colours that are not plain hex before they reach an attribute', () => {
    expect(() => planDesign({ quote: 'Hello there', colors: ['#fff" onload="x'] })).toThrow(RangeError);
    expect(() => planDesign({ quote: 'Hello there', colors: ['red'] })).toThrow(/hex colour/);
  });
});
