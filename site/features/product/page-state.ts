/**
 * The product page is static, but a product can vanish (or lose its variants) after the build.
 * The page carries a block for each state; this shows the one that now applies.
 */
export type ProductPageState = 'ready' | 'gone' | 'no-variant';

export function showPageState(state: ProductPageState): void {
  for (const block of document.querySelectorAll<HTMLElement>('[data-page-state]')) {
    block.hidden = block.dataset.pageState !== state;
  }
}
