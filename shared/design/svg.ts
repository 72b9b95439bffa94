/** SVG document assembly and the escaping of every piece of text that enters it. */

// Characters XML 1.0 cannot carry at all, even escaped (most C0 controls, lone surrogates, U+FFFE/FFFF).
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an element or a quoted attribute: markup escaped, lone surrogates replaced, impossible characters dropped. */
export function escapeXml(text: string): string {
  return text
    .toWellFormed()
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (char) => ENTITIES[char] ?? '');
}

/** A coordinate with at most two decimals, no trailing zeros (keeps the SVG small). */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Shared definitions (glyph outlines) of one SVG document, with an id prefix so documents can nest. */
export interface SvgDefs {
  prefix: string;
  entries: Map<string, string>;
}

export function createDefs(prefix = ''): SvgDefs {
  return { prefix, entries: new Map() };
}

/** Adds a definition once and returns its full id. */
export function define(defs: SvgDefs, id: string, markup: (fullId: string) => string): string {
  const fullId = `${defs.prefix}${id}`;
  if (!defs.entries.has(fullId)) defs.entries.set(fullId, markup(fullId));
  return fullId;
}

export function defsMarkup(defs: SvgDefs): string {
  return defs.entries.size === 0 ? '' : `<defs>${[...defs.entries.values()].join('')}</defs>`;
}

export interface SvgDocumentParts {
  width: number;
  height: number;
  /** Accessible name: the literal text the picture shows. */
  title: string;
  defs: SvgDefs;
  body: string;
}

export function svgDocument(parts: SvgDocumentParts): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${parts.width}" height="${parts.height}" ` +
    `viewBox="0 0 ${parts.width} ${parts.height}" role="img">` +
    `<title>${escapeXml(parts.title)}</title>${defsMarkup(parts.defs)}${parts.body}</svg>`
  );
}
