/**
 * Whether a page of the storefront answers yet: a HEAD request to the server that serves the built
 * site, so a published product's card can say "going live" until the rebuild with its page has
 * landed. Asked on the server, so the browser sees no failed request while the page is missing.
 */

export const PAGE_LIVE_TIMEOUT_MS = 5_000;

export async function pageAnswers(siteUrl: string, pathname: string): Promise<boolean> {
  try {
    const answer = await fetch(new URL(pathname, siteUrl), {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(PAGE_LIVE_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    return answer.status === 200;
  } catch {
    // The site server restarting, or slow: not live yet, the card asks again.
    return false;
  }
}
