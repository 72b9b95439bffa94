/**
 * The pages' few inline scripts, as text: a page renders them with `set:html` and lists their
 * hashes in its Content-Security-Policy (`Astro.csp.insertScriptHash`), which hashes nothing inline by itself.
 */

/** The hero's random tagline, picked before first paint. */
export const PICK_TAGLINE = `(function () {
  var el = document.getElementById('tagline');
  if (el) el.setAttribute('data-pick', String(Math.floor(Math.random() * el.children.length)));
})();`;

/** The not-found page names the missing path in the console. */
export const LOG_MISSING_PATH = "console.error('Page not found: ' + window.location.pathname);";
