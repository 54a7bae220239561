/**
 * Base URLs and the URLs built on them. A base may carry a path prefix (the emulator's
 * headless API is at `http://HOST:PORT/headless`) and may or may not end in a slash; it never
 * includes `/v1`, which the route paths carry.
 *
 * The rules on which URLs credentials may travel live here once: the inputs check them with
 * `checkBaseUrl` (and name the input), the client with `parseBaseUrl` (and a label).
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
 * Checks a URL on which credentials or a token will travel, and says what is wrong in a
 * fragment without a subject (`is not a URL; ...`), so callers can put the input's name before
 * it. Never echoes the URL: a webhook URL holds its token.
 */
export function checkSecureUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UnsafeUrlError('is not a URL; give one such as https://api.example.com');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UnsafeUrlError(
      `uses plain http to ${url.hostname}; use https, since credentials and tokens would cross the network ` +
        'unencrypted (plain http is allowed only for localhost, 127.0.0.0/8 and ::1)',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UnsafeUrlError(`uses ${url.protocol.slice(0, -1)}; use https`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new UnsafeUrlError('has a user name or password in it; remove them (credentials have inputs of their own)');
  }
  return url;
}

/** An API base URL: a secure URL with no query or fragment. */
export function checkBaseUrl(raw: string): URL {
  const url = checkSecureUrl(raw);
  if (url.search !== '' || url.hash !== '') throw new UnsafeUrlError('has a query or fragment; give the base URL only');
  return url;
}

/** `checkBaseUrl` with the label (an input's name) leading the message. */
export function parseBaseUrl(raw: string, label: string): URL {
  return labelled(label, () => checkBaseUrl(raw));
}

/** Refuses any scheme but https, and http except to loopback hosts. */
export function assertSecureUrl(url: URL, label: string): void {
  labelled(label, () => checkSecureUrl(url.href));
}

function labelled<T>(label: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw new UnsafeUrlError(`${label} ${err.message}`);
    throw err;
  }
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
  const wanted = basePath(base) + (path.startsWith('/') ? path : `/${path}`);
  url.pathname = wanted;
  // The URL standard removes `.` and `..` segments: a parameter that is one (an operation name
  // from the server, say) would climb out of the base path. Every parameter is encoded, so
  // anything else comes back as it went in.
  if (url.pathname !== wanted) {
    throw new UnsafeUrlError(`path ${quoteUntrusted(path)} has a "." or ".." segment; not sending it`);
  }
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  return url;
}

/**
 * Quotes text that came from a server or a file for a message: printable ASCII as is, every
 * other character (controls, bidi overrides, non-ASCII) as `\uXXXX`, cut at `max` characters.
 */
export function quoteUntrusted(text: string, max = 200): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  const escaped = cut.replace(/[^\x20-\x7e]|["\\]/g, (ch) =>
    ch === '"' || ch === '\\' ? `\\${ch}` : ch === '…' ? ch : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `"${escaped}"`;
}

/**
 * Resolves a hosting page link (`next`/`previous`, e.g. `/v1/installs?limit=100&offset=200`)
 * by the URL standard against the base, and refuses it unless it keeps the base's origin and
 * path: otherwise the Basic credentials would go to whatever host the link names. The standard
 * is what matters here, not a look at the first characters: `//host/x`, `/\host/x`, `\\host`,
 * a tab inside `//`, `http:host` all name another host once parsed.
 *
 * A path link without the base's prefix (`/v1/...` when the base is `https://h/hosting`) is the
 * service's own view of its paths behind a gateway: the prefix is put in front of it.
 */
export function resolvePageLink(base: URL, link: string): URL {
  const prefix = basePath(base);
  const refuse = (why: string) =>
    new UnsafeUrlError(`page link ${quoteUntrusted(link)} ${why}; not following it (no request was sent)`);
  let url: URL;
  try {
    url = new URL(link, `${base.origin}${prefix}/`);
  } catch {
    throw refuse('is not a URL');
  }
  if (url.origin !== base.origin || url.protocol !== base.protocol) {
    throw refuse(`points away from ${base.origin}`);
  }
  if (url.username || url.password) throw refuse('carries credentials');
  if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
    url.pathname = prefix + url.pathname;
  }
  return url;
}

/** The path of a URL relative to a base (the route path), for messages: never the query. */
export function relativePath(base: URL | undefined, url: URL): string {
  const prefix = base && base.origin === url.origin ? basePath(base) : '';
  return prefix && url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : url.pathname;
}
