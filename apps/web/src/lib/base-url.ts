/**
 * The portal can be served below a path (for example https://example.com/portal/). The page says where with its
 * `<base href>` element, which the browser exposes as `document.baseURI`; the router basename and every API URL are
 * derived from it, so nothing else in the app needs to know the path.
 */

/** The page's base URL (from `<base href>`), or the document URL when the page has no base element. */
export function documentBaseUri(): string {
  return document.baseURI;
}

/**
 * Resolves an app path such as `/ready` or `api/invoices` against the base URL. A leading slash does not escape the
 * base path: `/ready` under `https://host/portal/` is `https://host/portal/ready`.
 */
export function resolveAppUrl(path: string, baseUri: string = documentBaseUri()): URL {
  return new URL(path.replace(/^\/+/, ''), new URL('.', baseUri));
}

/** The path part of the base URL without its trailing slash, as React Router wants it (`/` at the root). */
export function routerBasename(baseUri: string = documentBaseUri()): string {
  const path = new URL('.', baseUri).pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** The current page's path below the router basename: `/portal/account` under `/portal` is `/account`. */
export function routerPathname(basename: string, pathname: string = window.location.pathname): string {
  if (basename === '/' || !pathname.startsWith(basename)) return pathname;
  return pathname.slice(basename.length) || '/';
}
