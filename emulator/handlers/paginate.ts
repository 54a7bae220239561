/** The two pagination styles: hosting limit/offset envelopes and headless page tokens. */
import { badRequest, invalid } from '../http/errors.js';
import type { Page } from '../types/hosting.js';

function intParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
  resource: string,
): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw badRequest(`Invalid ${name}: must be an integer from ${min} to ${max}`, [
      invalid(resource, name, `${name} must be an integer from ${min} to ${max}, got "${raw}"`),
    ]);
  }
  return n;
}

/**
 * `linkBase` is what `next`/`previous` start with: the request path (`/v1/installs`), or an
 * absolute URL under the documented answers (handlers/hosting/page-link-base.ts). The links keep
 * the other query parameters.
 */
export function hostingPage<T>(
  items: readonly T[],
  query: URLSearchParams,
  linkBase: string,
  resource: string,
): Page<T> {
  const limit = intParam(query, 'limit', 100, 1, 100, resource);
  const offset = intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER, resource);
  const link = (o: number) => {
    const q = new URLSearchParams(query);
    q.set('limit', String(limit));
    q.set('offset', String(o));
    return `${linkBase}?${q.toString()}`;
  };
  return {
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    next: offset + limit < items.length ? link(offset + limit) : null,
    count: items.length,
    results: items.slice(offset, offset + limit),
  };
}

/** Headless lists: pageSize (default 50, at most 100; larger is coerced) and an opaque pageToken. */
export function headlessPage<T>(
  items: readonly T[],
  query: URLSearchParams,
  resource: string,
): { items: T[]; nextPageToken?: string } {
  const rawSize = query.get('pageSize');
  let size = 50;
  if (rawSize !== null) {
    if (!/^\d+$/.test(rawSize)) throw badRequest(`Invalid pageSize "${rawSize}": must be a non-negative integer`);
    size = Math.min(100, Number(rawSize) || 50);
  }
  let start = 0;
  const token = query.get('pageToken');
  if (token) {
    const decoded = /^o(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
    if (!decoded) throw badRequest(`Invalid pageToken for ${resource}: pass the nextPageToken of the previous page`);
    start = Number(decoded[1]);
  }
  const page = items.slice(start, start + size);
  const next = start + size < items.length ? Buffer.from(`o${start + size}`).toString('base64url') : undefined;
  return next ? { items: page, nextPageToken: next } : { items: page };
}
