import { Resvg } from '@resvg/resvg-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DESIGN_LAYOUTS, planDesign, DesignInputError } from '../../shared/design/index.ts';
import { TextFitError } from '../../shared/design/fit.ts';
import { parseXml } from '../fixtures/design-helpers.ts';
import { HOSTILE_TEXTS } from '../support/hostile-text.ts';

/**
 * The print's SVG for any quote and title at all, as a property: either the renderer refuses the
 * text with its own input error, or the SVG is well-formed, made only of the elements the renderer
 * draws with, and carries no event handler or script, whatever markup the text held.
 */

const ELEMENTS = new Set(['svg', 'title', 'defs', 'path', 'use', 'g', 'rect', 'circle', 'clipPath', 'image']);
const anyText = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 120 }),
  fc.constantFrom(...HOSTILE_TEXTS),
  fc
    .array(fc.constantFrom(...HOSTILE_TEXTS, ' ', '&', '<', '>', '"', "'", ']]>', '<!--', '\u202E', '🤖'), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join('')),
);

describe('the design SVG with any text', () => {
  it('property: well-formed, only the renderer’s own elements, no handlers, or a refusal of the text', () => {
    fc.assert(
      fc.property(anyText, anyText, fc.constantFrom(...DESIGN_LAYOUTS), fc.nat(1000), (quote, title, layout, seed) => {
        let svg: string;
        try {
          svg = planDesign({ quote: quote.slice(0, 200), title: title.slice(0, 80), layout, seed }).svg;
        } catch (error) {
          // Text the print cannot carry (too short once cleaned, or too long to fit) is refused, as the API's 422 says.
          expect(error instanceof DesignInputError || error instanceof TextFitError, String(error)).toBe(true);
          return;
        }
        const elements = parseXml(svg);
        for (const element of elements) {
          expect(ELEMENTS.has(element.name), element.name).toBe(true);
          expect(Object.keys(element.attributes).filter((name) => /^on/i.test(name))).toEqual([]);
          // A `javascript:` in the title's text is text; in an attribute it would be a link.
          expect(Object.values(element.attributes).filter((value) => /^\s*javascript:/i.test(value))).toEqual([]);
        }
        expect(svg).not.toMatch(/<script/i);
        expect(() => new Resvg(svg)).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });
});
