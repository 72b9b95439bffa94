import { formatPrice } from '../../../shared/common/index.ts';
import type { BrowserEndpoint } from '../../../shared/storefront/browser.ts';
import { imageAtWidth } from '../catalogue/image-url.ts';
import { fetchSearchPage, isSearchSort, productPath, type SearchProduct, type SearchSort } from './search-api.ts';

/**
 * The /search page's results: the page is static, so the query in its URL is run here, live against
 * the Storefront API with the public token (new products show without a rebuild). Plain DOM code, no
 * React: the page needs no island to list links (docs/behaviour/search.md). Every text goes in as
 * text, never as HTML.
 */

export function resultsSummary(count: number, query: string): string {
  if (count === 0) return `No results for “${query}”. Try another word, or browse the collections.`;
  return `${count} result${count === 1 ? '' : 's'} for “${query}”`;
}

function resultItem(product: SearchProduct): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'search-result';
  const link = document.createElement('a');
  link.className = 'search-result-link';
  link.href = productPath(product.handle);
  if (product.image) {
    const img = document.createElement('img');
    img.src = imageAtWidth(product.image.url, 192);
    img.alt = '';
    img.width = 96;
    img.height = 96;
    img.decoding = 'async';
    link.append(img);
  } else {
    const none = document.createElement('span');
    none.className = 'search-result-noimage';
    none.textContent = 'No Image';
    link.append(none);
  }
  const title = document.createElement('span');
  title.className = 'search-result-title';
  title.textContent = product.title;
  link.append(title);
  const price = document.createElement('span');
  price.className = 'search-result-price';
  price.textContent = formatPrice(product.price);
  link.append(price);
  item.append(link);
  if (product.description) {
    const description = document.createElement('p');
    description.className = 'search-result-description';
    description.textContent = product.description;
    item.append(description);
  }
  return item;
}

export function startSearchPage(root: HTMLElement): void {
  const endpoint: BrowserEndpoint = { graphqlUrl: root.dataset.graphqlUrl ?? '', token: root.dataset.token ?? '' };
  const input = root.querySelector<HTMLInputElement>('input[name="q"]')!;
  const sortSelect = root.querySelector<HTMLSelectElement>('select[name="sort"]')!;
  const summary = root.querySelector<HTMLElement>('[data-search-summary]')!;
  const results = root.querySelector<HTMLUListElement>('[data-search-results]')!;
  const more = root.querySelector<HTMLButtonElement>('[data-search-more]')!;

  const params = new URLSearchParams(window.location.search);
  const query = (params.get('q') ?? '').trim();
  const sortParam = params.get('sort');
  let sort: SearchSort = isSearchSort(sortParam) ? sortParam : 'relevance';
  input.value = query;
  sortSelect.value = sort;
  let cursor: string | null = null;
  let controller: AbortController | undefined;

  async function load(append: boolean): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    more.disabled = true;
    if (!append) {
      results.replaceChildren();
      cursor = null;
      summary.textContent = `Searching for “${query}”…`;
    }
    try {
      const page = await fetchSearchPage(endpoint, query, { after: cursor, sort }, current.signal);
      results.append(...page.products.map(resultItem));
      cursor = page.endCursor;
      summary.textContent = resultsSummary(page.totalCount, query);
      more.hidden = !page.hasNextPage;
    } catch (error) {
      if (current.signal.aborted) return;
      console.error('Search failed:', error instanceof Error ? error.message : error);
      summary.textContent = 'Search failed. Please try again.';
    } finally {
      if (controller === current) more.disabled = false;
    }
  }

  if (!query) {
    summary.textContent = 'Type a word above to search every shirt in the shop.';
    return;
  }
  document.title = `Search: ${query} | ${document.title.split(' | ').at(-1)}`;
  sortSelect.addEventListener('change', () => {
    sort = isSearchSort(sortSelect.value) ? sortSelect.value : 'relevance';
    const url = new URL(window.location.href);
    url.searchParams.set('sort', sort);
    history.replaceState(null, '', url);
    void load(false);
  });
  more.addEventListener('click', () => void load(true));
  void load(false);
}
