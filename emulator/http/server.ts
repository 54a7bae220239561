/**
 * Creates the emulator's HTTP or HTTPS server with its safety limits, so a laptop or CI runner
 * cannot be pinned by a slow or abandoned client: headers must arrive within a deadline, a
 * silent connection is closed, and connections are capped. Uploads have no overall deadline
 * (a large archive over a slow link may take minutes) but must keep moving.
 */
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Socket } from 'node:net';

export interface ServerLimits {
  /** Time allowed for a request's headers to arrive, from the first byte. */
  headersTimeoutMs: number;
  /** A connection that sends and receives nothing for this long is closed. */
  idleTimeoutMs: number;
  /** Connections open at once; more are refused (closed at once). */
  maxConnections: number;
}

export interface TlsCredentials {
  certPem: string;
  keyPem: string;
}

export function createEmulatorServer(
  listener: RequestListener,
  limits: ServerLimits,
  tls: TlsCredentials | null,
): Server {
  const http = {
    keepAlive: true,
    // No deadline on a whole request (uploads may be long); the headers have theirs.
    requestTimeout: 0,
    headersTimeout: limits.headersTimeoutMs,
    // Node checks the headers deadline on this interval: keep it well under the deadline itself.
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  };
  const server: Server = tls
    ? (createHttpsServer(
        // The idle timeout starts only once the handshake is done: a silent TLS client has this deadline.
        { ...http, cert: tls.certPem, key: tls.keyPem, handshakeTimeout: limits.headersTimeoutMs },
        listener,
      ) as unknown as Server)
    : createHttpServer(http, listener);

  // Clients abort uploads and drop connections on purpose (faults, cancellation): never let that throw.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    else socket.destroy();
  });

  // A failed or timed-out handshake (a client that does not trust the CA, one that never speaks)
  // only concerns that client: close it.
  server.on('tlsClientError', (_err: Error, socket: Socket) => socket.destroy());

  // With no 'timeout' listener, Node destroys a socket idle this long; a request in progress is
  // aborted, which the upload receiver sees as 'close' and answers by removing its temp file.
  server.timeout = limits.idleTimeoutMs;
  server.keepAliveTimeout = Math.min(5000, limits.idleTimeoutMs);
  server.maxConnections = limits.maxConnections;
  return server;
}
