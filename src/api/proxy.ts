/**
 * Which proxy a request goes through, decided the way the runner's own tooling
 * (@actions/http-client) decides it, so that a self-hosted runner configured for one is
 * configured for the action too:
 *
 * - `https_proxy` / `HTTPS_PROXY` for https URLs, `http_proxy` / `HTTP_PROXY` for http ones
 *   (the lower-case name wins when both are set and it is not empty);
 * - `no_proxy` / `NO_PROXY`: a comma-separated list of `*` (nothing is proxied), a host
 *   (`example.com`, which also covers its subdomains), a suffix (`.example.com`, `*.example.com`)
 *   or a `host:port`; compared without regard to case;
 * - loopback hosts (localhost, 127.0.0.0/8, ::1) are never proxied: a proxy cannot reach the
 *   runner's own loopback interface.
 *
 * Pure: the environment is passed in, so the decision is tested as a table.
 */
import { isLoopbackHost } from './url.js';

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

export interface ProxyChoice {
  /** The proxy's URL without credentials: what messages may name. */
  url: URL;
  /** `Basic …` from the credentials in the proxy URL, sent as Proxy-Authorization. */
  authorization?: string;
}

/** The proxy variable in force for a scheme, lower case first. */
function proxyVariable(protocol: string, env: ProxyEnv): string | undefined {
  const value = protocol === 'https:' ? env.https_proxy || env.HTTPS_PROXY : env.http_proxy || env.HTTP_PROXY;
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** Thrown for a proxy variable that is not a URL; names the variable, never its value (it may hold a password). */
export class ProxyConfigError extends Error {
  override name = 'ProxyConfigError';
}

/**
 * Parses a proxy URL as curl and @actions/http-client do: a bare `host:port` means http.
 * Credentials are percent-decoded, as the URL standard keeps them encoded.
 */
export function parseProxyUrl(raw: string, variable: string): ProxyChoice {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    throw new ProxyConfigError(`${variable} is not a URL; expected e.g. http://proxy.example.com:3128`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxyConfigError(`${variable}: unsupported proxy scheme "${url.protocol}"; use http:// or https://`);
  }
  let authorization: string | undefined;
  if (url.username || url.password) {
    const user = safeDecode(url.username);
    const password = safeDecode(url.password);
    authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  }
  const bare = new URL(url.origin);
  return authorization ? { url: bare, authorization } : { url: bare };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
}

/** True when NO_PROXY (or loopback) says this URL goes direct. */
export function bypassesProxy(url: URL, env: ProxyEnv): boolean {
  const host = url.hostname.toLowerCase();
  if (isLoopbackHost(host)) return true;
  const list = env.no_proxy || env.NO_PROXY || '';
  const port = defaultPort(url);
  for (const raw of list.split(',')) {
    let item = raw.trim().toLowerCase();
    if (!item) continue;
    if (item === '*') return true;
    let itemPort: string | undefined;
    // `host:port`, `[v6]:port`; a bare IPv6 address has colons but no brackets.
    const m = /^(.*[^:]):(\d+)$/.exec(item);
    if (m && (!m[1]!.includes(':') || m[1]!.startsWith('['))) {
      item = m[1]!;
      itemPort = m[2];
    }
    if (itemPort !== undefined && itemPort !== port) continue;
    if (item.startsWith('*.')) item = item.slice(1);
    if (item.startsWith('.') ? host.endsWith(item) : host === item || host.endsWith(`.${item}`)) return true;
  }
  return false;
}

/** The proxy for a request to `url`, or undefined for a direct connection. */
export function proxyFor(url: URL, env: ProxyEnv): ProxyChoice | undefined {
  if (bypassesProxy(url, env)) return undefined;
  const raw = proxyVariable(url.protocol, env);
  if (!raw) return undefined;
  const variable = url.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY';
  return parseProxyUrl(raw, variable);
}

/**
 * Every form the proxy credentials may take in a log (user, password, both, the Basic value
 * and the whole variable), for main to mask: a proxy URL with a password is a secret too.
 */
export function proxySecrets(env: ProxyEnv): string[] {
  const out = new Set<string>();
  for (const name of ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY']) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    let url: URL;
    try {
      url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
    } catch {
      continue;
    }
    if (!url.username && !url.password) continue;
    out.add(raw);
    for (const part of [url.username, url.password]) {
      if (!part) continue;
      out.add(part);
      out.add(safeDecode(part));
    }
    const pair = `${safeDecode(url.username)}:${safeDecode(url.password)}`;
    out.add(pair);
    out.add(Buffer.from(pair).toString('base64'));
  }
  return [...out].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

/** `proxy.example.com:3128`: how messages name a proxy (never with credentials). */
export function describeProxy(choice: ProxyChoice): string {
  return choice.url.host;
}
