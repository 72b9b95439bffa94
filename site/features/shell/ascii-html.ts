/**
 * A page's HTML with every character outside ASCII written as a character reference (`“` becomes
 * `&#8220;`), so the browser reads the same text from a document that is ASCII throughout.
 *
 * Why: Blink keeps a document's text in one byte per character only while every character fits in
 * Latin-1. A single curly quote in a product title turns the whole 70 KB page into two bytes per
 * character, and decoding it on the main thread took 3 to 7 ms instead of under 1 ms, in the task
 * right before the page is parsed (docs/architecture.md, "Pages in ASCII").
 *
 * The text of `<script>` and `<style>` elements is left as it is: character references mean nothing
 * there, and the Content-Security-Policy's hashes cover it. The sources keep those ASCII themselves
 * (JSON-LD as `\u` escapes; no such character in a style sheet: the hero's quotation marks come from
 * `<q>`), and a test reads every built page.
 */
export function asciiHtml(html: string): string {
  if (!ANY_NON_ASCII.test(html)) return html;
  let out = '';
  let last = 0;
  for (const raw of html.matchAll(RAW_TEXT_ELEMENT)) {
    out += characterReferences(html.slice(last, raw.index)) + raw[0];
    last = raw.index + raw[0].length;
  }
  return out + characterReferences(html.slice(last));
}

// Without the `u` flag (which halves the speed over a page; a build runs this on every page): a
// surrogate pair is matched whole, so an emoji is one reference, not two halves.
const ANY_NON_ASCII = /[^\x00-\x7f]/;
/** A code point outside ASCII (a whole emoji, not half of it). */
const NON_ASCII = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\x00-\x7f]/g;
const RAW_TEXT_ELEMENT = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

function characterReferences(text: string): string {
  return text.replace(NON_ASCII, (c) => `&#${c.codePointAt(0)};`);
}
