/**
 * One HTTP/1.1 request written by hand on a fresh socket, so a test can send what no HTTP client
 * would: odd methods, unencoded junk in the target, a body shorter than its Content-Length.
 */
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target as written on the wire: path and query, not encoded by anyone. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Send only this many bytes of the body, then half-close (`end`) or drop (`destroy`) the connection. */
  truncate?: { at: number; then: 'end' | 'destroy' };
}

export interface RawAnswer {
  /** The status line's code; null when the connection closed without one. */
  status: number | null;
  /** No close within the time limit: the server hung on this request. */
  hung: boolean;
}

export function sendRaw(port: number, r: RawRequest, timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let head = '';
    let settled = false;
    const done = (answer: RawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const status = () => {
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      return m ? Number(m[1]) : null;
    };
    const timer = setTimeout(() => done({ status: status(), hung: true }), timeoutMs);
    socket.on('data', (d: Buffer) => {
      if (head.length < 64) head += d.toString('latin1');
    });
    socket.on('error', () => done({ status: status(), hung: false }));
    socket.on('close', () => done({ status: status(), hung: false }));
    socket.on('connect', () => {
      const body = r.body ?? Buffer.alloc(0);
      const headers = { host: '127.0.0.1', connection: 'close', ...r.headers };
      if (r.body !== undefined && !('content-length' in headers))
        Object.assign(headers, { 'content-length': String(body.length) });
      const lines = [`${r.method} ${r.target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'));
      if (!r.truncate) {
        socket.write(body);
        return;
      }
      socket.write(body.subarray(0, r.truncate.at));
      if (r.truncate.then === 'end') socket.end();
      else setImmediate(() => done({ status: null, hung: false }));
    });
  });
}
