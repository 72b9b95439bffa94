/**
 * Styles only code loaded later draws with (the cart drawer's, the search suggestions'), applied
 * when that code loads instead of riding in every page's inline sheet (docs/architecture.md, "One
 * style sheet per kind of page"). A constructed sheet (`document.adoptedStyleSheets`) is CSSOM,
 * which the Content-Security-Policy does not govern. A browser without constructed sheets (Safari
 * before 16.4) gets a `<style>` element instead, which every storefront page allows by its hash.
 */

const adopted = new Set<string>();

/** Applies `css` to the document once, after the sheets the page already has (so it wins a tie); nothing on the server. */
export function adoptStyleSheet(css: string): void {
  if (typeof document === 'undefined' || adopted.has(css)) return;
  adopted.add(css);
  if ('adoptedStyleSheets' in document && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}
