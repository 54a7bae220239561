/**
 * The health check against a fake transport on a VirtualClock: what counts as healthy, what is
 * retried and how long, the redirect rules (where a redirect may lead, with a fake DNS lookup, and
 * which address the request is pinned to), and that every failure ends as `unhealthy` with a
 * reason rather than an exception. Last, the pin through the real transport: a name's request
 * connects to the address given, direct and through a proxy, the name kept in Host and TLS.
 */
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTlsMaterial, type TlsMaterial } from '../../emulator/index.js';
import {
  createUndiciTransport,
  TransportFailure,
  type TransportRequest,
  type TransportResponse,
} from '../../src/api/transport.js';
import { checkHealth, type HealthTarget, type HostLookup } from '../../src/release/health/check.js';
import { parseStatusSet } from '../../src/release/health/expect.js';
import { VirtualClock } from '../../src/util/clock.js';
import { startConnectProxy } from '../helpers/connect-proxy.js';
import { fakeTransport as scriptedTransport } from './helpers/fake-transport.js';

type Answer = TransportResponse | TransportFailure | ((req: TransportRequest) => TransportResponse | TransportFailure);
type Routes = Record<string, Answer | Answer[]>;

/** Answers by URL (href); a list is used up in order, its last answer repeated; each attempt takes `attemptMs`. */
function fakeTransport(routes: Routes, clock?: VirtualClock, attemptMs = 0) {
  const used = new Map<string, number>();
  const limits: [number | undefined, number | undefined][] = [];
  /** `href` of each request, `→ address` when pinned to one. */
  const asked: string[] = [];
  const { transport, sent } = scriptedTransport((req) => {
    clock?.advance(attemptMs);
    limits.push([req.timeoutMs, req.maxMs]);
    asked.push(req.connectTo === undefined ? req.url.href : `${req.url.href} → ${req.connectTo}`);
    const route = routes[req.url.href];
    if (route === undefined) throw new Error(`the check asked ${req.url.href}, which the test did not expect`);
    const list = [route].flat();
    const n = used.get(req.url.href) ?? 0;
    used.set(req.url.href, n + 1);
    const answer = list[Math.min(n, list.length - 1)]!;
    return typeof answer === 'function' ? answer(req) : answer;
  });
  return { transport, sent, limits, asked };
}

const ok = (body = '<h1>Welcome</h1>'): TransportResponse => ({ status: 200, headers: {}, body });
const status = (code: number, body = 'Internal error'): TransportResponse => ({ status: code, headers: {}, body });
const redirect = (to: string | undefined, code = 302): TransportResponse => ({
  status: code,
  headers: to === undefined ? {} : { location: to },
  body: '',
});

const SITE = 'https://shop.example.com/';

/** DNS as the tests' world has it: each name's answers, a list used up in order (the last repeated). */
type Dns = Record<string, string[] | string[][]>;

function fakeLookup(dns: Dns) {
  const asked: string[] = [];
  const lookup: HostLookup = async (name) => {
    const n = asked.filter((a) => a === name).length;
    asked.push(name);
    const answers = dns[name];
    if (answers === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    const list = (Array.isArray(answers[0]) ? answers : [answers]) as string[][];
    return list[Math.min(n, list.length - 1)]!.map((address) => ({ address }));
  };
  return { lookup, asked };
}

function run(routes: Routes, over: Partial<HealthTarget> = {}, attemptMs = 0, dns: Dns = {}) {
  const clock = new VirtualClock();
  const { transport, sent, limits, asked } = fakeTransport(routes, clock, attemptMs);
  const { lookup, asked: looked } = fakeLookup(dns);
  const lines: string[] = [];
  const target = { url: SITE, expect: parseStatusSet('200-399'), text: null, timeoutMs: 60_000, ...over };
  const result = checkHealth(
    { transport, clock, signal: new AbortController().signal, log: (l) => lines.push(`${clock.now()} ${l}`), lookup },
    target,
  );
  const times = () => lines.map((l) => Number(l.split(' ')[0]));
  return { result, sent, limits, lines, times, asked, looked };
}

/** The check's verdict when the site answers as `routes` say, given one second at most. */
const verdict = (routes: Routes, over: Partial<HealthTarget> = {}) => run(routes, { timeoutMs: 1000, ...over }).result;

describe('health check', () => {
  it('is healthy at the first answer in health-expect, introducing itself and sending no credentials', async () => {
    const { result, sent } = run({ [SITE]: ok() });
    await expect(result).resolves.toMatchObject({ healthy: true, attempts: 1, status: 200, reason: 'answer: 200' });
    expect(sent.map((s) => [s.method, s.headers])).toEqual([
      ['GET', { accept: '*/*', 'user-agent': 'headless-deploy-health-check' }],
    ]);
  });

  it('retries until the site answers healthy, pausing 1 s, 2 s, 4 s, then 5 s', async () => {
    const { result, lines, times } = run({
      [SITE]: [status(500), status(502), status(503), status(500), status(500), ok()],
    });
    await expect(result).resolves.toMatchObject({ healthy: true, attempts: 6, elapsedMs: 17_000 });
    expect(times().map((t) => t - Date.UTC(2026, 0, 1))).toEqual([0, 1000, 3000, 7000, 12000, 17000]);
    expect(lines[0]).toMatch(/attempt 1: answer: 500, not in health-expect 200-399 \(0s elapsed, 1m left\)/);
  });

  it('is unhealthy once health-timeout has passed, naming the last answer, with a last attempt at the deadline', async () => {
    const { result, times } = run({ [SITE]: status(500) }, { timeoutMs: 30_000 });
    const r = await result;
    expect(r).toMatchObject({ healthy: false, status: 500, elapsedMs: 30_000 });
    expect(r.reason).toMatch(
      /^not healthy after 30s \(health-timeout 30s, \d+ attempts\): the last answer: 500, not in health-expect 200-399$/,
    );
    // An attempt line at least every 10 s, the last one at the deadline.
    for (let i = 1; i < times().length; i++) expect(times()[i]! - times()[i - 1]!).toBeLessThanOrEqual(10_000);
    expect(times().at(-1)! - times()[0]!).toBe(30_000);
  });

  it('gives each attempt 5 s, the last one at the deadline too', async () => {
    const { result, limits } = run({ [SITE]: status(500) }, { timeoutMs: 3_500 });
    await result;
    // At 0, 1 s, 3 s and 3.5 s (the deadline).
    expect(limits).toEqual(Array(4).fill([5_000, 5_000]));
  });

  it('keeps a line at least every 10 s when attempts themselves are slow', async () => {
    const { result, times } = run({ [SITE]: status(500) }, { timeoutMs: 60_000 }, 5_000);
    expect((await result).healthy).toBe(false);
    for (let i = 1; i < times().length; i++) expect(times()[i]! - times()[i - 1]!).toBeLessThanOrEqual(10_000);
  });

  const MiB = 1024 * 1024;
  it.each<[string, TransportResponse, Partial<HealthTarget>, boolean]>([
    ['a status outside health-expect', status(404), {}, false],
    ['a status inside health-expect', status(404), { expect: parseStatusSet('200,404') }, true],
    ['a 204 when only 200 is expected', status(204, ''), { expect: parseStatusSet('200') }, false],
    ['the health-text in the body', ok(), { text: 'Welcome' }, true],
    [
      'health-text ending the first MiB',
      ok(`${'x'.repeat(MiB - 7)}Welcome${'y'.repeat(99)}`),
      { text: 'Welcome' },
      true,
    ],
    ['the health-text after the first MiB', ok(`${'x'.repeat(MiB)}Welcome`), { text: 'Welcome' }, false],
  ])('%s: healthy %s', async (_case, answer, over, healthy) => {
    expect((await verdict({ [SITE]: answer }, over)).healthy).toBe(healthy);
  });

  it('names a missing health-text', async () => {
    const r = await verdict({ [SITE]: ok('<h1>Maintenance</h1>') }, { text: 'Welcome' });
    expect(r).toMatchObject({ healthy: false, status: 200 });
    expect(r.reason).toMatch(/the last answer: 200, but the body's first MiB does not contain the health-text/);
  });

  it.each([
    [1, 'answer: 200 (after 1 redirect, at https://shop.example.com/1)'],
    [5, 'answer: 200 (after 5 redirects, at https://shop.example.com/5)'],
  ])('follows %i redirects and judges the page at the end', async (n, reason) => {
    const hops: Routes = { [`${SITE}${n}`]: ok() };
    for (let i = 0; i < n; i++) hops[i ? `${SITE}${i}` : SITE] = redirect(`/${i + 1}`, [301, 302, 303, 307, 308][i]);
    expect(await run(hops).result).toMatchObject({ healthy: true, status: 200, reason });
  });

  it('refuses a sixth redirect: unhealthy whatever the status', async () => {
    const hops: Routes = { [`${SITE}6`]: ok() };
    for (let i = 0; i < 6; i++) hops[i ? `${SITE}${i}` : SITE] = redirect(`/${i + 1}`);
    const r = await verdict(hops);
    expect(r).toMatchObject({ healthy: false, status: 302 });
    expect(r.reason).toMatch(/answered 302 after 5 redirects: too many redirects/);
  });

  it.each([
    ['no Location, even when its status is expected', undefined, /answered 302 without a Location header$/],
    ['a Location of blanks', '   ', /answered 302 without a Location header$/],
    ['a Location that is no URL', 'https://[shop', /302 with a Location that is not a URL: "https:\/\/\[shop"$/],
    ['plain http', 'http://shop.example.com/', /to plain http on shop\.example\.com; only https is followed/],
    ['plain http on the same host', 'http://shop.example.com:443/', /plain http on shop\.example\.com:443; only https/],
    ['another scheme', 'ftp://shop.example.com/', /redirecting to a "ftp:" URL; only https is followed$/],
    ['credentials', 'https://user:pw@shop.example.com/', /answered 302 redirecting to a URL with credentials in it$/],
    ['a user name alone', 'https://user@shop.example.com/', /redirecting to a URL with credentials in it$/],
    ['a password alone', 'https://:pw@shop.example.com/', /redirecting to a URL with credentials in it$/],
    ['a loop', '/a', /: a redirect loop \(back to https:\/\/shop\.example\.com\/\)$/],
    ['a loop back to a URL with a query', '/?token=s3cret', /loop \(back to https:\/\/shop\.example\.com\/\?…\)$/],
  ])('refuses a redirect with %s, naming it', async (_title, location, reason) => {
    const r = await verdict({
      [SITE]: redirect(location),
      [`${SITE}a`]: redirect('/'),
      [`${SITE}?token=s3cret`]: redirect('/?token=s3cret'),
    });
    expect(r).toMatchObject({ healthy: false, status: 302 });
    expect(r.reason).toMatch(reason);
    expect(r.reason).not.toContain('s3cret');
  });

  const LOCAL = 'http://127.0.0.1:8080/';
  const CDN = { 'cdn.example.net': ['203.0.113.10'] };
  it.each<[string, string, string, Dns, string[]]>([
    [
      'a public name, pinned to its address',
      SITE,
      'https://cdn.example.net/up',
      CDN,
      ['https://cdn.example.net/up → 203.0.113.10'],
    ],
    [
      'a name with IPv6 and IPv4 addresses, pinned to the IPv4 one',
      SITE,
      'https://cdn.example.net/up',
      { 'cdn.example.net': ['2001:db8::10', '203.0.113.10'] },
      ['https://cdn.example.net/up → 203.0.113.10'],
    ],
    [
      'an IPv6-only public name',
      SITE,
      'https://v6.example.net/',
      { 'v6.example.net': ['2001:db8::10'] },
      ['https://v6.example.net/ → 2001:db8::10'],
    ],
    ['a public address, as it is', SITE, 'https://203.0.113.7/up', {}, ['https://203.0.113.7/up']],
    [
      'the same host, any path, even a private health-url',
      'https://staging.internal/',
      '/login?next=/',
      {},
      ['https://staging.internal/login?next=/'],
    ],
    [
      'plain http from a loopback health-url to a loopback host',
      LOCAL,
      'http://localhost:9090/up',
      {},
      ['http://localhost:9090/up'],
    ],
    [
      'https from a loopback health-url to a loopback host',
      LOCAL,
      'https://[::1]:9443/up',
      {},
      ['https://[::1]:9443/up'],
    ],
  ])('follows a redirect to %s', async (_title, start, location, dns, hops) => {
    const next = hops[0]!.split(' ')[0]!;
    const { result, asked, looked } = run({ [start]: redirect(location), [next]: ok() }, { url: start }, 0, dns);
    expect(await result).toMatchObject({ healthy: true, attempts: 1 });
    expect(asked).toEqual([start, ...hops]);
    expect(looked).toEqual(Object.keys(dns));
  });

  const PUBLIC_RULE = 'only hosts whose every address is public are followed to another host$';
  it.each<[string, string, string, Dns, RegExp]>([
    ...(
      [
        ['10.0.0.5', 'private'],
        ['127.0.0.1', 'loopback'],
        ['169.254.169.254', 'link-local'],
        ['100.64.0.1', 'carrier-grade NAT'],
        ['fd00::1', 'unique-local'],
        ['fe80::1', 'link-local'],
        ['::ffff:127.0.0.1', 'loopback'],
      ] as const
    ).map(([address, kind]): [string, string, string, Dns, RegExp] => [
      `a name resolving to ${address}`,
      SITE,
      'https://internal.example/',
      { 'internal.example': [address] },
      new RegExp(
        `to internal\\.example, which resolves to ${address.replace(/\./g, '\\.')} \\(${kind} address\\): ${PUBLIC_RULE}`,
      ),
    ]),
    [
      'a name with public and private addresses',
      SITE,
      'https://internal.example/',
      { 'internal.example': ['203.0.113.10', '10.0.0.5'] },
      /resolves to 10\.0\.0\.5 \(private address\)/,
    ],
    ['a name with no address', SITE, 'https://internal.example/', { 'internal.example': [] }, /resolves to no address/],
    [
      'a name that does not resolve',
      SITE,
      'https://gone.example/',
      {},
      /answered 302, but host gone\.example does not resolve \(ENOTFOUND\); check the host name in the redirect of https:\/\/shop\.example\.com\/ and the runner.s DNS$/,
    ],
    [
      'a link-local address',
      SITE,
      'https://169.254.169.254/latest/meta-data',
      {},
      /answered 302 redirecting to 169\.254\.169\.254 \(link-local address\): only public addresses are followed to another host$/,
    ],
    [
      'a unique-local address',
      SITE,
      'https://[fd00::1]:8443/',
      {},
      /redirecting to \[fd00::1\]:8443 \(unique-local address\)/,
    ],
    ['a loopback host', SITE, 'https://localhost:2375/', {}, /redirecting to localhost:2375 \(loopback host\)/],
    [
      'plain http to a loopback host from a public health-url',
      SITE,
      'http://127.0.0.1:2375/',
      {},
      /plain http on 127\.0\.0\.1:2375; plain http is followed only when health-url is on a loopback host too$/,
    ],
    [
      'a private name from a loopback health-url',
      LOCAL,
      'https://internal.example/',
      { 'internal.example': ['10.0.0.5'] },
      /\(private address\)/,
    ],
    [
      'plain http elsewhere from a loopback health-url',
      LOCAL,
      'http://shop.example.com/',
      {},
      /plain http on shop\.example\.com; only https/,
    ],
    [
      'the same name on another port (another host)',
      SITE,
      'https://shop.example.com:8443/',
      { 'shop.example.com': ['10.0.0.5'] },
      /to shop\.example\.com:8443, which resolves to 10\.0\.0\.5 \(private address\)/,
    ],
  ])(
    'refuses a redirect to %s, naming the host but not the query, and asks nothing there',
    async (_t, start, location, dns, reason) => {
      const { result, asked } = run(
        { [start]: redirect(`${location}?token=s3cret`) },
        { url: start, timeoutMs: 1000 },
        0,
        dns,
      );
      const r = await result;
      expect(r).toMatchObject({ healthy: false, status: 302, attempts: 2 });
      expect(r.reason).toMatch(reason);
      expect(r.reason).not.toContain('s3cret');
      expect(asked).toEqual([start, start]);
    },
  );

  it('gives a lookup that does not answer one attempt’s 5 s, then counts it a failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { transport } = fakeTransport({ [SITE]: redirect('https://slow.example/') });
      const deps = { transport, clock: new VirtualClock(), signal: new AbortController().signal, log: () => {} };
      const lookup: HostLookup = () => new Promise(() => {});
      const target = { url: SITE, expect: parseStatusSet('200'), text: null, timeoutMs: 0 };
      const result = checkHealth({ ...deps, lookup }, target);
      await vi.advanceTimersByTimeAsync(4_999);
      let done = false;
      void result.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await result).reason).toMatch(/answered 302, but host slow\.example does not resolve \(ETIMEOUT\)/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('looks a name up once and connects to the address it checked, on the same host too (no DNS rebinding)', async () => {
    const dns = { 'cdn.example.net': [['203.0.113.10'], ['127.0.0.1']] };
    const cdn = 'https://cdn.example.net';
    // At the end, back to health-url's host: the user's choice, asked as health-url is (no lookup of ours).
    const routes = {
      [SITE]: redirect(`${cdn}/a`),
      [`${cdn}/a`]: redirect('/b'),
      [`${cdn}/b`]: redirect(`${SITE}home`),
      [`${SITE}home`]: ok(),
    };
    const { result, asked, looked } = run(routes, {}, 0, dns);
    expect(await result).toMatchObject({ healthy: true, status: 200 });
    expect(looked).toEqual(['cdn.example.net']);
    expect(asked).toEqual([SITE, `${cdn}/a → 203.0.113.10`, `${cdn}/b → 203.0.113.10`, `${SITE}home`]);
  });

  it.each<[TransportFailure['failure'], string, RegExp]>([
    ['dns', 'ENOTFOUND', /: host shop\.example\.com does not resolve \(ENOTFOUND\).*check the host name in health-url/],
    [
      'certificate',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      /: the certificate of shop\.example\.com is not trusted \(DEPTH_ZERO_SELF/,
    ],
    ['tls', 'ERR_SSL_WRONG_VERSION_NUMBER', /: TLS handshake with shop\.example\.com failed/],
  ])('a failed attempt (%s, %s) is unhealthy with the reason, not a crash', async (failure, code, reason) => {
    const r = await verdict({ [SITE]: new TransportFailure(failure, `failed: ${code}`, code) });
    expect(r).toMatchObject({ healthy: false, status: null });
    expect(r.reason).toMatch(new RegExp(`attempt failed${reason.source}`));
  });

  it('a site that comes up after DNS failures is healthy', async () => {
    const dns = new TransportFailure('dns', 'ENOTFOUND', 'ENOTFOUND');
    expect((await run({ [SITE]: [dns, dns, ok()] }).result).healthy).toBe(true);
  });

  it('is cancelled, not unhealthy, when the run is cancelled', async () => {
    const controller = new AbortController();
    const { transport } = fakeTransport({
      [SITE]: () => {
        controller.abort(new Error('cancelled by the runner'));
        return new TransportFailure('cancelled', 'cancelled by the caller');
      },
    });
    const target = { url: SITE, expect: parseStatusSet('200-399'), text: null, timeoutMs: 60_000 };
    const deps = { transport, clock: new VirtualClock(), signal: controller.signal, log: () => {} };
    await expect(checkHealth(deps, target)).rejects.toThrow(/cancelled by the runner/);
  });
});

describe('the pin through the real transport (connectTo)', () => {
  let tls: TlsMaterial;
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    tls = makeTlsMaterial({ hosts: ['site.example'] });
    server = createHttpsServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
      seen.push(`${req.headers.host} ${(req.socket as TLSSocket).servername} ${req.url}`);
      res.end('up');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['direct', 'through HTTPS_PROXY'])(
    '%s: connects to the address given; the name stays in Host and TLS, and is not looked up',
    async (how) => {
      seen.length = 0;
      // The proxy opens tunnels to 127.0.0.1 only: one asked for by name gets 502.
      const proxy = how === 'direct' ? undefined : await startConnectProxy({ hosts: ['127.0.0.1'] });
      const transport = createUndiciTransport({ env: proxy ? { HTTPS_PROXY: proxy.url } : {}, ca: tls.caPem });
      try {
        const url = new URL(`https://site.example:${port}/up?x=1`);
        const res = await transport.send({ method: 'GET', url, headers: {}, timeoutMs: 5_000, connectTo: '127.0.0.1' });
        expect(res.status).toBe(200);
        expect(seen).toEqual([`site.example:${port} site.example /up?x=1`]);
        expect(proxy?.tunnels.map((t) => `${t.target} ${t.status}`) ?? []).toEqual(
          proxy ? [`127.0.0.1:${port} 200`] : [],
        );
      } finally {
        await transport.close?.();
        await proxy?.close();
      }
    },
  );
});
