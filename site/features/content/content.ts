import type { ContentPage, MenuItem, Policy } from '../../../shared/storefront/browser.ts';
import { allProducts, homeProducts, loading, perBuild, perBuildByKey, READS_KEPT_PER_BUILD, storefront } from '../catalogue/catalogue.ts';
import { builtCollections, DEFAULT_SORT, everyCollectionProducts } from '../collections/collections.ts';

/**
 * Build-time content (docs/behaviour/content.md): the header's and footer's menus, the shop's
 * policies and its content pages. A policy or page with no content is left out, never built empty,
 * and a menu item that leads nowhere on this site is dropped.
 */

export const MAIN_MENU = 'main-menu';
export const FOOTER_MENU = 'footer';

const menus = perBuildByKey<MenuItem[] | null>();

export const pagePath = (handle: string): string => `/pages/${encodeURIComponent(handle)}`;
export const policyPath = (handle: string): string => `/policies/${encodeURIComponent(handle)}`;

export function menu(handle: string): Promise<MenuItem[] | null> {
  return menus(handle, () => loading(`the menu ${handle}`, () => storefront().menu(handle)));
}

/** The shop's policies that have something to show. */
export const policies: () => Promise<Policy[]> = perBuild(() =>
  loading('the shop policies', async () => (await storefront().shopPolicies()).filter((policy) => htmlHasText(policy.body))),
);

/** Content pages that have something to show. */
export const contentPages: () => Promise<ContentPage[]> = perBuild(() =>
  loading('the content pages', async () => (await storefront().pages()).filter((page) => htmlHasText(page.body))),
);

/**
 * Starts every read a build makes: at once, what the routes' paths need (the catalogue walk, the
 * home list, each collection in its default order, the menus, policies and pages); once the walk is
 * done, what only the pages need (the collections' other orders; the catalogue asks for the
 * recommendations itself). Astro asks for each route's paths in turn and renders pages only after
 * all of them: without this, each route's reads would wait for the one before, and with everything
 * at once the reads the pages need later would slow the walk that every path waits for. Memoized like
 * the reads themselves; nothing on the dev server, which reads afresh.
 */
export function prefetchSiteData(): void {
  if (!READS_KEPT_PER_BUILD) return;
  const reads: (() => Promise<unknown>)[] = [
    allProducts,
    homeProducts,
    () => everyCollectionProducts([DEFAULT_SORT]),
    contentPages,
    policies,
    () => menu(MAIN_MENU),
    () => menu(FOOTER_MENU),
  ];
  // A failure is reported by the page or route that awaits the read.
  for (const read of reads) read().catch(() => undefined);
  allProducts()
    .then(() => everyCollectionProducts())
    .catch(() => undefined);
}

/**
 * Whether an HTML body has any text to show: the same text its page would show, so a body of only
 * a script or a style (which the page drops) counts as empty and gets no page.
 */
export function htmlHasText(html: string): boolean {
  return bodyParagraphs(html).length > 0;
}

export interface NavLink {
  title: string;
  href: string;
  /** Another site: opens as a normal link, with no referrer. */
  external: boolean;
  children: NavLink[];
}

/** A menu link's `rel`: a link to another site opens no window reference and sends no referrer. */
export function linkRel(link: Pick<NavLink, 'external'>): string | undefined {
  return link.external ? 'noopener noreferrer' : undefined;
}

/** The paths this build has pages for, so menus link only to pages that exist. */
export interface SitePaths {
  collections: ReadonlySet<string>;
  products: ReadonlySet<string>;
  pages: ReadonlySet<string>;
  policies: ReadonlySet<string>;
}

/**
 * Where a menu item leads on this site. Shopify gives absolute URLs on the shop's domain
 * (`/collections/x`, `/products/x`, `/pages/x`, `/policies/x`); they become this site's routes, and
 * an item whose page is not built (a blog, a deleted page) gives null. HTTP items to other sites stay.
 */
export function siteHref(item: Pick<MenuItem, 'type' | 'url'>, paths: SitePaths): { href: string; external: boolean } | null {
  if (!item.url) return null;
  let url: URL;
  try {
    url = new URL(item.url, 'https://site.invalid');
  } catch {
    return null;
  }
  if (item.type === 'HTTP') return url.protocol === 'https:' || url.protocol === 'http:' ? { href: url.toString(), external: true } : null;
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second] = segments;
  if (item.type === 'FRONTPAGE' || segments.length === 0) return { href: '/', external: false };
  if (item.type === 'SEARCH' || first === 'search') return { href: '/search', external: false };
  if (first === 'collections' && (second === undefined || second === 'all' || item.type === 'CATALOG' || item.type === 'COLLECTIONS'))
    return { href: '/collections', external: false };
  if (first === 'collections' && second && paths.collections.has(second))
    return { href: `/collections/${encodeURIComponent(second)}`, external: false };
  if ((first === 'products' || first === 'product') && second && paths.products.has(second))
    return { href: `/product/${encodeURIComponent(second)}`, external: false };
  if (first === 'pages' && second && paths.pages.has(second)) return { href: pagePath(second), external: false };
  if (first === 'policies' && second && paths.policies.has(second)) return { href: policyPath(second), external: false };
  return null;
}

/** A menu as this site's links: items that lead nowhere here are dropped; a group keeps its reachable children. */
export function navLinks(items: readonly MenuItem[], paths: SitePaths): NavLink[] {
  const links: NavLink[] = [];
  for (const item of items) {
    const children = item.items.flatMap((child) => {
      const target = siteHref(child, paths);
      return target ? [{ title: child.title, ...target, children: [] }] : [];
    });
    const target = siteHref(item, paths);
    if (target) links.push({ title: item.title, ...target, children });
    else if (children.length) links.push({ title: item.title, href: '', external: false, children });
  }
  return links;
}

/** Every page this build makes that a menu may link to. */
export const sitePaths: () => Promise<SitePaths> = perBuild(async () => {
  const [products, collections, pages, shopPolicies] = await Promise.all([allProducts(), builtCollections(), contentPages(), policies()]);
  return {
    products: new Set(products.map((p) => p.handle)),
    collections: new Set(collections.map((c) => c.handle)),
    pages: new Set(pages.map((p) => p.handle)),
    policies: new Set(shopPolicies.map((p) => p.handle)),
  };
});

const navigations = perBuildByKey<NavLink[]>();

/**
 * A menu of the shop as this site's links; an empty list when the shop has no such menu. Worked out
 * once per build: every page draws the same header and footer.
 */
export function navigation(handle: string): Promise<NavLink[]> {
  return navigations(handle, async () => {
    const [items, paths] = await Promise.all([menu(handle), sitePaths()]);
    return items ? navLinks(items, paths) : [];
  });
}

/** The footer's links: the shop's `footer` menu, then any policy it does not already link. */
export const footerLinks: () => Promise<NavLink[]> = perBuild(async () => {
  const menuLinks = (await navigation(FOOTER_MENU)).flatMap((link) => (link.href ? [link, ...link.children] : link.children));
  const linked = new Set(menuLinks.map((link) => link.href));
  const policyLinks: NavLink[] = (await policies())
    .filter((policy) => !linked.has(policyPath(policy.handle)))
    .map((policy) => ({ title: policy.title, href: policyPath(policy.handle), external: false, children: [] }));
  return [...menuLinks, ...policyLinks];
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * A policy's or page's HTML body as paragraphs of plain text, shown as text: the shop's HTML never
 * reaches the page as markup, so nothing in it can run. Block ends (paragraphs, headings, list items,
 * line breaks) start a new paragraph.
 */
export function bodyParagraphs(html: string): string[] {
  const text = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|blockquote|tr|section|article)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return text
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
