/**
 * The health check against a fake transport on a VirtualClock: what counts as healthy, what is
 * retried and how long, the redirect rules, and that every failure ends as `unhealthy` with a
 * reason rather than an exception.
 */
import { describe, expect, it } from 'vitest';
import {
  TransportFailure,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from '../../src/api/transport.js';
import { checkHealth, type HealthTarget } from '../../src/release/health/check.js';
import { parseStatusSet } from '../../src/release/health/expect.js';
import { VirtualClock } from '../../src/util/clock.js';

type Answer = TransportResponse | TransportFailure | ((req: TransportRequest) => TransportResponse | TransportFailure);

/** Answers by URL (href); a list is used up in order, its last answer repeated. */
function fakeTransport(routes: Record<string, Answer | Answer[]>, clock?: VirtualClock, attemptMs = 0) {
  const sent: TransportRequest[] = [];
  const used = new Map<string, number>();
  const transport: Transport = {
    async send(req) {
      sent.push(req);
      clock?.advance(attemptMs);
      const route = routes[req.url.href];
      if (route === undefined) throw new Error(`the check asked ${req.url.href}, which the test did not expect`);
      const list = Array.isArray(route) ? route : [route];
      const n = used.get(req.url.href) ?? 0;
      used.set(req.url.href, n + 1);
      let answer = list[Math.min(n, list.length - 1)]!;
      if (typeof answer === 'function') answer = answer(req);
      if (answer instanceof TransportFailure) throw answer;
      return answer;
    },
  };
  return { transport, sent };
}

const ok = (body = '<h1>Welcome</h1>'): TransportResponse => ({ status: 200, headers: {}, body });
const status = (code: number): TransportResponse => ({ status: code, headers: {}, body: 'Internal error' });
const redirect = (to: string, code = 302): TransportResponse => ({ status: code, headers: { location: to }, body: '' });

const SITE = 'https://shop.example.com/';
const target = (over: Partial<HealthTarget> = {}): HealthTarget => ({
  url: SITE,
  expect: parseStatusSet('200-399'),
  text: null,
  timeoutMs: 60_000,
  ...over,
});

function run(routes: Record<string, Answer | Answer[]>, over: Partial<HealthTarget> = {}, attemptMs = 0) {
  const clock = new VirtualClock();
  const { transport, sent } = fakeTransport(routes, clock, attemptMs);
  const lines: string[] = [];
  const controller = new AbortController();
  const result = checkHealth(
    { transport, clock, signal: controller.signal, log: (l) => lines.push(`${clock.now()} ${l}`) },
    target(over),
  );
  return { result, sent, lines, clock, controller };
}

describe('health check', () => {
  it('is healthy at the first answer in health-expect, sending no credentials', async () => {
    const { result, sent } = run({ [SITE]: ok() });
    await expect(result).resolves.toMatchObject({ healthy: true, attempts: 1, status: 200, reason: 'answer: 200' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('GET');
    expect(Object.keys(sent[0]!.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    expect(sent[0]!.headers.cookie).toBeUndefined();
  });

  it('retries until the site answers healthy, pausing 1 s, 2 s, 4 s, then 5 s', async () => {
    const { result, lines } = run({ [SITE]: [status(500), status(502), status(503), status(500), status(500), ok()] });
    await expect(result).resolves.toMatchObject({ healthy: true, attempts: 6, elapsedMs: 17_000 });
    expect(lines.map((l) => Number(l.split(' ')[0]) - Date.UTC(2026, 0, 1))).toEqual([
      0, 1000, 3000, 7000, 12000, 17000,
    ]);
    expect(lines[0]).toMatch(/attempt 1: answer: 500, not in health-expect 200-399 \(0s elapsed, 1m left\)/);
  });

  it('is unhealthy once health-timeout has passed, naming the last answer, with a last attempt at the deadline', async () => {
    const { result, lines } = run({ [SITE]: status(500) }, { timeoutMs: 30_000 });
    const r = await result;
    expect(r).toMatchObject({ healthy: false, status: 500, elapsedMs: 30_000 });
    expect(r.reason).toMatch(
      /^not healthy after 30s \(health-timeout 30s, \d+ attempts\): the last answer: 500, not in health-expect 200-399$/,
    );
    // An attempt line at least every 10 s, the last one at the deadline.
    const times = lines.map((l) => Number(l.split(' ')[0]));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(10_000);
    expect(times.at(-1)! - times[0]!).toBe(30_000);
  });

  it('keeps a line at least every 10 s when attempts themselves are slow', async () => {
    const { result, lines } = run({ [SITE]: status(500) }, { timeoutMs: 60_000 }, 5_000);
    expect((await result).healthy).toBe(false);
    const times = lines.map((l) => Number(l.split(' ')[0]));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeLessThanOrEqual(10_000);
  });

  it('counts a status outside health-expect as unhealthy, and one inside as healthy', async () => {
    expect((await run({ [SITE]: status(404) }, { timeoutMs: 1000 }).result).healthy).toBe(false);
    expect((await run({ [SITE]: status(404) }, { expect: parseStatusSet('200,404') }).result).healthy).toBe(true);
    expect(
      (
        await run(
          { [SITE]: { status: 204, headers: {}, body: '' } },
          { expect: parseStatusSet('200'), timeoutMs: 1000 },
        ).result
      ).healthy,
    ).toBe(false);
  });

  it('with health-text, needs the text in the first MiB of the body', async () => {
    const missing = await run({ [SITE]: ok('<h1>Maintenance</h1>') }, { text: 'Welcome', timeoutMs: 2000 }).result;
    expect(missing).toMatchObject({ healthy: false, status: 200 });
    expect(missing.reason).toMatch(/the last answer: 200, but the body's first MiB does not contain the health-text/);
    expect((await run({ [SITE]: ok() }, { text: 'Welcome' }).result).healthy).toBe(true);
    const late = `${'x'.repeat(1024 * 1024)}Welcome`;
    expect((await run({ [SITE]: ok(late) }, { text: 'Welcome', timeoutMs: 1000 }).result).healthy).toBe(false);
    const early = `${'x'.repeat(1024 * 1024 - 7)}Welcome${'y'.repeat(100)}`;
    expect((await run({ [SITE]: ok(early) }, { text: 'Welcome' }).result).healthy).toBe(true);
  });

  it('follows up to 5 redirects and judges the page at the end', async () => {
    const hops: Record<string, Answer> = {};
    for (let i = 0; i < 5; i++)
      hops[i === 0 ? SITE : `${SITE}${i}`] = redirect(`/${i + 1}`, [301, 302, 303, 307, 308][i]);
    hops[`${SITE}5`] = ok();
    const r = await run(hops).result;
    expect(r).toMatchObject({ healthy: true, status: 200 });
    expect(r.reason).toBe('answer: 200 (after 5 redirects, at https://shop.example.com/5)');
  });

  it('refuses a sixth redirect: unhealthy whatever the status', async () => {
    const hops: Record<string, Answer> = {};
    for (let i = 0; i < 6; i++) hops[i === 0 ? SITE : `${SITE}${i}`] = redirect(`/${i + 1}`);
    hops[`${SITE}6`] = ok();
    const r = await run(hops, { timeoutMs: 1000 }).result;
    expect(r).toMatchObject({ healthy: false, status: 302 });
    expect(r.reason).toMatch(/answered 302 after 5 redirects: too many redirects/);
  });

  it('stops a redirect loop, naming it', async () => {
    const r = await run({ [SITE]: redirect('/a'), [`${SITE}a`]: redirect('/') }, { timeoutMs: 1000 }).result;
    expect(r.healthy).toBe(false);
    expect(r.reason).toMatch(/a redirect loop \(back to https:\/\/shop\.example\.com\/\)/);
  });

  it('follows plain http only to a loopback host', async () => {
    const refused = await run({ [SITE]: redirect('http://shop.example.com/') }, { timeoutMs: 1000 }).result;
    expect(refused).toMatchObject({ healthy: false, status: 302 });
    expect(refused.reason).toMatch(/redirecting to plain http on shop\.example\.com; only https is followed/);
    const local = await run({ [SITE]: redirect('http://127.0.0.1:8080/up'), 'http://127.0.0.1:8080/up': ok() }).result;
    expect(local.healthy).toBe(true);
    const other = await run({ [SITE]: redirect('ftp://shop.example.com/') }, { timeoutMs: 1000 }).result;
    expect(other.reason).toMatch(/a "ftp:" URL; only https is followed/);
  });

  it('introduces itself: any type accepted, its own user agent', async () => {
    const { result, sent } = run({ [SITE]: ok() });
    await result;
    expect(sent[0]!.headers).toEqual({ accept: '*/*', 'user-agent': 'headless-deploy-health-check' });
  });

  it('says "1 redirect", not "1 redirects"', async () => {
    const r = await run({ [SITE]: redirect('/up'), [`${SITE}up`]: ok() }).result;
    expect(r.reason).toBe('answer: 200 (after 1 redirect, at https://shop.example.com/up)');
  });

  it.each([
    ['a Location of blanks', '   ', /answered 302 without a Location header$/],
    [
      'a Location that is no URL',
      'https://[shop',
      /answered 302 with a Location that is not a URL: "https:\/\/\[shop"$/,
    ],
    ['credentials', 'https://user:pw@shop.example.com/', /answered 302 redirecting to a URL with credentials in it$/],
    ['a user name alone', 'https://user@shop.example.com/', /redirecting to a URL with credentials in it$/],
    ['a password alone', 'https://:pw@shop.example.com/', /redirecting to a URL with credentials in it$/],
    [
      'a loop back to a URL with a query',
      '/?token=s3cret',
      /a redirect loop \(back to https:\/\/shop\.example\.com\/\?…\)$/,
    ],
  ])('refuses a redirect with %s, naming it', async (_title, location, reason) => {
    const r = await run(
      { [SITE]: redirect(location), [`${SITE}?token=s3cret`]: redirect('/?token=s3cret') },
      { timeoutMs: 1000 },
    ).result;
    expect(r.healthy).toBe(false);
    expect(r.reason).toMatch(reason);
    expect(r.reason).not.toContain('s3cret');
  });

  it('counts a redirect without a Location as unhealthy, even when its status is expected', async () => {
    const r = await run({ [SITE]: { status: 302, headers: {}, body: '' } }, { timeoutMs: 1000 }).result;
    expect(r.healthy).toBe(false);
    expect(r.reason).toMatch(/answered 302 without a Location header/);
  });

  it('a name that does not resolve is unhealthy with the reason, not a crash', async () => {
    const dns = new TransportFailure('dns', 'getaddrinfo ENOTFOUND shop.example.com', 'ENOTFOUND');
    const r = await run({ [SITE]: dns }, { timeoutMs: 3000 }).result;
    expect(r).toMatchObject({ healthy: false, status: null });
    expect(r.reason).toMatch(
      /attempt failed: host shop\.example\.com does not resolve \(ENOTFOUND\).*check the host name in health-url/,
    );
  });

  it('a TLS error is unhealthy with the reason', async () => {
    const cert = new TransportFailure('certificate', 'self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT');
    const r = await run({ [SITE]: cert }, { timeoutMs: 1000 }).result;
    expect(r.healthy).toBe(false);
    expect(r.reason).toMatch(/the certificate of shop\.example\.com is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
    const tls = new TransportFailure('tls', 'wrong version number', 'ERR_SSL_WRONG_VERSION_NUMBER');
    expect((await run({ [SITE]: tls }, { timeoutMs: 1000 }).result).reason).toMatch(
      /TLS handshake with shop\.example\.com failed/,
    );
  });

  it('a site that comes up after DNS failures is healthy', async () => {
    const dns = new TransportFailure('dns', 'ENOTFOUND', 'ENOTFOUND');
    expect((await run({ [SITE]: [dns, dns, ok()] }).result).healthy).toBe(true);
  });

  it('is cancelled, not unhealthy, when the run is cancelled', async () => {
    const controller = new AbortController();
    const clock = new VirtualClock();
    const { transport } = fakeTransport({
      [SITE]: () => {
        controller.abort(new Error('cancelled by the runner'));
        return new TransportFailure('cancelled', 'cancelled by the caller');
      },
    });
    await expect(checkHealth({ transport, clock, signal: controller.signal, log: () => {} }, target())).rejects.toThrow(
      /cancelled by the runner/,
    );
  });

  it('gives each attempt 5 s, the last one at the deadline too', async () => {
    const { result, sent } = run({ [SITE]: status(500) }, { timeoutMs: 3_500 });
    await result;
    // At 0, 1 s, 3 s and 3.5 s (the deadline).
    expect(sent.map((s) => [s.timeoutMs, s.maxMs])).toEqual(Array(4).fill([5_000, 5_000]));
  });
});
