/**
 * The public URLs of stored designs: `/api/designs/{slug}-{random id}-{preview|print}.png`. Names are
 * unguessable (96 random bits), so a browser's <img> can load them without the staff token. Plain
 * string rules with no Node imports: the API endpoints in the site bundle use them too.
 */

export const DESIGNS_PATH = '/api/designs/';

/** A stored design's file name; nothing else (no dots, slashes or other folders) is ever served. */
export const DESIGN_FILE_NAME = /^[a-z0-9-]{1,60}-[0-9a-f]{24}-(preview|print)\.png$/;

export function designUrl(fileName: string): string {
  return `${DESIGNS_PATH}${fileName}`;
}

/**
 * The file name a design URL points at, for `/api/designs/…` and for absolute URLs with that path
 * (whatever host the page used to reach the server); undefined for anything else.
 */
export function designFileFromUrl(url: string): string | undefined {
  let pathname: string;
  try {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    if (parsed.search || parsed.hash) return undefined;
    pathname = parsed.pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(DESIGNS_PATH)) return undefined;
  const name = pathname.slice(DESIGNS_PATH.length);
  return DESIGN_FILE_NAME.test(name) ? name : undefined;
}
