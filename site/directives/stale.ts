/**
 * How a page tells its `client:interact="stale"` islands that the server's HTML is out of date: this
 * event on window, sent once the islands are all waiting (after the page's first frame).
 */
export const STALE_EVENT = 'storefront:stale';
