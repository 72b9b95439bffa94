/** A meta description's length: what search engines show of it. */
export const META_DESCRIPTION_LENGTH = 160;

/**
 * One line of plain text of at most `max` characters (ellipsis included), cut at a word boundary:
 * a page's meta description, and the SEO description a shop fills in when the merchant left it empty.
 */
export function metaDescription(text: string, max = META_DESCRIPTION_LENGTH): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
