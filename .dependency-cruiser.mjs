// The import rules of the house (docs/architecture.md#import-rules), checked by `npm run lint:imports`.
// tests/architecture/import-rules.test.ts proves that each rule fails on a file that breaks it.

/** A module of shared/ is entered only through its door: index.ts (everything) or browser.ts (the browser-safe part). */
const DOOR = '^shared/[^/]+/(index|browser)[.]ts$';

/** What runs in a browser: the islands, stores and client modules of site/features, and the client directive. */
const BROWSER_CODE = ['^site/features/[^/]+/[^/]+[.](ts|tsx)$', '^site/directives/(interact|stale)[.]ts$'];
/** Modules of site/features that run only at build time (Astro pages import them, never an island). */
const BUILD_TIME =
  '^site/features/(catalogue/(catalogue|catalogue-error|catalogue-walk|browser-endpoint|responsive-image)|collections/collections|content/content|product/recommendations|seo/seo|shell/(csp-hash|react-islands|storefront-styles))[.]ts$';

/** shared/ code that is safe in a browser: no Node, no zod, no undici, no graphql behind it. */
const BROWSER_SAFE_SHARED = [
  '^shared/[^/]+/browser[.]ts$',
  '^shared/(common|cart|product|limits)/',
  '^shared/storefront/(browser|browser-checkout|fetch|checkout-url|constants|errors)[.]ts$',
  '^shared/storefront/documents/',
  '^shared/generator/(browser|messages|pipeline|types|errors)[.]ts$',
  '^shared/staff/(browser|messages|who)[.]ts$',
];
/** The doors browser code may import, for values and for types alike. */
const BROWSER_DOORS = ['^shared/[^/]+/browser[.]ts$', '^shared/(common|cart|product|limits)/index[.]ts$'];
/** A feature's style sheet, which browser code may take as text (`?inline`, minified by Vite). */
const FEATURE_STYLES = '^site/features/[^/]+/[^/]+[.]css$';
/** npm packages the browser bundles may contain: React, nanostores, and on the staff pages the auth library's client and a QR encoder. */
const BROWSER_PACKAGES =
  '(^|/)node_modules/(react|react-dom|nanostores|@nanostores/persistent|uqr|better-auth/dist/client|@better-auth/passkey/dist/client)(/|[.])';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-deep-imports',
      severity: 'error',
      comment: 'site/ and cli/ use a shared/ module only through its door (shared/<module>/index.ts or browser.ts).',
      from: { path: '^(site|cli)/' },
      to: { path: '^shared/', pathNot: DOOR },
    },
    {
      name: 'no-deep-imports-across-shared',
      severity: 'error',
      comment: 'Inside shared/, a module uses another module only through its door.',
      from: { path: '^shared/([^/]+)/' },
      to: { path: '^shared/', pathNot: ['^shared/$1/', DOOR] },
    },
    {
      name: 'shared-stays-below',
      severity: 'error',
      comment: 'shared/ is the framework-free core: it never imports site/ or cli/ (or tests/).',
      from: { path: '^shared/' },
      to: { path: '^(site|cli|tests)/' },
    },
    {
      name: 'browser-takes-browser-doors',
      severity: 'error',
      comment:
        'Browser code imports shared/ only through browser-safe doors and never imports server code, for values and for types alike.',
      from: { path: BROWSER_CODE, pathNot: BUILD_TIME },
      to: { path: ['^shared/', '^site/server/', '^site/features/[^/]+/server/', BUILD_TIME], pathNot: BROWSER_DOORS },
    },
    {
      name: 'browser-runs-browser-code',
      severity: 'error',
      comment:
        "What browser code loads at run time is browser code, browser-safe shared/ code, a feature's style sheet as text, or React and nanostores.",
      from: { path: BROWSER_CODE, pathNot: BUILD_TIME },
      to: {
        dependencyTypesNot: ['type-only'],
        pathNot: [...BROWSER_CODE, ...BROWSER_SAFE_SHARED, FEATURE_STYLES, BROWSER_PACKAGES],
      },
    },
    {
      name: 'browser-safe-shared-stays-safe',
      severity: 'error',
      comment: 'The browser-safe part of shared/ loads only browser-safe shared/ code at run time (types may come from anywhere).',
      from: { path: BROWSER_SAFE_SHARED },
      to: { dependencyTypesNot: ['type-only'], pathNot: BROWSER_SAFE_SHARED },
    },
    {
      name: 'test-only-packages',
      severity: 'error',
      comment:
        'Packages installed only to test against (hydrogen-react, and dev-mcp for the Admin schema) stay in tests/: no site, shared or cli code, and so no bundle, loads them.',
      from: { pathNot: '^tests/' },
      to: { path: '(^|/)node_modules/@shopify/(hydrogen-react|dev-mcp)/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No module imports itself through others (type-only links excepted: they vanish at run time).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'Every import resolves, so no rule passes by not seeing a file.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^lib/', '[.]astro/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
