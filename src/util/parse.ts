/**
 * Pure parsers for input values. Each throws an Error whose message names no input and starts
 * lower-case, so the caller can prefix it: `input "timeout": "5 minutes" is not a duration; ...`.
 * A parser echoes the value it was given only where the value cannot be a secret.
 */
import * as nodePath from 'node:path';
import { WEBHOOK_ACTIONS } from '../api/types.js';
import type { ShellVariable, WebhookAction } from '../api/types.js';

/** JSON-quotes a value for a message, cut short so a pasted blob cannot flood the log. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

/** YAML 1.2 core booleans; empty means `fallback`. */
export function parseBoolean(value: string, fallback: boolean): boolean {
  const v = value.trim();
  if (v === '') return fallback;
  if (v === 'true' || v === 'True' || v === 'TRUE') return true;
  if (v === 'false' || v === 'False' || v === 'FALSE') return false;
  throw new Error(`${quote(v)} is not a boolean; use true or false`);
}

/** setTimeout's ceiling: a longer wait would fire at once. */
export const MAX_DURATION_MS = 2 ** 31 - 1;
const DURATION = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m)?\s*(?:(\d+)\s*s)?$/i;

/** `90s`, `15m`, `1h`, `1h30m` or a bare number of seconds → milliseconds. */
export function parseDuration(value: string): number {
  const v = value.trim();
  let ms: number;
  if (/^\d+$/.test(v)) {
    ms = Number(v) * 1000;
  } else {
    const m = DURATION.exec(v);
    if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) {
      throw new Error(`${quote(v)} is not a duration; use 90s, 15m, 1h or seconds`);
    }
    ms = (Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)) * 1000;
  }
  if (ms <= 0) throw new Error(`${quote(v)} is no time at all; give a positive duration such as 15m`);
  if (ms > MAX_DURATION_MS) throw new Error(`${quote(v)} is longer than 24 days; give a shorter duration`);
  return ms;
}

/** Items one per line and/or comma-separated, trimmed, empties dropped. */
export function parseList(value: string): string[] {
  return value
    .split(/[\r\n,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Non-empty lines, trimmed; `#` comment lines dropped. For patterns, where a comma is a character. */
export function parseLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Multiline `KEY=VALUE` → shell variables. Values may hold `=` and may be secrets, so messages
 * name line numbers and keys, never values.
 */
export function parseEnvVars(value: string): ShellVariable[] {
  const vars: ShellVariable[] = [];
  const seen = new Map<string, number>();
  value.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const n = index + 1;
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`line ${n} has no "="; write KEY=VALUE`);
    const key = line.slice(0, eq).trim();
    if (!ENV_KEY.test(key)) {
      throw new Error(
        `line ${n}: ${quote(key)} is not a variable name; use letters, digits and _, not starting with a digit`,
      );
    }
    const first = seen.get(key);
    if (first !== undefined)
      throw new Error(`line ${n}: ${key} is already set on line ${first}; set each variable once`);
    seen.set(key, n);
    vars.push({ key, value: line.slice(eq + 1).trim() });
  });
  return vars;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** The spec's Install.name pattern. */
export function isInstallName(value: string): boolean {
  return /^[a-z][a-z0-9]{2,13}$/.test(value);
}

/** Pragmatic: one @, no spaces, a dotted domain; the server has the last word. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value);
}

/** A name that is safe as one URL path segment: no whitespace, slashes, `?`, `#` or `%`. */
export function isPathSegment(value: string): boolean {
  return value !== '.' && value !== '..' && /^[^\s/\\?#%]+$/.test(value);
}

export function parseIntInRange(value: string, min: number, max: number): number {
  const v = value.trim();
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!(n >= min && n <= max)) throw new Error(`${quote(v)} is not a whole number from ${min} to ${max}`);
  return n;
}

/** localhost, 127.0.0.0/8 and ::1, as `URL.hostname` spells them. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Parses an http(s) URL on which credentials or a token will travel; never echoes the URL. */
function parseSecureUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('is not a URL; give one such as https://api.example.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`uses ${url.protocol.slice(0, -1)}; use https`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new Error(
      `uses plain http to ${url.hostname}; use https (plain http is allowed only for localhost, so secrets never travel in clear text)`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('has a user name or password in it; remove them (credentials have inputs of their own)');
  }
  return url;
}

/** An API base URL without `/v1` → origin + path, with no trailing slash. */
export function parseBaseUrl(value: string): string {
  const url = parseSecureUrl(value);
  if (url.search !== '' || url.hash !== '') throw new Error('has a query or fragment; give the base URL only');
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/i.test(path)) throw new Error('ends in /v1; give the base URL without it');
  return url.origin + path;
}

export interface WebhookUrl {
  /** The URL as given (trimmed): it is used as it is. */
  readonly url: string;
  readonly token: string;
  readonly action: WebhookAction;
  /** Read from the path when it has the usual shape; null otherwise. */
  readonly account: string | null;
  readonly app: string | null;
  readonly environment: string | null;
}

const WEBHOOK_MARKER = '/webhooks/webhook:';
const WEBHOOK_PATH = /\/accounts\/([^/]+)\/apps\/([^/]+)\/environments\/([^/]+)\/webhooks\/webhook:/;

/** A whole webhook trigger URL; messages never echo it, since its token is a secret. */
export function parseWebhookUrl(value: string): WebhookUrl {
  const url = parseSecureUrl(value);
  const token = url.searchParams.get('token');
  if (!token) throw new Error('has no token query parameter; copy the whole URL from the portal');
  const at = url.pathname.indexOf(WEBHOOK_MARKER);
  if (at < 0) throw new Error('has no /webhooks/webhook:{action} in its path; copy the whole URL from the portal');
  const action = safeDecode(url.pathname.slice(at + WEBHOOK_MARKER.length));
  if (!(WEBHOOK_ACTIONS as readonly string[]).includes(action)) {
    throw new Error(`names the action ${quote(action)}; expected rebuild, cleanRebuild or purgeCache`);
  }
  const parts = WEBHOOK_PATH.exec(url.pathname);
  return {
    url: value.trim(),
    token,
    action: action as WebhookAction,
    account: parts ? safeDecode(parts[1]) : null,
    app: parts ? safeDecode(parts[2]) : null,
    environment: parts ? safeDecode(parts[3]) : null,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Resolves `target` against `base` and returns the absolute path, or throws when it lands
 * outside `root`. Pure: no file system access, so symlinks are checked later, by I/O.
 */
export function resolveInside(root: string, base: string, target: string): string {
  const absolute = nodePath.resolve(base, target);
  const relative = nodePath.relative(root, absolute);
  if (relative === '..' || relative.startsWith(`..${nodePath.sep}`) || nodePath.isAbsolute(relative)) {
    throw new Error(`${quote(target)} is outside the workspace; give a path inside it`);
  }
  return absolute;
}
