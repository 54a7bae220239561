/**
 * A reverse proxy on another loopback port in front of the emulator, for the step benchmark.
 * Both the action and curl reach the emulator through it, so they cross the same link: with a
 * rate it paces every request body to that many bytes per second (a slow uplink; answers are
 * small and pass at once), without one it only forwards. It notes when each request arrives,
 * which gives the time from process spawn to the first request.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PacingProxy {
  /** Base URL of the proxy, e.g. http://127.0.0.1:40123 */
  url: string;
  /** performance.now() of each request's arrival since the last clear. */
  arrivals: number[];
  close(): Promise<void>;
}

/** Lets bytes through no faster than `bytesPerSecond`, measured from the first byte. */
class Pacer extends Transform {
  private start = 0;
  private sent = 0;
  constructor(private readonly bytesPerSecond: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.start === 0) this.start = performance.now();
    this.sent += chunk.length;
    const due = this.start + (this.sent / this.bytesPerSecond) * 1000;
    const wait = due - performance.now();
    if (wait <= 0) return done(null, chunk);
    setTimeout(() => done(null, chunk), wait);
  }
}

export async function startPacingProxy(target: string, bytesPerSecond?: number): Promise<PacingProxy> {
  const to = new URL(target);
  const arrivals: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    arrivals.push(performance.now());
    const upstream = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    const stages = bytesPerSecond ? [req, new Pacer(bytesPerSecond), upstream] : [req, upstream];
    // A client that gives up mid-body ends the pipeline; the emulator sees a cut request, as it would.
    pipeline(stages).catch(() => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
