/**
 * Which redirects the health check follows: at most MAX_REDIRECTS, each to https, or to plain
 * http on a loopback host only (the rule of every URL the action sends to), and never back to a
 * URL already asked (a loop). A redirect it may not follow is a refusal with a reason: the
 * check counts it unhealthy whatever its status, since the page behind it was never seen.
 * Pure: the transport is not involved.
 */
import { isLoopbackHost, quoteUntrusted } from '../../api/url.js';

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export const isRedirect = (status: number): boolean => REDIRECTS.has(status);

export type Hop = { readonly next: URL } | { readonly refused: string };

/**
 * Where a redirect answer leads. `visited` holds the hrefs asked so far in this attempt, the
 * first URL included; its size - 1 is the number of redirects already followed.
 */
export function nextHop(from: URL, status: number, location: string | undefined, visited: ReadonlySet<string>): Hop {
  const what = `answered ${status}`;
  if (location === undefined || location.trim() === '') return { refused: `${what} without a Location header` };
  let next: URL;
  try {
    next = new URL(location.trim(), from);
  } catch {
    return { refused: `${what} with a Location that is not a URL: ${quoteUntrusted(location, 100)}` };
  }
  next.hash = '';
  if (next.protocol === 'http:' && !isLoopbackHost(next.hostname)) {
    return {
      refused: `${what} redirecting to plain http on ${next.host}; only https is followed (plain http only to localhost, 127.0.0.0/8 and ::1)`,
    };
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    return { refused: `${what} redirecting to a ${quoteUntrusted(next.protocol, 20)} URL; only https is followed` };
  }
  if (next.username || next.password) return { refused: `${what} redirecting to a URL with credentials in it` };
  if (visited.has(next.href)) return { refused: `${what}: a redirect loop (back to ${where(next)})` };
  if (visited.size - 1 >= MAX_REDIRECTS)
    return { refused: `${what} after ${MAX_REDIRECTS} redirects: too many redirects` };
  return { next };
}

/** A URL for a log line: origin and path, the query left out (it may hold a token). */
export function where(url: URL): string {
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}
