/**
 * A loopback stand-in for the upload endpoint: takes a multipart POST, consumes and counts the
 * body without parsing it (so the sink costs both paths the same little CPU), checks the part
 * is named `repository`, and answers 200 with an Operation-like body.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UploadSink {
  /** Base URL (the headless API base: no `/v1`). */
  url: string;
  /** Bytes of the last request body, and how many uploads arrived. */
  stats: { lastBytes: number; uploads: number };
  close(): Promise<void>;
}

const OPERATION = {
  name: 'accounts/bench/apps/app/environments/env/operations/no_build',
  metadata: {
    '@type': 'type.googleapis.com/headless.v1.UpdateEnvironmentMetadata',
    build: 'accounts/bench/apps/app/environments/env/builds/no_build',
    deployment: '',
  },
  done: false,
};

export async function startUploadSink(): Promise<UploadSink> {
  const stats = { lastBytes: 0, uploads: 0 };
  const server: Server = createServer((req, res) => {
    let bytes = 0;
    let head = '';
    req.on('data', (chunk: Buffer) => {
      if (head.length < 1024) head += chunk.subarray(0, 1024).toString('latin1');
      bytes += chunk.length;
    });
    req.on('end', () => {
      const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
      const ok =
        req.method === 'POST' && multipart && head.includes('name="repository"') && !!req.headers.authorization;
      stats.lastBytes = bytes;
      if (ok) stats.uploads++;
      res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(ok ? OPERATION : { error: { code: 400, message: 'bad upload', status: 'INVALID_ARGUMENT' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The upload path under the sink's base, as the API names it. */
export const UPLOAD_PATH = '/fu/v1/accounts/bench/apps/app/environments/env:upload';
