/**
 * A front for a service that cannot be polled: it passes every request to `target` but answers
 * 404 to every operation poll, as a platform that does not know an operation by name would.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Front {
  url: string;
  close(): Promise<void>;
}

export async function startFrontWithoutOperations(target: string): Promise<Front> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.includes('/operations/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
