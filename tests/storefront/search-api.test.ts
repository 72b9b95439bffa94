import { describe, expect, it } from 'vitest';
import { isSearchSort, SEARCH_SORTS } from '../../site/features/search/search-api.ts';

/** The /search page's `sort` from its URL: only the page's own orders; anything else is relevance. */
describe("the /search page's sort from the URL", () => {
  it('takes the three orders the page offers', () => {
    expect(SEARCH_SORTS).toEqual(['relevance', 'price-ascending', 'price-descending']);
    for (const sort of SEARCH_SORTS) expect(isSearchSort(sort)).toBe(true);
  });

  it.each([null, '', 'price', 'PRICE', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('refuses %j', (value) => {
    expect(isSearchSort(value)).toBe(false);
  });
});
