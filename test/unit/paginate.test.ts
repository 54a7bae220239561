import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { collect, walkLinkedPages, walkTokenPages } from '../../src/api/paginate.js';
import { VirtualClock } from '../../src/util/clock.js';
import { fakeTransport, reply } from './helpers/fake-transport.js';

/** A hosting list of `total` numbered records served `limit` at a time, with `next` links shaped as docs/api.md says. */
function hostingList(total: number, nextPrefix = '') {
  return fakeTransport((req) => {
    const limit = Number(req.url.searchParams.get('limit') ?? 100);
    const offset = Number(req.url.searchParams.get('offset') ?? 0);
    const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ n: offset + i }));
    const more = offset + limit < total;
    const path = req.url.pathname.replace(/^\/api/, '');
    return reply(200, {
      count: total,
      previous: null,
      next: more ? `${nextPrefix}${path}?limit=${limit}&offset=${offset + limit}` : null,
      results,
    });
  });
}

const creds = { userId: 'u', password: 'password' };

describe('hosting pages (follow next)', () => {
  it('walks every page in order, following next against a base with a prefix', async () => {
    const { transport, sent } = hostingList(250);
    const c = createClient({
      hostingUrl: 'https://h.example/api/',
      credentials: creds,
      transport,
      clock: new VirtualClock(),
    });
    const all = await collect(c.iterateInstalls({ limit: 100, account_id: 'acc' }));
    expect(all.map((r) => (r as unknown as { n: number }).n)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(sent.map((s) => s.url.pathname + s.url.search)).toEqual([
      '/api/v1/installs?limit=100&account_id=acc',
      '/api/v1/installs?limit=100&offset=100',
      '/api/v1/installs?limit=100&offset=200',
    ]);
    expect(sent.every((s) => s.headers.authorization?.startsWith('Basic '))).toBe(true);
  });

  it('accepts next links that already carry the base prefix', async () => {
    const { transport, sent } = hostingList(3, '/api');
    const c = createClient({ hostingUrl: 'https://h.example/api', credentials: creds, transport });
    expect(await collect(c.iterateSshKeys({ limit: 1 }))).toHaveLength(3);
    expect(sent.map((s) => s.url.pathname)).toEqual(['/api/v1/ssh_keys', '/api/v1/ssh_keys', '/api/v1/ssh_keys']);
  });

  it('fetches no further page when the caller stops early', async () => {
    const { transport, sent } = hostingList(1000);
    const c = createClient({ hostingUrl: 'https://h.example', credentials: creds, transport });
    for await (const site of c.iterateSites()) {
      if ((site as unknown as { n: number }).n === 5) break;
    }
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
    const { transport } = fakeTransport(() => reply(200, { results: [{ user_id: 'x' }] }));
    const c = createClient({ hostingUrl: 'https://h.example', credentials: creds, transport });
    await expect(c.listAccountUsers('acc')).resolves.toEqual([{ user_id: 'x' }]);
  });
});

describe('headless pages (pageToken)', () => {
  it('passes nextPageToken back until there is none', async () => {
    const { transport, sent } = fakeTransport((req) => {
      const token = req.url.searchParams.get('pageToken');
      if (!token) return reply(200, { apps: [{ name: 'a1' }, { name: 'a2' }], nextPageToken: 't2' });
      if (token === 't2') return reply(200, { apps: [{ name: 'a3' }], nextPageToken: 't3' });
      return reply(200, { apps: [] });
    });
    const c = createClient({ headlessUrl: 'https://h.example/headless', credentials: creds, transport });
    const names = (await collect(c.iterateApps('demo', { pageSize: 2 }))).map((a) => a.name);
    expect(names).toEqual(['a1', 'a2', 'a3']);
    expect(sent.map((s) => s.url.search)).toEqual([
      '?pageSize=2',
      '?pageSize=2&pageToken=t2',
      '?pageSize=2&pageToken=t3',
    ]);
  });

  it('walks environments and treats a missing list as empty', async () => {
    const { transport } = fakeTransport(() => reply(200, {}));
    const c = createClient({ headlessUrl: 'https://h.example/headless', credentials: creds, transport });
    expect(await collect(c.iterateEnvironments({ account: 'a', app: 'b' }))).toEqual([]);
  });

  it('stops with an error when a token repeats', async () => {
    const pages = walkTokenPages(async () => ({ items: [1], nextPageToken: 'same' }));
    await expect(collect(pages)).rejects.toThrow(/repeated a page token/);
  });
});
