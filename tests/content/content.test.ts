import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../shared/storefront/browser.ts';
import { bodyParagraphs, htmlHasText, linkRel, navLinks, siteHref, type SitePaths } from '../../site/features/content/content.ts';

/**
 * Menus, policies and pages as the build turns them into this site's links and text
 * (docs/behaviour/content.md): the parts that decide what a shopper can click and read.
 */

const PATHS: SitePaths = {
  collections: new Set(['ai-humor']),
  products: new Set(['per-my-last-prompt']),
  pages: new Set(['about']),
  policies: new Set(['refund-policy']),
};

const SHOP = 'https://neural-threads.myshopify.com';
const item = (title: string, url: string | null, type = 'HTTP', items: MenuItem['items'] = []): MenuItem => ({ title, url, type, items });

describe("a menu item's link on this site", () => {
  it.each([
    ['the front page', item('Home', `${SHOP}/`, 'FRONTPAGE'), '/'],
    ['the catalogue', item('All', `${SHOP}/collections/all`, 'CATALOG'), '/collections'],
    ['the list of collections', item('Collections', `${SHOP}/collections`, 'COLLECTIONS'), '/collections'],
    ['a built collection', item('AI', `${SHOP}/collections/ai-humor`, 'COLLECTION'), '/collections/ai-humor'],
    [
      "a product, Shopify's /products/ path",
      item('Shirt', `${SHOP}/products/per-my-last-prompt`, 'PRODUCT'),
      '/product/per-my-last-prompt',
    ],
    ['a content page', item('About', `${SHOP}/pages/about`, 'PAGE'), '/pages/about'],
    ['a policy', item('Refunds', `${SHOP}/policies/refund-policy`, 'SHOP_POLICY'), '/policies/refund-policy'],
    ['search', item('Search', `${SHOP}/search`, 'SEARCH'), '/search'],
    ['a path relative to the shop', item('About', '/pages/about', 'PAGE'), '/pages/about'],
  ])('%s becomes this site’s route', (_name, menuItem, href) => {
    expect(siteHref(menuItem, PATHS)).toEqual({ href, external: false });
  });

  it.each([
    ['a blog', item('Blog', `${SHOP}/blogs/news`, 'BLOG')],
    ['a deleted page', item('Old', `${SHOP}/pages/gone`, 'PAGE')],
    ['a collection this build has no page for', item('Gone', `${SHOP}/collections/gone`, 'COLLECTION')],
    ['a product this build has no page for', item('Gone', `${SHOP}/products/gone`, 'PRODUCT')],
    ['an empty policy', item('Terms', `${SHOP}/policies/terms-of-service`, 'SHOP_POLICY')],
    ['a mail link', item('Mail us', 'mailto:help@example.com')],
    ['a phone link', item('Call us', 'tel:+15555550100')],
    ['a script link', item('Run', 'javascript:alert(1)')],
    ['no URL', item('Nothing', null)],
  ])('%s leads nowhere here and is dropped', (_name, menuItem) => {
    expect(siteHref(menuItem, PATHS)).toBeNull();
  });

  it('keeps a link to another http(s) site, marked external, opened with no referrer', () => {
    const target = siteHref(item('Press', 'https://press.example.org/kit?x=1'), PATHS);
    expect(target).toEqual({ href: 'https://press.example.org/kit?x=1', external: true });
    expect(linkRel(target!)).toBe('noopener noreferrer');
    expect(linkRel({ external: false })).toBeUndefined();
  });
});

describe('a menu as links', () => {
  it('drops what leads nowhere, keeps a group whose own link is dead as a group of its live children, and drops an empty group', () => {
    const links = navLinks(
      [
        item('Home', `${SHOP}/`, 'FRONTPAGE'),
        item('Shop', `${SHOP}/collections/all`, 'CATALOG', [
          item('AI', `${SHOP}/collections/ai-humor`, 'COLLECTION'),
          item('Gone', `${SHOP}/collections/gone`, 'COLLECTION'),
        ]),
        item('Journal', `${SHOP}/blogs/news`, 'BLOG', [item('About', `${SHOP}/pages/about`, 'PAGE'), item('Mail', 'mailto:a@b.example')]),
        item('Archive', `${SHOP}/blogs/archive`, 'BLOG', [item('Old', `${SHOP}/pages/gone`, 'PAGE')]),
        item('Blog', `${SHOP}/blogs/news`, 'BLOG'),
      ],
      PATHS,
    );
    expect(links).toEqual([
      { title: 'Home', href: '/', external: false, children: [] },
      {
        title: 'Shop',
        href: '/collections',
        external: false,
        children: [{ title: 'AI', href: '/collections/ai-humor', external: false, children: [] }],
      },
      { title: 'Journal', href: '', external: false, children: [{ title: 'About', href: '/pages/about', external: false, children: [] }] },
    ]);
  });
});

describe("a policy's or page's body", () => {
  it('becomes paragraphs of plain text at block ends, with entities read and scripts, styles and templates gone', () => {
    const html =
      '<h2>Returns</h2><p>Within 30&nbsp;days &amp; unworn.<br>Email us.</p><script>alert(1)</script><style>p{}</style>' +
      '<template><p>hidden</p></template><ul><li>Tags &lt;on&gt;</li><li>&#8220;Quoted&#x201D;</li></ul><p><img src=x onerror=alert(2)>  spaced   out </p>';
    expect(bodyParagraphs(html)).toEqual(['Returns', 'Within 30 days & unworn.', 'Email us.', 'Tags <on>', '“Quoted”', 'spaced out']);
  });

  it('leaves unknown and impossible entities harmless', () => {
    expect(bodyParagraphs('<p>&bogus; &#0; &#x110000; ok</p>')).toEqual(['&bogus; ok']);
  });

  it.each([
    ['', false],
    ['   ', false],
    ['<p> </p><p>&nbsp;</p><br>', false],
    ['<script>alert(1)</script>', false],
    ['<style>p{color:red}</style><p></p>', false],
    ['<p>Thirty days.</p>', true],
  ])('%j has text to show: %s', (html, expected) => {
    expect(htmlHasText(html)).toBe(expected);
  });
});
