/**
 * A small forward proxy for tests, as a self-hosted runner's would be: it answers CONNECT and
 * pipes bytes both ways, and records every tunnel asked for. Names listed in `hosts` (e.g.
 * `api.test`) resolve to 127.0.0.1 *here only*, so a test can reach a local server under a
 * non-loopback name (which the action never sends directly to a proxy) and prove the request
 * went through the proxy: without it, the name does not resolve at all.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface Tunnel {
  /** `host:port` as asked for. */
  target: string;
  /** The Proxy-Authorization header, if any. */
  authorization: string | undefined;
  /** What the proxy answered: 200, 407, 502. */
  status: number;
}

export interface ConnectProxy {
  /** e.g. http://127.0.0.1:41234, for HTTPS_PROXY. */
  url: string;
  port: number;
  tunnels: Tunnel[];
  close(): Promise<void>;
}

export interface ConnectProxyOptions {
  /** Host names this proxy resolves to 127.0.0.1; any other name gets 502. */
  hosts: readonly string[];
  /** When set, a tunnel needs `Proxy-Authorization: Basic base64(user:password)`, else 407. */
  credentials?: { user: string; password: string };
}

function refuse(socket: Socket, status: number, reason: string, extra = ''): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${extra}content-length: 0\r\nconnection: close\r\n\r\n`);
}

export async function startConnectProxy(options: ConnectProxyOptions): Promise<ConnectProxy> {
  const tunnels: Tunnel[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`).toString('base64')}`
    : undefined;
  const server = createServer((_req, res) => {
    // Only tunnels: an absolute-form GET would be a plain-http proxy request, which nothing here should make.
    res.writeHead(501, { connection: 'close' }).end();
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('error', () => undefined);
    const target = req.url ?? '';
    const authorization = req.headers['proxy-authorization'];
    const record = (status: number) => tunnels.push({ target, authorization, status });
    if (expected !== undefined && authorization !== expected) {
      record(407);
      return refuse(client, 407, 'Proxy Authentication Required', 'proxy-authenticate: Basic realm="test"\r\n');
    }
    const m = /^(.+):(\d+)$/.exec(target);
    const host = m?.[1]?.toLowerCase();
    if (!m || !host || !options.hosts.includes(host)) {
      record(502);
      return refuse(client, 502, 'Bad Gateway');
    }
    const upstream = connect(Number(m[2]), '127.0.0.1');
    sockets.add(upstream);
    upstream.on('error', () => {
      if (!client.destroyed) refuse(client, 502, 'Bad Gateway');
    });
    upstream.on('connect', () => {
      record(200);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
