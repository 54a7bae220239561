/**
 * Base URLs and the URLs built on them. A base may carry a path prefix (the emulator's
 * headless API is at `http://HOST:PORT/headless`) and may or may not end in a slash; it never
 * includes `/v1`, which the route paths carry.
 *
 * The rules on which URLs credentials may travel live here once: the inputs check them with
 * `checkBaseUrl` (and name the input), the client with `parseBaseUrl` (and a label).
 */
/** Thrown for a URL the client will not use; says which input and why. */
export declare class UnsafeUrlError extends Error {
    name: string;
}
/** True for 127.0.0.0/8, ::1 and localhost: the only hosts plain http is allowed to. */
export declare function isLoopbackHost(hostname: string): boolean;
/**
 * Checks a URL on which credentials or a token will travel, and says what is wrong in a
 * fragment without a subject (`is not a URL; ...`), so callers can put the input's name before
 * it. Never echoes the URL: a webhook URL holds its token.
 */
export declare function checkSecureUrl(raw: string): URL;
/** An API base URL: a secure URL with no query or fragment. */
export declare function checkBaseUrl(raw: string): URL;
/** `checkBaseUrl` with the label (an input's name) leading the message. */
export declare function parseBaseUrl(raw: string, label: string): URL;
/** Refuses any scheme but https, and http except to loopback hosts. */
export declare function assertSecureUrl(url: URL, label: string): void;
/** The base's path without a trailing slash: '' for `https://h/` or `https://h`, '/headless' for `…/headless/`. */
export declare function basePath(base: URL): string;
/** Joins a base URL and a route path (`/v1/...`) with an optional query, keeping the base's prefix. */
export declare function joinUrl(base: URL, path: string, query?: Readonly<Record<string, string | number | boolean | undefined>>): URL;
/**
 * Quotes text that came from a server or a file for a message: printable ASCII as is, every
 * other character (controls, bidi overrides, non-ASCII) as `\uXXXX`, cut at `max` characters.
 */
export declare function quoteUntrusted(text: string, max?: number): string;
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
export declare function resolvePageLink(base: URL, link: string): URL;
/** The path of a URL relative to a base (the route path), for messages: never the query. */
export declare function relativePath(base: URL | undefined, url: URL): string;
