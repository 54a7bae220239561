/**
 * Base URLs and the URLs built on them. A base may carry a path prefix (the emulator's
 * headless API is at `http://HOST:PORT/headless`) and may or may not end in a slash; it never
 * includes `/v1`, which the route paths carry.
 */

/** Thrown for a URL the client will not use; says which input and why. */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http is allowed to. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host)) return true;
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m !== null && m[1] === '127' && m.slice(2).every((n) => Number(n) <= 255);
}

/**
 * Parses and checks a base URL. Plain http would send the Basic credentials (or a webhook
 * token) in clear text over the network, so it is accepted only for loopback hosts, where it
 * never leaves the machine (the emulator, a local proxy).
 */
export function parseBaseUrl(raw: string, label: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UnsafeUrlError(`${label} "${raw}" is not a URL; expected e.g. https://api.example.com`);
  }
  assertSecureUrl(url, label);
  if (url.search || url.hash) {
    throw new UnsafeUrlError(`${label} must not have a query or fragment; give the base URL only`);
  }
  if (url.username || url.password) {
    throw new UnsafeUrlError(`${label} must not carry credentials; pass them as api-user-id and api-password`);
  }
  return url;
}

/** Refuses any scheme but https, and http except to loopback hosts. */
export function assertSecureUrl(url: URL, label: string): void {
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return;
    throw new UnsafeUrlError(
      `${label}: plain http to ${url.hostname} is refused because credentials and tokens would cross ` +
        'the network unencrypted; use https (http is allowed only for localhost, 127.0.0.0/8 and ::1)',
    );
  }
  throw new UnsafeUrlError(`${label}: unsupported scheme "${url.protocol}"; use https`);
}

/** The base's path without a trailing slash: '' for `https://h/` or `https://h`, '/headless' for `…/headless/`. */
export function basePath(base: URL): string {
  return base.pathname.replace(/\/+$/, '');
}

/** Joins a base URL and a route path (`/v1/...`) with an optional query, keeping the base's prefix. */
export function joinUrl(
  base: URL,
  path: string,
  query: Readonly<Record<string, string | number | boolean | undefined>> = {},
): URL {
  const url = new URL(base.origin);
  url.pathname = basePath(base) + (path.startsWith('/') ? path : `/${path}`);
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  return url;
}

/**
 * Resolves a hosting page link (`next`/`previous`, e.g. `/v1/installs?limit=100&offset=200`)
 * against the base. A link that already carries the base's prefix is taken from the origin;
 * an absolute link must stay on the base's origin, so credentials are never sent elsewhere.
 */
export function resolvePageLink(base: URL, link: string): URL {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
    const url = new URL(link);
    if (url.origin !== base.origin) {
      throw new UnsafeUrlError(`page link points to another origin (${url.origin}); not following it`);
    }
    return url;
  }
  const prefix = basePath(base);
  const path = link.startsWith('/') ? link : `/${link}`;
  if (prefix && (path === prefix || path.startsWith(`${prefix}/`))) return new URL(path, base.origin);
  return new URL(prefix + path, base.origin);
}

/** The path of a URL relative to a base (the route path), for messages: never the query. */
export function relativePath(base: URL | undefined, url: URL): string {
  const prefix = base && base.origin === url.origin ? basePath(base) : '';
  return prefix && url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
}
