/**
 * Walking every page of a list as an async iterator, for both pagination styles:
 * hosting page envelopes (follow `next` until it is null) and headless page tokens (pass
 * `nextPageToken` back as `pageToken` until there is none). Pages are fetched lazily, one at
 * a time, so a caller that stops early (e.g. `find`) makes no further request.
 */
import type { Page } from './types.js';
/** Walks a hosting list: `first()` fetches page one, `follow(next)` fetches the page a link points at. */
export declare function walkLinkedPages<T>(first: () => Promise<Page<T>>, follow: (link: string) => Promise<Page<T>>): AsyncGenerator<T, void, undefined>;
/** One page of a headless list, whatever its item field is called. */
export interface TokenPage<T> {
    items: T[];
    nextPageToken?: string;
}
/** Walks a headless list: `fetch(token)` fetches the page for a token (undefined for the first). */
export declare function walkTokenPages<T>(fetch: (pageToken: string | undefined) => Promise<TokenPage<T>>): AsyncGenerator<T, void, undefined>;
/** Collects an async iterable into an array (for callers that want everything at once). */
export declare function collect<T>(items: AsyncIterable<T>): Promise<T[]>;
