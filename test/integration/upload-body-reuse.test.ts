/**
 * The upload body reads the zip into two buffers it reuses (src/api/part-body.ts). That is safe
 * only while undici asks for a chunk once the socket has taken the ones before it; this holds
 * undici to it where it would break first: a server that reads slowly (so writes queue up in
 * the socket), a file still growing in small steps, a proxy tunnel, TLS. The server must get
 * exactly the bytes on disk.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTlsMaterial, type TlsMaterial } from '../../emulator/index.js';
import { GrowingFile } from '../../src/api/growing-file.js';
import { MIN_CHUNK_BYTES, PartBody } from '../../src/api/part-body.js';
import { createUndiciTransport, type Transport } from '../../src/api/transport.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';

// More than the kernel buffers of a loopback connection (and of a proxy's two) hold, so that
// writes have to wait in the socket while the server is not reading.
const SIZE = 40 * 1024 * 1024 + 12_345;
const HEAD = Buffer.from('--b\r\ncontent-disposition: form-data; name="repository"\r\n\r\n');
const TAIL = Buffer.from('\r\n--b--\r\n');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let dir: string;
let data: Buffer;
let tls: TlsMaterial;
const servers: Server[] = [];
const transports: Transport[] = [];
const proxies: ConnectProxy[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'body-reuse-'));
  data = randomBytes(SIZE);
  writeFileSync(path.join(dir, 'whole.zip'), data);
  tls = makeTlsMaterial({ hosts: ['api.test', '127.0.0.1'] });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close?.()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  for (const s of servers.splice(0)) s.close();
});

/**
 * Stops reading now and then, long enough for the kernel buffers to fill and the client's writes
 * to queue; answers with the sha256 of what arrived.
 */
async function slowReader(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const hash = createHash('sha256');
  let bytes = 0;
  let chunks = 0;
  for await (const chunk of req) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    if (++chunks % 64 === 0) await sleep(20);
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ bytes, sha256: hash.digest('hex') }));
}

async function startServer(secure: boolean): Promise<number> {
  const handler = (req: IncomingMessage, res: ServerResponse) => void slowReader(req, res);
  const opts = { highWaterMark: 64 * 1024 };
  const server = secure
    ? createHttpsServer({ ...opts, key: tls.keyPem, cert: tls.certPem }, handler)
    : createHttpServer(opts, handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A file written in small steps, as the zip writer writes small entries. */
function growInSteps(file: GrowingFile): void {
  writeFileSync(file.path, '');
  let at = 0;
  const step = () => {
    if (at >= SIZE) return file.finish(SIZE);
    const n = Math.min(SIZE - at, 4096 + (Math.floor(at / 4096) % 7) * 1024);
    appendFileSync(file.path, data.subarray(at, at + n));
    at += n;
    file.grow(at);
    setImmediate(step);
  };
  step();
}

/** Sends the body (the file whole, with its length, or growing, chunked) over http or https, directly or through a proxy. */
async function send(secure: boolean, proxied: boolean, growing: boolean) {
  const port = await startServer(secure);
  let env: Record<string, string> = {};
  if (proxied) {
    const proxy = await startConnectProxy({ hosts: ['api.test'] });
    proxies.push(proxy);
    env = { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url };
  }
  const transport = createUndiciTransport({ env, ca: tls.caPem });
  transports.push(transport);
  const headers: Record<string, string> = { 'content-type': 'multipart/form-data; boundary=b' };
  let file: GrowingFile | { path: string; size: number } = { path: path.join(dir, 'whole.zip'), size: SIZE };
  if (growing) growInSteps((file = new GrowingFile(path.join(dir, `growing-${secure}-${proxied}.zip`))));
  else headers['content-length'] = String(HEAD.length + SIZE + TAIL.length);
  const url = new URL(`${secure ? 'https' : 'http'}://${proxied ? 'api.test' : '127.0.0.1'}:${port}/upload`);
  const res = await transport.send({
    method: 'POST',
    url,
    headers,
    body: new PartBody(file, HEAD, TAIL),
    timeoutMs: 30_000,
  });
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as { bytes: number; sha256: string };
}

describe('an upload read into reused buffers, through a slow reader', () => {
  const combinations = [false, true].flatMap((secure) =>
    [false, true].flatMap((proxied) => [false, true].map((growing) => [secure, proxied, growing] as const)),
  );
  it.each(combinations)(
    'arrives byte for byte (https %s, through a proxy %s, a file still growing %s)',
    async (secure, proxied, growing) => {
      expect(await send(secure, proxied, growing)).toEqual({
        bytes: HEAD.length + SIZE + TAIL.length,
        sha256: sha256(Buffer.concat([HEAD, data, TAIL])),
      });
    },
  );
});

describe('PartBody over a file growing in small steps', () => {
  it('waits for MIN_CHUNK_BYTES before each chunk but the last', async () => {
    const file = new GrowingFile(path.join(dir, 'steps.zip'));
    growInSteps(file);
    const sizes: number[] = [];
    const copies: Buffer[] = [];
    for await (const chunk of new PartBody(file, HEAD, TAIL)) {
      sizes.push((chunk as Buffer).length);
      copies.push(Buffer.from(chunk as Buffer));
    }
    const fileChunks = sizes.slice(1, -1);
    expect(Buffer.concat(copies).equals(Buffer.concat([HEAD, readFileSync(file.path), TAIL]))).toBe(true);
    expect(fileChunks.length).toBeGreaterThan(6);
    for (const n of fileChunks.slice(0, -1)) expect(n).toBeGreaterThanOrEqual(MIN_CHUNK_BYTES);
    expect(Math.max(...fileChunks)).toBeLessThanOrEqual(1024 * 1024);
  });
});
