/**
 * Plain text into HTML: escaped for HTML text or a quoted attribute, and a plain-text description as
 * the `descriptionHtml` the Admin API is sent and the embedded shop serves (one paragraph per block).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (titles, options, URLs) into HTML text or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** Blank lines separate paragraphs; single line breaks become `<br>`. */
export function descriptionHtml(description: string): string {
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}
