/**
 * Low-level clients for the emulator's limit tests: node:http with headers the test chooses
 * (Host and Origin included), and raw sockets that send exactly what a test writes.
 */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawResult {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** One request to `origin` (http://127.0.0.1:PORT) with exactly these headers; the body is sent with a Content-Length. */
export function rawRequest(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawResult> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, method, path, headers, agent: false, setHost: headers.host === undefined },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw TCP connection to the emulator, with what it received and whether it was closed. */
export interface RawSocket {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
  isClosed(): boolean;
}

export async function openSocket(origin: string): Promise<RawSocket> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {}); // a reset from the server is an outcome the tests look at, not a failure
  let data = '';
  let closed = false;
  socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
  const closedPromise = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received: () => data, closed: closedPromise, isClosed: () => closed };
}

/** Polls a condition that real I/O will make true (never a fixed sleep), every `everyMs`; fails after `tries`. */
export async function until(
  cond: () => boolean | Promise<boolean>,
  what: string,
  tries = 1000,
  everyMs = 10,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}
