/**
 * The origin of this emulator as a client reached it, for the absolute URLs it hands out (page
 * links of the documented answers, webhook URLs of the control routes). The Host header is the
 * client's text: only a host name, an IPv4 address or a bracketed IPv6 address, with an optional
 * port, goes into a URL; anything else (missing, a path, credentials, spaces) gives the listening
 * address instead. Every check is a single pass over a length-capped string.
 */
import { isIPv6 } from 'node:net';

/** 253 for the name, brackets for IPv6, `:65535`. */
const MAX_HOST_HEADER = 262;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const PORT = /^[0-9]{1,5}$/;

function validName(name: string): boolean {
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => LABEL.test(label));
}

function validPort(port: string): boolean {
  return PORT.test(port) && Number(port) >= 1 && Number(port) <= 65535;
}

/** The Host header when it is a host (and port) safe to put in a URL, else null. */
export function validHostHeader(host: string | undefined): string | null {
  if (host === undefined || host.length === 0 || host.length > MAX_HOST_HEADER) return null;
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0 || !isIPv6(host.slice(1, close))) return null;
    const rest = host.slice(close + 1);
    if (rest !== '' && !(rest.startsWith(':') && validPort(rest.slice(1)))) return null;
    return host;
  }
  const colon = host.indexOf(':');
  const name = colon < 0 ? host : host.slice(0, colon);
  if (colon >= 0 && !validPort(host.slice(colon + 1))) return null;
  return validName(name) ? host : null;
}

/** `protocol://host[:port]` from the Host header, or from the listening address when it is not usable. */
export function requestOrigin(
  protocol: 'http' | 'https',
  hostHeader: string | undefined,
  listening: { host: string; port: number },
): string {
  const host = validHostHeader(hostHeader);
  if (host !== null) return `${protocol}://${host}`;
  const address = isIPv6(listening.host) ? `[${listening.host}]` : listening.host;
  return `${protocol}://${address}:${listening.port}`;
}
