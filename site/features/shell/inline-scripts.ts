/**
 * The pages' few inline scripts, as text: a page renders them with `set:html` and lists their
 * hashes in its Content-Security-Policy (`Astro.csp.insertScriptHash`), which hashes nothing inline by itself.
 */

/**
 * The hero's random tagline, picked by the script at the top of the hero, before the taglines
 * themselves are parsed: the hero says how many there are (`data-taglines`).
 */
export const PICK_TAGLINE = `(function () {
  var hero = document.currentScript && document.currentScript.parentNode;
  var count = hero ? Number(hero.getAttribute('data-taglines')) : 0;
  if (count > 0) hero.setAttribute('data-pick', String(Math.floor(Math.random() * count)));
})();`;

/** The not-found page names the missing path in the console. */
export const LOG_MISSING_PATH = "console.error('Page not found: ' + window.location.pathname);";
