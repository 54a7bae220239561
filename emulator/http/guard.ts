/**
 * Who may use the emulator. The control routes take no credentials and can reset or rewrite the
 * whole state; the API routes answer to the demo credentials the emulator prints (and hand out
 * environment variables, webhook tokens). So a web page open in the developer's browser must
 * reach neither: a DNS-rebinding page sends its own host name in `Host`, and a cross-site form or
 * fetch sends its `Origin`. Both must name this machine (a loopback name or address), the address
 * the emulator was told to listen on, or a name it was told to answer to (`controlHosts`,
 * `--allow-host`). Clients that are not browsers send a loopback `Host` and no `Origin`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { EmulatorError } from './errors.js';
import { isLoopbackHost } from './loopback.js';

/** The host part of a `Host` header value (`name`, `name:port`, `[v6]` or `[v6]:port`), lower-case; null if malformed. */
export function hostOfHeader(value: string): string | null {
  let host = value;
  let port = '';
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    host = value.slice(1, end);
    port = value.slice(end + 1);
    if (port !== '' && !port.startsWith(':')) return null;
    port = port.slice(1);
  } else {
    const colon = value.indexOf(':');
    if (colon >= 0) {
      host = value.slice(0, colon);
      port = value.slice(colon + 1);
    }
  }
  if (host === '' || port.length > 5 || (port !== '' && !/^\d+$/.test(port))) return null;
  return host.toLowerCase();
}

/** The host of an `Origin` header (`scheme://host[:port]`), or null when it is not one. */
function hostOfOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    return u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  } catch {
    return null;
  }
}

const forbidden = (message: string) => new EmulatorError(403, message);

/** What the refusals name: the control routes, or the API routes. */
export type GuardedRoutes = 'control routes' | 'the API';

/**
 * Throws a 403 unless the request's `Host` (and `Origin`, when sent) name this machine or one
 * of `allowedHosts` (the listening address and any names the user added).
 */
export function assertLocalCaller(
  headers: IncomingHttpHeaders,
  allowedHosts: readonly string[],
  routes: GuardedRoutes = 'control routes',
): void {
  const allowed = (host: string) => isLoopbackHost(host) || allowedHosts.includes(host);
  const hostHeader = headers.host ?? '';
  const host = hostOfHeader(hostHeader);
  const answers = routes === 'control routes' ? 'control routes answer' : 'the API answers';
  if (host === null || !allowed(host)) {
    throw forbidden(
      `${answers} only requests addressed to this machine: use Host 127.0.0.1, localhost or [::1] ` +
        '(or the address the emulator listens on, or a name given with --allow-host)',
    );
  }
  const origin = headers.origin;
  if (origin !== undefined && origin !== 'null') {
    const from = hostOfOrigin(origin);
    if (from === null || !allowed(from.toLowerCase())) {
      throw forbidden(`${routes} refuse requests from web pages of other sites (the Origin header names another host)`);
    }
  } else if (origin === 'null') {
    throw forbidden(`${routes} refuse requests from sandboxed or opaque web pages (Origin: null)`);
  }
}
