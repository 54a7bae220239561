/**
 * Pure parsers for input values. Each throws an Error whose message names no input and starts
 * lower-case, so the caller can prefix it: `input "timeout": "5 minutes" is not a duration; ...`.
 * A parser echoes the value it was given only where the value cannot be a secret.
 */
import type { ShellVariable } from '../api/types.js';
import { checkBaseUrl } from '../api/url.js';
import { splitLines } from '../util/lines.js';
import { quote } from './quote.js';

export { quote } from './quote.js';
// The path rules of `path` and `exclude-from`, with the platform's path semantics as a parameter.
export { resolveInside } from './workspace-path.js';

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
  return splitLines(value)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A value wrapped in one pair of matching quotes loses them, as dotenv does: `"a b"` → `a b`,
 * `'x'` → `x`. Only the outer pair goes; a lone quote, or quotes inside, stay as written.
 */
export function unquote(value: string): string {
  const q = value[0];
  return value.length >= 2 && (q === '"' || q === "'") && value.endsWith(q) ? value.slice(1, -1) : value;
}

/**
 * Multiline `KEY=VALUE` → shell variables. Values may hold `=` and may be secrets, so messages
 * name line numbers and keys, never values.
 */
export function parseEnvVars(value: string): ShellVariable[] {
  const vars: ShellVariable[] = [];
  const seen = new Map<string, number>();
  splitLines(value).forEach((raw, index) => {
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
    vars.push({ key, value: unquote(line.slice(eq + 1).trim()) });
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

/** An API base URL without `/v1` → origin + path, with no trailing slash. The URL rules live in the client. */
export function parseApiBaseUrl(value: string): string {
  const url = checkBaseUrl(value);
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/i.test(path)) throw new Error('ends in /v1; give the base URL without it');
  return url.origin + path;
}

/** What an install name looks like, for messages. */
export const INSTALL_RULE = '3 to 14 lower-case letters and digits, starting with a letter';

/** What `isPathSegment` allows, for messages. */
export const NAME_RULE = 'no slashes, spaces, "?", "#" or "%"';

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  B: 1,
  KB: 1024,
  KIB: 1024,
  K: 1024,
  MB: 1024 ** 2,
  MIB: 1024 ** 2,
  M: 1024 ** 2,
  GB: 1024 ** 3,
  GIB: 1024 ** 3,
  G: 1024 ** 3,
};

const SIZE = /^(\d+(?:\.\d+)?|\.\d+)\s*([A-Za-z]*)$/;

/**
 * A size as people write it. Units are powers of 1024, as every size the action prints
 * (`formatBytes`): KB = KiB = 1,024 bytes, MB = MiB, GB = GiB.
 * `500MB`, `2GB`, `500 MB`, `1.5GB`, `800KB`, `1048576` → bytes (rounded down to a whole byte). */
export function parseSize(value: string): number {
  const m = SIZE.exec(value.trim());
  const fix = 'give a size such as 500MB, 2GB or 800KB (units of 1024), or a number of bytes';
  if (!m) throw new Error(`${quote(value)} is not a size; ${fix}`);
  const unit = UNITS[m[2]!.toUpperCase()];
  if (unit === undefined) throw new Error(`${quote(value)} has an unknown unit "${m[2]}"; ${fix}`);
  const bytes = Math.floor(Number(m[1]) * unit);
  if (bytes <= 0) throw new Error(`${quote(value)} is no size at all; ${fix}`);
  if (!Number.isSafeInteger(bytes)) throw new Error(`${quote(value)} is too large; ${fix}`);
  return bytes;
}
