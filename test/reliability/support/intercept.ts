/**
 * A server on 127.0.0.1 that stands between the action and the emulator, the way a hostile or
 * compromised service would: it sees each request whole (body included) before passing it on,
 * and may answer in the service's place. The security suite uses it to answer with links to
 * other origins, forged names and error messages.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Exchange {
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Answer {
  status: number;
  body: unknown;
}

export interface InterceptHooks {
  /** An answer in the service's place; undefined passes the request on to the target. */
  answer?: (x: Exchange) => Answer | undefined;
}

export interface Intercept {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** Every request received, in order. */
  seen: Exchange[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/** Starts an intercepting server in front of `target` (an origin such as the emulator's url). */
export async function startIntercept(target: string, hooks: InterceptHooks = {}): Promise<Intercept> {
  const seen: Exchange[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const x: Exchange = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(x);
      void (async () => {
        const own = hooks.answer?.(x);
        if (own) {
          res.writeHead(own.status, { 'content-type': 'application/json' }).end(JSON.stringify(own.body));
          return;
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) {
          if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        }
        const passed = await fetch(new URL(x.path, target), {
          method: x.method,
          headers,
          ...(x.body.length > 0 ? { body: x.body } : {}),
          redirect: 'manual',
        });
        const body = Buffer.from(await passed.arrayBuffer());
        const out: Record<string, string> = {};
        passed.headers.forEach((v, k) => {
          if (!HOP_BY_HOP.has(k) && k !== 'content-encoding') out[k] = v;
        });
        res.writeHead(passed.status, out).end(body);
      })().catch((err: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`intercept: ${(err as Error).message}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A server that only records what reaches it (and answers 404): the origin a hostile link points at. */
export async function startRecorder(
  host: string,
): Promise<{ origin: string; seen: Exchange[]; close(): Promise<void> }> {
  const seen: Exchange[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.alloc(0) });
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
