import http from 'node:http';
import { cartCosts, findCart } from './carts.ts';
import { CORS_HEADERS, answerPreflight } from './http/cors.ts';
import { handleGraphql } from './http/graphql-route.ts';
import { sendPage } from './http/html.ts';
import { handleImage } from './http/image-route.ts';
import { cartNotFoundPage, checkoutPage, homePage, notFoundPage } from './http/pages.ts';
import { sendJsonError, sendText } from './http/responses.ts';
import type { LocalShopStore } from './store/store.ts';
import { CHECKOUT_PATH_PREFIX, GRAPHQL_PATH, IMAGE_PATH_PREFIX, type ShopUrls } from './urls.ts';

/** The embedded shop's HTTP server: the Storefront API, images, checkout pages, and a page about itself. */

export interface ShopServerOptions {
  store: LocalShopStore;
  urls: ShopUrls;
  token: string | undefined;
  onInternalError: (error: unknown) => void;
}

async function route(req: http.IncomingMessage, res: http.ServerResponse, options: ShopServerOptions): Promise<void> {
  const url = req.url ?? '/';
  const split = url.indexOf('?');
  // The raw path is matched as sent, never decoded or normalised: only exact known shapes are served.
  const rawPath = split === -1 ? url : url.slice(0, split);
  const query = new URLSearchParams(split === -1 ? '' : url.slice(split + 1));
  const method = req.method ?? 'GET';
  const imageOrigin = new URL(options.urls.publicUrl).origin;

  if (rawPath === GRAPHQL_PATH) {
    if (method === 'OPTIONS') return answerPreflight(res);
    if (method === 'POST') return handleGraphql(req, res, options);
    return sendJsonError(
      res,
      405,
      'The Storefront API takes POST requests',
      { ...CORS_HEADERS, Allow: 'POST, OPTIONS' },
      'METHOD_NOT_ALLOWED',
    );
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return sendText(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const headOnly = method === 'HEAD';
  if (rawPath.startsWith(IMAGE_PATH_PREFIX)) {
    return handleImage(req, res, rawPath, query, options.store, options.onInternalError);
  }
  if (rawPath.startsWith(CHECKOUT_PATH_PREFIX)) {
    const cart = findCart(options.store, rawPath.slice(CHECKOUT_PATH_PREFIX.length), query.get('key'));
    if (!cart) {
      return sendPage(res, 404, cartNotFoundPage(options.urls), imageOrigin, headOnly);
    }
    return sendPage(
      res,
      200,
      checkoutPage(
        cart,
        options.urls,
        cartCosts(cart, (code) => options.store.content.discountCode(code)),
      ),
      imageOrigin,
      headOnly,
    );
  }
  if (rawPath === '/') {
    return sendPage(res, 200, homePage(options.urls, options.store.productCount(), options.token !== undefined), imageOrigin, headOnly);
  }
  return sendPage(res, 404, notFoundPage(), imageOrigin, headOnly);
}

export function createShopServer(options: ShopServerOptions): http.Server {
  const server = http.createServer({ requestTimeout: 30_000, headersTimeout: 15_000, keepAliveTimeout: 5_000 }, (req, res) => {
    route(req, res, options).catch((error: unknown) => {
      options.onInternalError(error);
      if (!res.headersSent) sendText(res, 500, 'Internal error in the embedded shop');
      else res.destroy();
    });
  });
  return server;
}
