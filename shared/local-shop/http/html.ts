import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { STORE_NAME, escapeHtml } from '../../common/index.ts';
import { send } from './responses.ts';

/**
 * The shop's few HTML pages share one layout and one stylesheet, inlined and allowed by its hash in a
 * strict Content-Security-Policy: no scripts at all, images only from the shop itself.
 */

const STYLE = `
:root{color-scheme:light;--ink:#111;--muted:#555;--line:#e4e4e4;--accent:#c84916;--accent-bg:#fff4e8;--bg:#fafafa}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{background:#000;color:#fff;padding:.9rem 1.25rem}
header p{margin:0;font-weight:700;letter-spacing:.04em}
main{max-width:46rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
.notice{border:2px solid var(--accent);background:var(--accent-bg);border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1.5rem}
.notice strong{color:var(--accent)}
.card{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem}
table{width:100%;border-collapse:collapse}
caption{text-align:left;font-weight:600;padding-bottom:.5rem}
th,td{padding:.6rem .4rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:middle}
th{font-size:.85rem;color:var(--muted);font-weight:600}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot td{border-bottom:0;font-weight:700;font-size:1.1rem}
.item{display:flex;gap:.75rem;align-items:center}
.item img,.item .noimg{width:56px;height:56px;border-radius:.4rem;object-fit:cover;background:#eee;flex:none}
.item .noimg{display:flex;align-items:center;justify-content:center;font-size:.65rem;color:var(--muted);text-align:center}
.title{font-weight:600;overflow-wrap:anywhere}
.opts{color:var(--muted);font-size:.9rem}
a{color:var(--accent)}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.back{display:inline-block;margin-top:1.5rem;font-weight:600}
code{background:#f0f0f0;padding:.1rem .3rem;border-radius:.25rem;overflow-wrap:anywhere}
footer{color:var(--muted);font-size:.85rem;text-align:center;margin:2rem 0}
`.trim();

const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

export interface Page {
  title: string;
  /** Already-escaped HTML for inside <main>. */
  main: string;
}

export function renderPage({ title, main }: Page): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(STORE_NAME)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>${escapeHtml(STORE_NAME)}</p></header>
<main>
${main}
</main>
<footer>Embedded test shop. Nothing here is real commerce.</footer>
</body>
</html>
`;
}

/** `imageOrigin` is where product images come from (the shop's public URL, possibly another host than the request's). */
export function sendPage(res: ServerResponse, status: number, page: Page, imageOrigin: string, headOnly = false): void {
  const csp = [
    "default-src 'none'",
    `style-src '${STYLE_HASH}'`,
    `img-src 'self' ${imageOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  send(
    res,
    status,
    renderPage(page),
    {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': csp,
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
    headOnly,
  );
}
