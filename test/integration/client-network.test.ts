/**
 * The real transport (undici) against servers on 127.0.0.1: certificates the client does not
 * trust, names that do not resolve, refused connections, a forward proxy (with and without
 * credentials, NO_PROXY, loopback), and answers trickled past the attempt's maximum.
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
  hostingUrl: string;
  env?: Record<string, string>;
  trust?: boolean;
  over?: Partial<ClientOptions>;
}

function client({ hostingUrl, env = {}, trust = true, over = {} }: Setup): Client {
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

async function proxy(credentials?: { user: string; password: string }): Promise<ConnectProxy> {
  const p = await startConnectProxy({ hosts: ['api.test'], credentials });
  proxies.push(p);
  return p;
}

const failure = (p: Promise<unknown>) => p.then(() => expect.fail('expected a failure')).catch((e: unknown) => e);

describe('certificates', () => {
  it('trusts a server whose CA it was given', async () => {
    await expect(client({ hostingUrl: `https://127.0.0.1:${port}` }).listSites()).resolves.toMatchObject({ count: 0 });
  });

  it('fails an untrusted certificate at once: one handshake, nothing sent, a message that says what to do', async () => {
    const err = (await failure(
      client({ hostingUrl: `https://127.0.0.1:${port}`, trust: false }).createSite({ name: 's', account_id: 'a' }),
    )) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.failure).toBe('certificate');
    expect(err.attempts).toBe(1);
    expect(err.mayHaveSucceeded).toBe(false);
    expect(seen).toEqual([]);
    expect(err.message).toContain(`the certificate of 127.0.0.1:${port} is not trusted (`);
    expect(err.code).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
    expect(err.message).toContain(err.code);
    expect(err.message).toMatch(/nothing was sent; check api-url; .*NODE_EXTRA_CA_CERTS/);
  });

  it('names a certificate issued for another name as such', async () => {
    const other = makeTlsMaterial({ hosts: ['elsewhere.test'] });
    const s = createHttpsServer({ key: other.keyPem, cert: other.certPem }, (_req, res) => json(res, 200, {}));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    try {
      const c = createClient({
        hostingUrl: `https://127.0.0.1:${(s.address() as AddressInfo).port}`,
        credentials: { userId: 'u', password: 'p' },
        clock: new VirtualClock(),
        transport: createUndiciTransport({ env: {}, ca: other.caPem }),
      });
      clients.push(c);
      const err = (await failure(c.listSites())) as NetworkError;
      expect(err.failure).toBe('certificate');
      expect(err.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
      expect(err.attempts).toBe(1);
      expect(err.message).toMatch(
        /is not valid for that name \(ERR_TLS_CERT_ALTNAME_INVALID\).*check the host name in api-url/,
      );
    } finally {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  });

  it('names a plain-http server behind an https URL as a TLS handshake failure, not retried', async () => {
    const plain = await startFakeServer((_req, res) => json(res, 200, {}));
    try {
      const err = (await failure(
        client({ hostingUrl: plain.url.replace('http:', 'https:') }).listSites(),
      )) as NetworkError;
      expect(err.failure).toBe('tls');
      expect(err.attempts).toBe(1);
      expect(err.message).toMatch(/TLS handshake with 127\.0\.0\.1:\d+ failed .*check the scheme and port in api-url/);
    } finally {
      await plain.close();
    }
  });
});

describe('names and connections', () => {
  it('retries a name that does not resolve once, and names the host and the input', async () => {
    const err = (await failure(client({ hostingUrl: `https://api.test:${port}` }).listSites())) as NetworkError;
    expect(err.failure).toBe('dns');
    expect(err.attempts).toBe(2);
    expect(err.message).toMatch(new RegExp(`host api\\.test:${port} does not resolve \\((ENOTFOUND|EAI_AGAIN)\\)`));
    expect(err.message).toContain('check the host name in api-url');
  });

  it('retries a refused connection within the short budget only', async () => {
    const gone = await startFakeServer(() => undefined);
    await gone.close();
    const clock = new VirtualClock(0);
    const c = client({ hostingUrl: gone.url, over: { clock, retry: { attempts: 50, random: () => 1 } } });
    const err = (await failure(c.createSite({ name: 's', account_id: 'a' }))) as NetworkError;
    expect(err.failure).toBe('refused');
    expect(err.mayHaveSucceeded).toBe(false);
    // Backoff ceilings 0.5 + 1 + 2 + 4 s fit in 10 s; the next (8 s) does not.
    expect(err.attempts).toBe(5);
    expect(clock.now()).toBeLessThanOrEqual(10_000);
    expect(err.message).toMatch(
      /could not connect to 127\.0\.0\.1:\d+ \(ECONNREFUSED\) after 5 attempts; check api-url \(host and port\)/,
    );
  });
});

describe('through a forward proxy', () => {
  it('sends requests for other hosts through HTTPS_PROXY', async () => {
    const p = await proxy();
    const c = client({ hostingUrl: `https://api.test:${port}`, env: { HTTPS_PROXY: p.url } });
    await expect(c.listSites()).resolves.toMatchObject({ count: 0 });
    expect(p.tunnels).toEqual([{ target: `api.test:${port}`, authorization: undefined, status: 200 }]);
    expect(seen).toEqual([`GET api.test:${port} /v1/sites`]);
  });

  it('honours the lower-case variable too', async () => {
    const p = await proxy();
    await client({ hostingUrl: `https://api.test:${port}`, env: { https_proxy: p.url } }).listSites();
    expect(p.tunnels.map((t) => t.target)).toEqual([`api.test:${port}`]);
  });

  it('never sends a loopback host through the proxy', async () => {
    const p = await proxy();
    await client({ hostingUrl: `https://127.0.0.1:${port}`, env: { HTTPS_PROXY: p.url } }).listSites();
    await client({ hostingUrl: `https://localhost:${port}`, env: { HTTPS_PROXY: p.url } }).listSites();
    expect(p.tunnels).toEqual([]);
    expect(seen).toHaveLength(2);
  });

  it('goes direct for a host in NO_PROXY: here the name then does not resolve, which proves it', async () => {
    const p = await proxy();
    for (const noProxy of ['api.test', '.test', `api.test:${port}`, '*']) {
      const c = client({ hostingUrl: `https://api.test:${port}`, env: { HTTPS_PROXY: p.url, NO_PROXY: noProxy } });
      const err = (await failure(c.listSites())) as NetworkError;
      expect(err.failure, noProxy).toBe('dns');
    }
    expect(p.tunnels).toEqual([]);
    // Another port is not exempt.
    const c = client({ hostingUrl: `https://api.test:${port}`, env: { HTTPS_PROXY: p.url, NO_PROXY: 'api.test:1' } });
    await c.listSites();
    expect(p.tunnels).toHaveLength(1);
  });

  it('sends the credentials of the proxy URL as Proxy-Authorization, never to the server', async () => {
    const p = await proxy({ user: 'proxy-user', password: 'p@ss word' });
    const env = { HTTPS_PROXY: `http://proxy-user:p%40ss%20word@127.0.0.1:${p.port}` };
    handler = (req, res) =>
      json(res, 200, { results: [], next: null, header: req.headers['proxy-authorization'] ?? null });
    await expect(client({ hostingUrl: `https://api.test:${port}`, env }).listSites()).resolves.toMatchObject({
      header: null,
    });
    expect(p.tunnels).toEqual([
      {
        target: `api.test:${port}`,
        authorization: `Basic ${Buffer.from('proxy-user:p@ss word').toString('base64')}`,
        status: 200,
      },
    ]);
  });

  it('reports a proxy that wants credentials once, naming the proxy but not the password', async () => {
    const p = await proxy({ user: 'proxy-user', password: 'right' });
    const env = { HTTPS_PROXY: `http://proxy-user:wrong-password@127.0.0.1:${p.port}` };
    const err = (await failure(client({ hostingUrl: `https://api.test:${port}`, env }).listSites())) as NetworkError;
    expect(err.failure).toBe('proxy-auth');
    expect(err.attempts).toBe(1);
    expect(p.tunnels.map((t) => t.status)).toEqual([407]);
    expect(err.message).toContain(`the proxy 127.0.0.1:${p.port} asked for credentials (407)`);
    expect(err.message).not.toContain('wrong-password');
    expect(seen).toEqual([]);
  });

  it('reports a proxy that will not open the tunnel, naming the host and the input', async () => {
    const p = await startConnectProxy({ hosts: [] });
    proxies.push(p);
    const c = client({ hostingUrl: `https://api.test:${port}`, env: { HTTPS_PROXY: p.url } });
    const err = (await failure(c.createSite({ name: 's', account_id: 'a' }))) as NetworkError;
    expect(err.failure).toBe('proxy');
    expect(err.mayHaveSucceeded).toBe(false);
    expect(err.message).toMatch(/the proxy 127\.0\.0\.1:\d+ would not open a tunnel to api\.test:\d+ \(502\)/);
    expect(err.message).toContain('check the host in api-url');
  });

  it('names the proxy, not the API, when the proxy itself cannot be reached', async () => {
    const gone = await startFakeServer(() => undefined);
    await gone.close();
    const refused = (await failure(
      client({ hostingUrl: `https://api.test:${port}`, env: { HTTPS_PROXY: gone.url } }).listSites(),
    )) as NetworkError;
    expect(refused.failure).toBe('refused');
    expect(refused.message).toContain(`could not connect to the proxy ${new URL(gone.url).host} (ECONNREFUSED)`);
    expect(refused.message).toContain('check HTTPS_PROXY, or list api.test in NO_PROXY');

    const unresolved = (await failure(
      client({ hostingUrl: `https://api.test:${port}`, env: { HTTPS_PROXY: 'http://proxy.invalid:3128' } }).listSites(),
    )) as NetworkError;
    expect(unresolved.failure).toBe('dns');
    expect(unresolved.attempts).toBe(2);
    expect(unresolved.message).toContain('proxy host proxy.invalid:3128 does not resolve');
  });

  it('refuses a proxy variable that is not a URL when the client is made, without echoing it', () => {
    expect(() => createUndiciTransport({ env: { HTTPS_PROXY: 'http://user:pw@[bad' } })).toThrow(
      /^HTTPS_PROXY is not a URL/,
    );
    expect(() => createUndiciTransport({ env: { HTTPS_PROXY: 'http://user:pw@[bad' } })).not.toThrow(/pw/);
  });

  it('takes a proxy variable of blanks for one not set: the client is made, and asks directly', async () => {
    const dispatchers = createDispatchers({ env: { HTTPS_PROXY: '  ', HTTP_PROXY: ' ' } });
    expect(dispatchers.for(new URL('https://api.test/')).proxy).toBeUndefined();
    expect(dispatchers.for(new URL('http://api.test/')).proxy).toBeUndefined();
    await dispatchers.close();
  });
});

describe('the longest an attempt may take', () => {
  it('cuts off an answer trickled slower than the maximum, though it never stalls', async () => {
    const closed: boolean[] = [];
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"results": [');
      const t = setInterval(() => res.write(' '), 50);
      req.socket.on('close', () => {
        clearInterval(t);
        closed.push(true);
      });
    };
    const c = client({
      hostingUrl: `https://127.0.0.1:${port}`,
      over: { requestTimeoutMs: 5_000, requestMaxMs: 400, retry: { attempts: 1 } },
    });
    const err = (await failure(c.listSites())) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(
      /no answer from 127\.0\.0\.1:\d+: not done within 0\.4s, the longest a request may take/,
    );
    await expect.poll(() => closed).toEqual([true]);
  });
});

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
    req.socket.on('close', () => clearTimeout(timer));
    next();
  };
}

describe('an answer slow but live', () => {
  // The inactivity timeout restarts with each byte of the answer: an answer that takes longer
  // in all than the timeout, but never falls silent for that long, arrives whole. The gaps are
  // small against the timeout (30 ms against 500 ms), so a busy machine does not turn them into
  // stalls; the whole answer takes about three times the timeout.
  it('arrives whole though it takes longer than the inactivity timeout', async () => {
    handler = trickledAnswer(50, 30);
    const c = client({
      hostingUrl: `https://127.0.0.1:${port}`,
      over: { requestTimeoutMs: 500, requestMaxMs: 60_000, retry: { attempts: 1 } },
    });
    const page = await c.listSites();
    expect(page.results.map((s) => s.name)).toEqual(['shop']);
  });

  it('is cut off once it falls silent for longer than the timeout', async () => {
    handler = trickledAnswer(10, 10, 2_000);
    const c = client({
      hostingUrl: `https://127.0.0.1:${port}`,
      over: { requestTimeoutMs: 300, requestMaxMs: 60_000, retry: { attempts: 1 } },
    });
    const err = (await failure(c.listSites())) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(/no answer from 127\.0\.0\.1:\d+: no progress within 0\.3s/);
  });
});

describe('the transport alone', () => {
  it('sends nothing once the caller has cancelled', async () => {
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    const stop = new AbortController();
    stop.abort();
    const err = await failure(
      transport.send({
        method: 'GET',
        url: new URL(`https://127.0.0.1:${port}/v1/sites`),
        headers: {},
        timeoutMs: 10_000,
        signal: stop.signal,
      }),
    );
    expect(err).toMatchObject({ failure: 'cancelled', message: 'cancelled before sending' });
    expect(seen).toEqual([]);
    await transport.close?.();
  });

  it('joins a header sent twice, as one value', async () => {
    handler = (_req, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      json(res, 200, {});
    };
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    const res = await transport.send({
      method: 'GET',
      url: new URL(`https://127.0.0.1:${port}/v1/sites`),
      headers: {},
      timeoutMs: 10_000,
    });
    expect(res.headers['set-cookie']).toBe('a=1, b=2');
    expect(res.headers['content-type']).toBe('application/json');
    await transport.close?.();
  });
});

describe('the transport and a request body', () => {
  const at = (path: string) => new URL(`https://127.0.0.1:${port}${path}`);
  /** `count` chunks of 1 MiB, made as they are read. */
  const megabytes = (count: number) =>
    Readable.from(
      (function* () {
        for (let i = 0; i < count; i++) yield Buffer.alloc(1024 * 1024, 0x61);
      })(),
    );

  it('an answer that comes before the body is sent is marked early; one after the whole body is not', async () => {
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    handler = (_req, res) => {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end('{"error":{"code":413,"message":"too large"}}');
    };
    const early = await transport.send({
      method: 'POST',
      url: at('/upload'),
      headers: { 'content-length': String(64 * 1024 * 1024) },
      body: megabytes(64),
      timeoutMs: 10_000,
    });
    expect(early).toMatchObject({ status: 413, earlyAnswer: true });

    handler = (req, res) => {
      req.resume();
      req.on('end', () => json(res, 200, {}));
    };
    const whole = await transport.send({
      method: 'POST',
      url: at('/upload'),
      headers: { 'content-length': String(2 * 1024 * 1024) },
      body: megabytes(2),
      timeoutMs: 10_000,
    });
    expect(whole.status).toBe(200);
    expect('earlyAnswer' in whole).toBe(false);
    const text = await transport.send({ method: 'POST', url: at('/x'), headers: {}, body: '{}', timeoutMs: 10_000 });
    expect('earlyAnswer' in text).toBe(false);
    await transport.close?.();
  });

  it('a body that fails to read is a body failure, with its own words', async () => {
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    handler = (req, res) => {
      req.resume();
      req.on('end', () => json(res, 200, {}));
    };
    const broken = new Readable({
      read() {
        this.destroy(Object.assign(new Error('disk read failed'), { code: 'EIO' }));
      },
    });
    const err = await failure(
      transport.send({ method: 'POST', url: at('/upload'), headers: {}, body: broken, timeoutMs: 10_000 }),
    );
    expect(err).toMatchObject({ failure: 'body', message: 'disk read failed' });
    await transport.close?.();
  });

  it('a caller who cancels while waiting for the answer: cancelled, not a network failure', async () => {
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    handler = () => undefined;
    const stop = new AbortController();
    const asked = transport.send({
      method: 'GET',
      url: at('/hang'),
      headers: {},
      timeoutMs: 10_000,
      signal: stop.signal,
    });
    await expect.poll(() => seen.length).toBe(1);
    stop.abort();
    expect(await failure(asked)).toMatchObject({ failure: 'cancelled', message: 'cancelled by the caller' });
    await transport.close?.();
  });

  it('an answer cut off halfway is a broken answer', async () => {
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    handler = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"results": [');
      setTimeout(() => req.socket.destroy(), 20);
    };
    const err = await failure(transport.send({ method: 'GET', url: at('/cut'), headers: {}, timeoutMs: 10_000 }));
    expect(err).toMatchObject({ failure: 'broken' });
    await transport.close?.();
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

describe('an answer too large to hold', () => {
  it('is refused past 16 MiB, not read into memory whole', async () => {
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
    const transport = createUndiciTransport({ env: {}, ca: tls.caPem });
    const err = await failure(
      transport.send({ method: 'GET', url: new URL(`https://127.0.0.1:${port}/big`), headers: {}, timeoutMs: 10_000 }),
    );
    expect(err).toBeInstanceOf(TransportFailure);
    expect(err).toMatchObject({ failure: 'broken' });
    expect((err as Error).message).toContain(`response larger than ${16 * 1024 * 1024} bytes`);
    await transport.close?.();
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

  it('stops at the caller’s signal, and at its own limit on the whole request', async () => {
    handler = () => undefined;
    const stop = new AbortController();
    const asked = fetchThrough({})(`https://127.0.0.1:${port}/hang`, { signal: stop.signal });
    stop.abort();
    await expect(asked).rejects.toThrow();

    const limited = fetchThrough({}, 200)(`https://127.0.0.1:${port}/hang`);
    await expect(limited).rejects.toThrow(/timeout|aborted/i);
  });
});
