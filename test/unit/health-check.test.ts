/**
 * The health check against a fake transport on a VirtualClock: what counts as healthy, what is
 * retried and how long, the redirect rules, and that every failure ends as `unhealthy` with a
 * reason rather than an exception.
 */
import { describe, expect, it } from 'vitest';
import { TransportFailure, type TransportRequest, type TransportResponse } from '../../src/api/transport.js';
import { checkHealth, type HealthTarget } from '../../src/release/health/check.js';
import { parseStatusSet } from '../../src/release/health/expect.js';
import { VirtualClock } from '../../src/util/clock.js';
import { fakeTransport as scriptedTransport } from './helpers/fake-transport.js';

type Answer = TransportResponse | TransportFailure | ((req: TransportRequest) => TransportResponse | TransportFailure);
type Routes = Record<string, Answer | Answer[]>;

/** Answers by URL (href); a list is used up in order, its last answer repeated; each attempt takes `attemptMs`. */
function fakeTransport(routes: Routes, clock?: VirtualClock, attemptMs = 0) {
  const used = new Map<string, number>();
  const limits: [number | undefined, number | undefined][] = [];
  const { transport, sent } = scriptedTransport((req) => {
    clock?.advance(attemptMs);
    limits.push([req.timeoutMs, req.maxMs]);
    const route = routes[req.url.href];
    if (route === undefined) throw new Error(`the check asked ${req.url.href}, which the test did not expect`);
    const list = [route].flat();
    const n = used.get(req.url.href) ?? 0;
    used.set(req.url.href, n + 1);
    const answer = list[Math.min(n, list.length - 1)]!;
    return typeof answer === 'function' ? answer(req) : answer;
  });
  return { transport, sent, limits };
}

const ok = (body = '<h1>Welcome</h1>'): TransportResponse => ({ status: 200, headers: {}, body });
const status = (code: number, body = 'Internal error'): TransportResponse => ({ status: code, headers: {}, body });
const redirect = (to: string | undefined, code = 302): TransportResponse => ({
  status: code,
  headers: to === undefined ? {} : { location: to },
  body: '',
});

const SITE = 'https://shop.example.com/';

function run(routes: Routes, over: Partial<HealthTarget> = {}, attemptMs = 0) {
  const clock = new VirtualClock();
  const { transport, sent, limits } = fakeTransport(routes, clock, attemptMs);
  const lines: string[] = [];
  const target = { url: SITE, expect: parseStatusSet('200-399'), text: null, timeoutMs: 60_000, ...over };
  const result = checkHealth(
    { transport, clock, signal: new AbortController().signal, log: (l) => lines.push(`${clock.now()} ${l}`) },
    target,
  );
  const times = () => lines.map((l) => Number(l.split(' ')[0]));
  return { result, sent, limits, lines, times };
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

  it('follows plain http to a loopback host', async () => {
    const r = await run({ [SITE]: redirect('http://127.0.0.1:8080/up'), 'http://127.0.0.1:8080/up': ok() }).result;
    expect(r.healthy).toBe(true);
  });

  it.each([
    ['no Location, even when its status is expected', undefined, /answered 302 without a Location header$/],
    ['a Location of blanks', '   ', /answered 302 without a Location header$/],
    ['a Location that is no URL', 'https://[shop', /302 with a Location that is not a URL: "https:\/\/\[shop"$/],
    ['plain http', 'http://shop.example.com/', /to plain http on shop\.example\.com; only https is followed/],
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
