/**
 * Field checks for hosting request bodies. Each returns the FieldErrors it found (none when the
 * value is fine), so a handler collects every problem of a request and answers them all in one
 * Bad Request instead of making the caller fix them one round-trip at a time.
 */
import { invalid, type FieldError } from '../../http/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Every pattern here is anchored, and the two that could backtrack on long input (EMAIL, whose
// parts overlap on '.', and HOSTNAME's label groups) only run after a length check.
// Deliberately simple: one @, no spaces, a dot in the domain part.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
export const isEmail = (v: unknown): v is string => typeof v === 'string' && v.length <= 254 && EMAIL.test(v);
/** A fully qualified host name (at least two labels), lower-case. */
export const isHostname = (v: unknown): v is string => typeof v === 'string' && v.length <= 253 && HOSTNAME.test(v);

const show = (v: unknown) =>
  typeof v === 'string' ? JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v) : typeof v;

/** A required string with at least one non-blank character (and at most `max`). */
export function requiredString(resource: string, field: string, v: unknown, max = 255): FieldError[] {
  if (v === undefined || v === null)
    return [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)];
  if (typeof v !== 'string') return [invalid(resource, field, `${field} must be a string`)];
  if (v.trim() === '') return [invalid(resource, field, `${field} must not be empty`, `${resource}.${field}.blank`)];
  if (v.length > max) return [invalid(resource, field, `${field} must be at most ${max} characters`)];
  return [];
}

/** An optional string: absent or a string of at most `max` characters. */
export function optionalString(resource: string, field: string, v: unknown, max = 255): FieldError[] {
  if (v === undefined) return [];
  if (typeof v !== 'string' || v.length > max) {
    return [invalid(resource, field, `${field} must be a string of at most ${max} characters`)];
  }
  return [];
}

export function uuidField(resource: string, field: string, v: unknown, required: boolean): FieldError[] {
  if (v === undefined || v === null) {
    return required ? [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)] : [];
  }
  if (!isUuid(v)) return [invalid(resource, field, `${field} must be a uuid, got ${show(v)}`)];
  return [];
}

export function enumField(
  resource: string,
  field: string,
  v: unknown,
  allowed: readonly string[],
  required: boolean,
): FieldError[] {
  if (v === undefined || v === null) {
    return required ? [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)] : [];
  }
  if (typeof v !== 'string' || !allowed.includes(v)) {
    return [invalid(resource, field, `${field} must be one of ${allowed.join(' | ')}, got ${show(v)}`)];
  }
  return [];
}

export function booleanField(resource: string, field: string, v: unknown): FieldError[] {
  if (v === undefined || typeof v === 'boolean') return [];
  return [invalid(resource, field, `${field} must be true or false, got ${show(v)}`)];
}

export function emailField(resource: string, field: string, v: unknown, required: boolean): FieldError[] {
  if (v === undefined || v === null) {
    return required ? [invalid(resource, field, `${field} is required`, `${resource}.${field}.required`)] : [];
  }
  if (!isEmail(v)) return [invalid(resource, field, `${field} must be an email address, got ${show(v)}`)];
  return [];
}

/** An optional array whose every item passes `check` (named `field[i]` in errors). */
export function arrayField(
  resource: string,
  field: string,
  v: unknown,
  check: (item: unknown) => string | null,
): FieldError[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) return [invalid(resource, field, `${field} must be an array`)];
  return v.flatMap((item, i) => {
    const problem = check(item);
    return problem ? [invalid(resource, `${field}[${i}]`, `${field}[${i}] ${problem}, got ${show(item)}`)] : [];
  });
}

export const emailItem = (item: unknown) => (isEmail(item) ? null : 'must be an email address');
export const uuidItem = (item: unknown) => (isUuid(item) ? null : 'must be a uuid');
export const nonEmptyStringItem = (item: unknown) =>
  typeof item === 'string' && item.trim() !== '' ? null : 'must be a non-empty string';

/** A nested object: must be a plain object holding only `allowed` keys. */
export function objectField(resource: string, field: string, v: unknown, allowed: readonly string[]): FieldError[] {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    return [invalid(resource, field, `${field} must be an object`)];
  }
  return Object.keys(v)
    .filter((k) => !allowed.includes(k))
    .map((k) => invalid(resource, `${field}.${k}`, `"${field}.${k}" is not a field of this request`, 'unknown_field'));
}

/** Fields of a partial update that may be left out but not set to null. */
export function notNull(resource: string, body: Record<string, unknown>, fields: readonly string[]): FieldError[] {
  return fields
    .filter((f) => body[f] === null)
    .map((f) => invalid(resource, f, `${f} must not be null; leave it out to keep it`));
}
