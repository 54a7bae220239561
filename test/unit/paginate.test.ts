/**
 * Walking every page (src/api/paginate.ts): hosting lists follow `next` (a path, with or without
 * the base's prefix, or an absolute URL on the same origin), headless lists pass `nextPageToken`
 * back; pages are fetched lazily, and a service that loops is stopped.
 */
import { describe, expect, it } from 'vitest';
import { collect, walkLinkedPages, walkTokenPages } from '../../src/api/paginate.js';
import { fakeClient } from './helpers/fake-client.js';
import { reply } from './helpers/fake-transport.js';

/** A hosting list of `total` numbered records served `limit` at a time, each `next` link made by `link`. */
function hostingList(total: number, link: (path: string, query: string, page: number) => string) {
  return fakeClient(
    (req) => {
      const limit = Number(req.url.searchParams.get('limit') ?? 100);
      const offset = Number(req.url.searchParams.get('offset') ?? 0);
      const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
        n: offset + i,
      }));
      const more = offset + limit < total;
      const path = req.url.pathname.replace(/^\/api/, '');
      const next = more ? link(path, `?limit=${limit}&offset=${offset + limit}`, offset / limit) : null;
      return reply(200, { count: total, previous: null, next, results });
    },
    { hostingUrl: 'https://h.example/api/' },
  );
}
const numbers = (records: unknown[]) => records.map((r) => (r as { n: number }).n);

describe('hosting pages (follow next)', () => {
  it('walks every page in order, following next against a base with a prefix', async () => {
    const { c, sent } = hostingList(250, (path, query) => path + query);
    const all = await collect(c.iterateInstalls({ limit: 100, account_id: 'acc' }));
    expect(numbers(all)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(sent.map((s) => s.url.pathname + s.url.search)).toEqual([
      '/api/v1/installs?limit=100&account_id=acc',
      '/api/v1/installs?limit=100&offset=100',
      '/api/v1/installs?limit=100&offset=200',
    ]);
    expect(sent.every((s) => s.headers.authorization?.startsWith('Basic '))).toBe(true);
  });

  it('follows links that already carry the prefix, and absolute ones on the same origin', async () => {
    const links = [(p: string, q: string) => `/api${p}${q}`, (p: string, q: string) => `https://h.example/api${p}${q}`];
    const { c, sent } = hostingList(3, (path, query, page) => links[page % 2]!(path, query));
    expect(numbers(await collect(c.iterateSshKeys({ limit: 1 })))).toEqual([0, 1, 2]);
    expect(sent.map((s) => s.url.href)).toEqual([
      'https://h.example/api/v1/ssh_keys?limit=1',
      'https://h.example/api/v1/ssh_keys?limit=1&offset=1',
      'https://h.example/api/v1/ssh_keys?limit=1&offset=2',
    ]);
  });

  it('fetches no further page when the caller stops early', async () => {
    const { c, sent } = hostingList(1000, (path, query) => path + query);
    for await (const site of c.iterateSites()) if ((site as unknown as { n: number }).n === 5) break;
    expect(sent).toHaveLength(1);
  });

  it('stops with an error when the service links to a page twice', async () => {
    const pages = walkLinkedPages(
      async () => ({ count: 2, previous: null, next: '/v1/x?offset=1', results: [1] }),
      async () => ({ count: 2, previous: null, next: '/v1/x?offset=1', results: [2] }),
    );
    await expect(collect(pages)).rejects.toThrow(/linked to page .* twice/);
  });

  it('unwraps account users, which have no envelope', async () => {
    const { c } = fakeClient(reply(200, { results: [{ user_id: 'x' }] }));
    await expect(c.listAccountUsers('acc')).resolves.toEqual([{ user_id: 'x' }]);
  });
});

describe('headless pages (pageToken)', () => {
  it('passes nextPageToken back until there is none, past a page answered empty', async () => {
    const pages: Record<string, object> = {
      '': { apps: [{ name: 'a1' }, { name: 'a2' }], nextPageToken: 't2' },
      t2: { apps: [], nextPageToken: 't3' },
      t3: { apps: [{ name: 'a3' }], nextPageToken: '' },
    };
    const { c, sent } = fakeClient((req) => reply(200, pages[req.url.searchParams.get('pageToken') ?? '']));
    const names = (await collect(c.iterateApps('demo', { pageSize: 2 }))).map((a) => a.name);
    expect(names).toEqual(['a1', 'a2', 'a3']);
    expect(sent.map((s) => s.url.search)).toEqual([
      '?pageSize=2',
      '?pageSize=2&pageToken=t2',
      '?pageSize=2&pageToken=t3',
    ]);
  });

  it('walks environments and treats a missing list as empty', async () => {
    const { c } = fakeClient(reply(200, {}));
    expect(await collect(c.iterateEnvironments({ account: 'a', app: 'b' }))).toEqual([]);
  });

  it('stops with an error when a token repeats', async () => {
    const pages = walkTokenPages(async () => ({ items: [1], nextPageToken: 'same' }));
    await expect(collect(pages)).rejects.toThrow(/repeated a page token/);
  });
});
