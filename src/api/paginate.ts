/**
 * Walking every page of a list as an async iterator, for both pagination styles:
 * hosting page envelopes (follow `next` until it is null) and headless page tokens (pass
 * `nextPageToken` back as `pageToken` until there is none). Pages are fetched lazily, one at
 * a time, so a caller that stops early (e.g. `find`) makes no further request.
 */
import type { Page } from './types.js';

/** Walks a hosting list: `first()` fetches page one, `follow(next)` fetches the page a link points at. */
export async function* walkLinkedPages<T>(
  first: () => Promise<Page<T>>,
  follow: (link: string) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let page = await first();
  for (;;) {
    yield* page.results ?? [];
    const next = page.next;
    if (!next) return;
    // A server that links back to a page already read would loop for ever.
    if (seen.has(next)) throw new Error(`pagination: the service linked to page "${next}" twice; stopping`);
    seen.add(next);
    page = await follow(next);
  }
}

/** One page of a headless list, whatever its item field is called. */
export interface TokenPage<T> {
  items: T[];
  nextPageToken?: string;
}

/** Walks a headless list: `fetch(token)` fetches the page for a token (undefined for the first). */
export async function* walkTokenPages<T>(
  fetch: (pageToken: string | undefined) => Promise<TokenPage<T>>,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  let token: string | undefined;
  for (;;) {
    const page = await fetch(token);
    yield* page.items;
    if (!page.nextPageToken) return;
    if (seen.has(page.nextPageToken)) throw new Error('pagination: the service repeated a page token; stopping');
    seen.add(page.nextPageToken);
    token = page.nextPageToken;
  }
}

/** Collects an async iterable into an array (for callers that want everything at once). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
