/**
 * The real transport (undici) against servers on 127.0.0.1: certificates the client does not
 * trust, names that do not resolve, refused connections, a forward proxy (with and without
 * credentials, NO_PROXY, loopback), and answers trickled past the attempt's maximum. What undici's
 * failures are taken for, and how often tried; the words of each kind are
 * test/unit/network-failure.test.ts's, the retry budgets test/unit/request-network.test.ts's.
 */
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTlsMaterial, type TlsMaterial } from '../../emulator/index.js';
import { createClient, type Client, type ClientOptions } from '../../src/api/client.js';
import { NetworkError, TimeoutError } from '../../src/api/errors.js';
import {
  createDispatchers,
  createProxyFetch,
  createUndiciTransport,
  TransportFailure,
  type Transport,
  type TransportRequest,
} from '../../src/api/transport.js';
import { VirtualClock } from '../../src/util/clock.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { json, startFakeServer } from './helpers/client-fake-server.js';

let tls: TlsMaterial;
let server: Server;
let port = 0;
const seen: string[] = [];
let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
  json(res, 200, { results: [], next: null, previous: null, count: 0 });

beforeAll(async () => {
  tls = makeTlsMaterial({ hosts: ['api.test', '127.0.0.1', 'localhost'] });
  server = createHttpsServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    seen.push(`${req.method} ${req.headers.host} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const clients: Client[] = [];
const proxies: ConnectProxy[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  seen.length = 0;
  handler = (_req, res) => json(res, 200, { results: [], next: null, previous: null, count: 0 });
});

interface Setup {
  /** The test server by default, by its address. */
  hostingUrl?: string;
  env?: Record<string, string>;
  trust?: boolean;
  over?: Partial<ClientOptions>;
}

function client({ hostingUrl = `https://127.0.0.1:${port}`, env = {}, trust = true, over = {} }: Setup): Client {
  const c = createClient({
    hostingUrl,
    credentials: { userId: 'user', password: 'secret-password' },
    clock: new VirtualClock(),
    retry: { attempts: 5, random: () => 0.5 },
    transport: createUndiciTransport({ env, ca: trust ? tls.caPem : undefined, keepAliveTimeoutMs: 100 }),
    ...over,
  });
  clients.push(c);
  return c;
}

async function proxy(credentials?: { user: string; password: string }, hosts = ['api.test']): Promise<ConnectProxy> {
  const p = await startConnectProxy({ hosts, credentials });
  proxies.push(p);
  return p;
}

/** The test server by a name that resolves only inside the test's proxy. */
const named = () => `https://api.test:${port}`;

const failure = <E = NetworkError>(p: Promise<unknown>): Promise<E> =>
  p.then(() => expect.fail('expected a failure')).catch((e: unknown) => e as E);
/** The failure of a client's listSites, the client made from `setup`. */
const listFails = (setup: Setup) => failure(client(setup).listSites());

describe('certificates', () => {
  it('trusts a server whose CA it was given', async () => {
    await expect(client({}).listSites()).resolves.toMatchObject({ count: 0 });
  });

  it('fails an untrusted certificate at once: one handshake, nothing sent, a message that says what to do', async () => {
    const err = await failure(client({ trust: false }).createSite({ name: 's', account_id: 'a' }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.failure).toBe('certificate');
    expect(err.attempts).toBe(1);
    expect(err.mayHaveSucceeded).toBe(false);
    expect(seen).toEqual([]);
    expect(err.code).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
    expect(err.message).toContain(`the certificate of 127.0.0.1:${port} is not trusted (${err.code})`);
  });

  it('names a certificate issued for another name as such', async () => {
    const other = makeTlsMaterial({ hosts: ['elsewhere.test'] });
    const s = createHttpsServer({ key: other.keyPem, cert: other.certPem }, (_req, res) => json(res, 200, {}));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    try {
      const transport = createUndiciTransport({ env: {}, ca: other.caPem });
      const hostingUrl = `https://127.0.0.1:${(s.address() as AddressInfo).port}`;
      const err = await listFails({ hostingUrl, over: { transport } });
      expect(err.failure).toBe('certificate');
      expect(err.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
      expect(err.attempts).toBe(1);
    } finally {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it('names a plain-http server behind an https URL as a TLS handshake failure, not retried', async () => {
    const plain = await startFakeServer((_req, res) => json(res, 200, {}));
    try {
      const err = await listFails({ hostingUrl: plain.url.replace('http:', 'https:') });
      expect(err.failure).toBe('tls');
      expect(err.attempts).toBe(1);
    } finally {
      await plain.close();
    }
  });
});

describe('names and connections', () => {
  it('retries a name that does not resolve once, and names the host and the input', async () => {
    const err = await listFails({ hostingUrl: named() });
    expect(err.failure).toBe('dns');
    expect(err.attempts).toBe(2);
    expect(err.code).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
  });

  it('takes a refused connection for one the server never saw: a create is retried, within the short budget', async () => {
    const gone = await startFakeServer(() => undefined);
    await gone.close();
    const c = client({ hostingUrl: gone.url, over: { retry: { attempts: 50, random: () => 1 } } });
    const err = await failure(c.createSite({ name: 's', account_id: 'a' }));
    expect(err).toMatchObject({ failure: 'refused', code: 'ECONNREFUSED', mayHaveSucceeded: false, attempts: 5 });
  });
});

describe('through a forward proxy', () => {
  it.each(['HTTPS_PROXY', 'https_proxy'])('sends requests for other hosts through %s', async (name) => {
    const p = await proxy();
    const c = client({ hostingUrl: named(), env: { [name]: p.url } });
    await expect(c.listSites()).resolves.toMatchObject({ count: 0 });
    expect(p.tunnels).toEqual([{ target: `api.test:${port}`, authorization: undefined, status: 200 }]);
    expect(seen).toEqual([`GET api.test:${port} /v1/sites`]);
  });

  it('goes direct for a loopback host, and for a host in NO_PROXY (the name then does not resolve, which proves it)', async () => {
    const p = await proxy();
    await client({ env: { HTTPS_PROXY: p.url } }).listSites();
    expect(seen).toHaveLength(1);
    const exempt = await listFails({ hostingUrl: named(), env: { HTTPS_PROXY: p.url, NO_PROXY: 'api.test' } });
    expect(exempt.failure).toBe('dns');
    expect(p.tunnels).toEqual([]);
    // Another port is not exempt.
    await client({ hostingUrl: named(), env: { HTTPS_PROXY: p.url, NO_PROXY: 'api.test:1' } }).listSites();
    expect(p.tunnels).toHaveLength(1);
  });

  it('sends the credentials of the proxy URL as Proxy-Authorization, never to the server', async () => {
    const p = await proxy({ user: 'proxy-user', password: 'p@ss word' });
    const env = { HTTPS_PROXY: `http://proxy-user:p%40ss%20word@127.0.0.1:${p.port}` };
    handler = (req, res) =>
      json(res, 200, { results: [], next: null, header: req.headers['proxy-authorization'] ?? null });
    await expect(client({ hostingUrl: named(), env }).listSites()).resolves.toMatchObject({ header: null });
    const authorization = `Basic ${Buffer.from('proxy-user:p@ss word').toString('base64')}`;
    expect(p.tunnels).toEqual([{ target: `api.test:${port}`, authorization, status: 200 }]);
  });

  it('reports a proxy that wants credentials once, naming the proxy but not the password', async () => {
    const p = await proxy({ user: 'proxy-user', password: 'right' });
    const env = { HTTPS_PROXY: `http://proxy-user:wrong-password@127.0.0.1:${p.port}` };
    const err = await listFails({ hostingUrl: named(), env });
    expect(err.failure).toBe('proxy-auth');
    expect(err.attempts).toBe(1);
    expect(p.tunnels.map((t) => t.status)).toEqual([407]);
    expect(err.message).toContain(`the proxy 127.0.0.1:${p.port}`);
    expect(err.message).not.toContain('wrong-password');
    expect(seen).toEqual([]);
  });

  it('reports a proxy that will not open the tunnel, naming the host and the input', async () => {
    const p = await proxy(undefined, []);
    const c = client({ hostingUrl: named(), env: { HTTPS_PROXY: p.url } });
    const err = await failure(c.createSite({ name: 's', account_id: 'a' }));
    expect(err.failure).toBe('proxy');
    expect(err.mayHaveSucceeded).toBe(false);
    expect(err.message).toMatch(/the proxy 127\.0\.0\.1:\d+ would not open a tunnel to api\.test:\d+ \(502\)/);
  });

  it('names the proxy, not the API, when the proxy itself cannot be reached', async () => {
    const gone = await startFakeServer(() => undefined);
    await gone.close();
    const refused = await listFails({ hostingUrl: named(), env: { HTTPS_PROXY: gone.url } });
    expect(refused.failure).toBe('refused');
    expect(refused.message).toContain(`could not connect to the proxy ${new URL(gone.url).host} (ECONNREFUSED)`);

    const unresolved = await listFails({ hostingUrl: named(), env: { HTTPS_PROXY: 'http://proxy.invalid:3128' } });
    expect(unresolved.failure).toBe('dns');
    expect(unresolved.attempts).toBe(2);
    expect(unresolved.message).toContain('proxy host proxy.invalid:3128 does not resolve');
  });

  it('reads the proxy variables when made: one not a URL refused without echoing it, blanks taken for none', async () => {
    expect(() => createUndiciTransport({ env: { HTTPS_PROXY: 'http://user:pw@[bad' } })).toThrow(
      /^HTTPS_PROXY is not a URL(?!.*pw)/,
    );
    const dispatchers = createDispatchers({ env: { HTTPS_PROXY: '  ', HTTP_PROXY: ' ' } });
    expect(dispatchers.for(new URL('https://api.test/')).proxy).toBeUndefined();
    expect(dispatchers.for(new URL('http://api.test/')).proxy).toBeUndefined();
    await dispatchers.close();
  });
});

/** Sockets closed by the client while the server was still answering. */
const cutOff: string[] = [];

/** Answers a list of sites in `pieces` writes, `gapMs` apart, after `stallMs` of silence halfway. */
function trickledAnswer(pieces: number, gapMs: number, stallMs = 0) {
  const text = JSON.stringify({ results: [{ id: 's-1', name: 'shop' }], next: null, previous: null, count: 1 });
  const padded = text + ' '.repeat(Math.max(0, pieces - text.length));
  const size = Math.ceil(padded.length / pieces);
  return (req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      res.write(padded.slice(i * size, (i + 1) * size));
      i++;
      if (i * size >= padded.length) return res.end();
      timer = setTimeout(next, i === Math.floor(pieces / 2) ? stallMs + gapMs : gapMs);
    };
    req.socket.on('close', () => {
      if (!res.writableEnded) cutOff.push(req.url ?? '');
      clearTimeout(timer);
    });
    next();
  };
}

describe('how long an answer may take', () => {
  // The inactivity timeout restarts with each byte of the answer: an answer that takes longer
  // in all than the timeout, but never falls silent for that long, arrives whole. The gaps are
  // small against the timeout (30 ms against 500 ms), so a busy machine does not turn them into
  // stalls; the whole answer takes about three times the timeout. The maximum holds whatever
  // the progress: a space every 50 ms for 50 s is cut off at 0.4 s.
  it.each([
    ['arrives whole though it takes longer than the inactivity timeout', trickledAnswer(50, 30), 500, 60_000, null],
    [
      'is cut off once it falls silent for longer than the timeout',
      trickledAnswer(10, 10, 2_000),
      300,
      60_000,
      /no progress within 0\.3s/,
    ],
    [
      'is cut off past the maximum, though it never stalls',
      trickledAnswer(1000, 50),
      5_000,
      400,
      /not done within 0\.4s, the longest/,
    ],
  ])('an answer trickled slowly %s', async (_, answer, requestTimeoutMs, requestMaxMs, cut) => {
    handler = answer;
    cutOff.length = 0;
    const c = client({ over: { requestTimeoutMs, requestMaxMs, retry: { attempts: 1 } } });
    if (!cut) return expect((await c.listSites()).results.map((s) => s.name)).toEqual(['shop']);
    const err = await failure<TimeoutError>(c.listSites());
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(new RegExp(`^GET /v1/sites: no answer from 127\\.0\\.0\\.1:\\d+: ${cut.source}`));
    await expect.poll(() => cutOff).toEqual(['/v1/sites']);
  });
});

describe('the transport alone', () => {
  const made: Transport[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((t) => t.close?.()));
  });
  /** A request to the test server, through a transport of its own. */
  function send(path: string, o: Partial<TransportRequest> = {}) {
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    made.push(transport);
    const url = new URL(`https://127.0.0.1:${port}${path}`);
    return transport.send({ method: 'GET', url, headers: {}, timeoutMs: 10_000, ...o });
  }
  /** `count` chunks of 1 MiB, made as they are read. */
  const megabytes = (count: number) =>
    Readable.from(
      (function* () {
        for (let i = 0; i < count; i++) yield Buffer.alloc(1024 * 1024, 0x61);
      })(),
    );
  const readWhole = (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => json(res, 200, {}));
  };

  it('a caller who cancelled: nothing sent; who cancels while waiting for the answer: cancelled, no network failure', async () => {
    expect(await failure(send('/v1/sites', { signal: AbortSignal.abort() }))).toMatchObject({
      failure: 'cancelled',
      message: 'cancelled before sending',
    });
    expect(seen).toEqual([]);
    handler = () => undefined;
    const stop = new AbortController();
    const asked = send('/hang', { signal: stop.signal });
    await expect.poll(() => seen.length).toBe(1);
    stop.abort();
    expect(await failure(asked)).toMatchObject({ failure: 'cancelled', message: 'cancelled by the caller' });
  });

  it('joins a header sent twice, as one value', async () => {
    handler = (_req, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      json(res, 200, {});
    };
    const res = await send('/v1/sites');
    expect(res.headers['set-cookie']).toBe('a=1, b=2');
    expect(res.headers['content-type']).toBe('application/json');
  });

  it('an answer that comes before the body is sent is marked early; one after the whole body is not', async () => {
    handler = (_req, res) => {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end('{"error":{"code":413,"message":"too large"}}');
    };
    const length = (mb: number) => ({ 'content-length': String(mb * 1024 * 1024) });
    const early = await send('/upload', { method: 'POST', headers: length(64), body: megabytes(64) });
    expect(early).toMatchObject({ status: 413, earlyAnswer: true });
    handler = readWhole;
    const whole = await send('/upload', { method: 'POST', headers: length(2), body: megabytes(2) });
    expect(whole.status).toBe(200);
    expect('earlyAnswer' in whole).toBe(false);
    expect('earlyAnswer' in (await send('/x', { method: 'POST', body: '{}' }))).toBe(false);
  });

  it('a body that fails to read is a body failure, with its own words', async () => {
    handler = readWhole;
    const broken = new Readable({
      read() {
        this.destroy(Object.assign(new Error('disk read failed'), { code: 'EIO' }));
      },
    });
    const err = await failure(send('/upload', { method: 'POST', body: broken }));
    expect(err).toMatchObject({ failure: 'body', message: 'disk read failed' });
  });

  it('an answer cut off halfway is a broken answer', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"results": [');
      setTimeout(() => req.socket.destroy(), 20);
    };
    expect(await failure(send('/cut'))).toMatchObject({ failure: 'broken' });
  });

  it('an answer larger than 16 MiB is refused, not read into memory whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const more = () => {
        while (sent < 17 && res.write(chunk)) sent++;
        if (sent < 17) res.once('drain', more);
        else res.end();
      };
      more();
    };
    const err = await failure(send('/big'));
    expect(err).toBeInstanceOf(TransportFailure);
    expect(err).toMatchObject({ failure: 'broken' });
    expect((err as Error).message).toContain(`response larger than ${16 * 1024 * 1024} bytes`);
  });
});

describe('the dispatchers', () => {
  it('one per proxy and its credentials, made once and reused', async () => {
    const d = createDispatchers({
      env: { HTTPS_PROXY: 'http://a:1@proxy.test:3128', HTTP_PROXY: 'http://b:2@proxy.test:3128' },
    });
    const secure = d.for(new URL('https://api.test/v1/sites'));
    expect(d.for(new URL('https://other.test/x')).dispatcher).toBe(secure.dispatcher);
    const plain = d.for(new URL('http://api.test/v1/sites'));
    expect(plain.dispatcher).not.toBe(secure.dispatcher);
    const direct = d.for(new URL('https://127.0.0.1/v1/sites'));
    expect(direct.proxy).toBeUndefined();
    expect(direct.dispatcher).not.toBe(secure.dispatcher);
    expect(secure.proxy).toContain('proxy.test:3128');
    await d.close();
  });
});

describe('the fetch given to the GitHub API client', () => {
  const made: ReturnType<typeof createDispatchers>[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((d) => d.close()));
  });
  function fetchThrough(env: Record<string, string>, maxMs?: number): typeof fetch {
    const d = createDispatchers({ env, ca: tls.caPem });
    made.push(d);
    return createProxyFetch(d, maxMs);
  }

  it('goes through HTTPS_PROXY, for a string, a URL and a Request alike', async () => {
    const p = await proxy();
    const f = fetchThrough({ HTTPS_PROXY: p.url });
    const url = `https://api.test:${port}/v1/sites`;
    for (const input of [url, new URL(url), new Request(url)]) {
      const res = await f(input);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ count: 0 });
    }
    // The name resolves only inside the proxy, so each request went through a tunnel.
    expect(new Set(p.tunnels.map((t) => t.target))).toEqual(new Set([`api.test:${port}`]));
    expect(seen).toEqual(Array(3).fill(`GET api.test:${port} /v1/sites`));
  });

  it('passes the caller’s method, headers and body on', async () => {
    let got = '';
    handler = (req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        got = `${req.method} ${req.headers['x-test']} ${body}`;
        json(res, 201, {});
      });
    };
    const res = await fetchThrough({})(`https://127.0.0.1:${port}/x`, {
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: 'hello',
    });
    expect(res.status).toBe(201);
    expect(got).toBe('POST yes hello');
  });

  it('stops at the caller’s signal, and at its own limit on the wait for an answer', async () => {
    handler = () => undefined;
    const stop = new AbortController();
    const asked = fetchThrough({})(`https://127.0.0.1:${port}/hang`, { signal: stop.signal });
    stop.abort();
    await expect(asked).rejects.toThrow();

    const limited = fetchThrough({}, 200)(`https://127.0.0.1:${port}/hang`);
    await expect(limited).rejects.toThrow(/no answer within 200 ms/);
  });

  it('lets a body that keeps coming run past its limit, and stops one that stalls', async () => {
    // Six pieces 100 ms apart: 600 ms in all, never 200 ms of silence.
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let n = 0;
      const tick = setInterval(() => {
        res.write(Buffer.alloc(1000, n));
        if (++n === 6) {
          clearInterval(tick);
          res.end();
        }
      }, 100);
    };
    const slow = await fetchThrough({}, 200)(`https://127.0.0.1:${port}/slow`);
    expect((await slow.arrayBuffer()).byteLength).toBe(6000);

    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(1000));
    };
    const stalled = await fetchThrough({}, 200)(`https://127.0.0.1:${port}/stall`);
    await expect(stalled.arrayBuffer()).rejects.toThrow(/no more of the answer|abort/i);
  });
});
