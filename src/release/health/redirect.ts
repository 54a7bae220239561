/**
 * Which redirects the health check follows, so that a site cannot send the runner's request to
 * the runner itself, its network or a cloud's metadata service (and read the answer's status in
 * the log, the summary and the pull request comment). `health-url` is the user's choice and is
 * asked whatever it is (a staging site on a private network is fine); a redirect is followed:
 *
 * - to the same host (host name and port as the URL that answered), any path, connecting where
 *   that URL connected (the same checked address, if it had one); or back to `health-url`'s own
 *   host, connecting as `health-url` does;
 * - between loopback hosts (localhost, 127.0.0.0/8, ::1), only when `health-url` is on one;
 * - to another host over https, when every address its name resolves to is public
 *   (address-class.ts): the check looks the name up itself (all answers) and the request then
 *   connects to a checked address, not to whatever a second lookup answers (DNS rebinding). An
 *   address literal is judged as it is.
 *
 * Plain http is followed only between loopback hosts, as above. Besides: at most MAX_REDIRECTS,
 * never back to a URL already asked (a loop), no credentials in the URL. A redirect it may not
 * follow is a refusal with a reason: the check counts it unhealthy whatever its status, since the
 * page behind it was never seen. A refusal names the hop's host, never its path or query.
 * Pure: the lookup and the transport are check.ts's.
 */
import { addressClass } from '../../api/address-class.js';
import { isLoopbackHost, quoteUntrusted } from '../../api/url.js';

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export const isRedirect = (status: number): boolean => REDIRECTS.has(status);

/** A URL asked, and the address its connection is pinned to (null: the transport looks the host up). */
export interface Stop {
  readonly url: URL;
  readonly pin: string | null;
}

/** Followed at once, resolved first (`lookup`: a name whose addresses must all be public), or refused. */
export type Hop = Stop | { readonly lookup: URL } | { readonly refused: string };

const PUBLIC_RULE = 'only public addresses are followed to another host';

/**
 * Where a redirect answer of `from` leads. `first` is `health-url`; `visited` holds the hrefs
 * asked so far in this attempt, the first included; its size - 1 is the redirects followed.
 */
export function nextHop(
  first: URL,
  from: Stop,
  status: number,
  location: string | undefined,
  visited: ReadonlySet<string>,
): Hop {
  const what = `answered ${status}`;
  if (location === undefined || location.trim() === '') return { refused: `${what} without a Location header` };
  let next: URL;
  try {
    next = new URL(location.trim(), from.url);
  } catch {
    return { refused: `${what} with a Location that is not a URL: ${quoteUntrusted(location, 100)}` };
  }
  next.hash = '';
  const host = hostOf(next);
  const loopbackStart = isLoopbackHost(first.hostname);
  if (next.protocol === 'http:' && !(isLoopbackHost(next.hostname) && loopbackStart)) {
    return {
      refused: isLoopbackHost(next.hostname)
        ? `${what} redirecting to plain http on ${host}; plain http is followed only when health-url is on a loopback host too`
        : `${what} redirecting to plain http on ${host}; only https is followed (plain http only between loopback hosts)`,
    };
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    return { refused: `${what} redirecting to a ${quoteUntrusted(next.protocol, 20)} URL; only https is followed` };
  }
  if (next.username || next.password) return { refused: `${what} redirecting to a URL with credentials in it` };
  if (visited.has(next.href)) return { refused: `${what}: a redirect loop (back to ${where(next)})` };
  if (visited.size - 1 >= MAX_REDIRECTS)
    return { refused: `${what} after ${MAX_REDIRECTS} redirects: too many redirects` };

  if (sameHost(next, from.url)) return { url: next, pin: from.pin };
  if (sameHost(next, first)) return { url: next, pin: null };
  if (isLoopbackHost(next.hostname)) {
    return loopbackStart
      ? { url: next, pin: null }
      : { refused: `${what} redirecting to ${host} (loopback host): ${PUBLIC_RULE}` };
  }
  const literal = next.hostname.replace(/^\[(.*)\]$/, '$1');
  const kind = addressClass(literal);
  if (kind === 'not an IP') return { lookup: next };
  return kind === 'public'
    ? { url: next, pin: null }
    : { refused: `${what} redirecting to ${host} (${kind} address): ${PUBLIC_RULE}` };
}

/**
 * The hop to `next` once its name is resolved: pinned to a checked address (IPv4 first, the one
 * every runner reaches), or refused when any address is not public, naming the first such.
 */
export function admitResolved(next: URL, status: number, addresses: readonly string[]): Stop | { refused: string } {
  const host = hostOf(next);
  const bad = addresses.find((a) => addressClass(a) !== 'public');
  if (bad !== undefined || addresses.length === 0) {
    const which = bad === undefined ? 'no address' : `${bad} (${addressClass(bad)} address)`;
    return {
      refused: `answered ${status} redirecting to ${host}, which resolves to ${which}: only hosts whose every address is public are followed to another host`,
    };
  }
  return { url: next, pin: addresses.find((a) => !a.includes(':')) ?? addresses[0]! };
}

/** A URL for a log line: origin and path, the query left out (it may hold a token). */
export function where(url: URL): string {
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

/** A hop's host (and port) for a message; quoted when it holds anything but a host's usual characters. */
function hostOf(url: URL): string {
  return /^[\w.:[\]-]+$/.test(url.host) ? url.host : quoteUntrusted(url.host, 100);
}

function sameHost(a: URL, b: URL): boolean {
  const port = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');
  return a.hostname === b.hostname && port(a) === port(b);
}
