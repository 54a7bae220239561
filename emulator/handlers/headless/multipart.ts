/**
 * Receives the single file part of a multipart/form-data request into a temp file, streaming:
 * bytes are counted and hashed as they pass and never held whole in memory. Whatever goes
 * wrong (a second part, too many bytes, a truncated or aborted request), the temp file is
 * removed before the error is thrown, so a failed upload leaves nothing behind.
 */
import busboy from 'busboy';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest, EmulatorError } from '../../http/errors.js';

export interface ReceivedFile {
  /** The temp file; the caller removes it. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface ReceiveOptions {
  /** Name of the one file part the form must hold. */
  field: string;
  /** Largest file accepted; one byte more is a 413. */
  maxBytes: number;
  dir?: string;
}

/** Temp file names start with this (the pid lets a test find the files of its own emulator). */
export const UPLOAD_TEMP_PREFIX = `headless-emulator-upload-${process.pid}-`;

/** Room for part headers and boundaries on top of the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** A 413 that also closes the connection, so the client stops sending the rest of a huge body. */
const tooLargeUpload = (maxBytes: number) =>
  new EmulatorError(413, `upload too large: the archive exceeds the limit of ${maxBytes} bytes`, [], {
    connection: 'close',
  });

export async function receiveSingleFile(req: IncomingMessage, opts: ReceiveOptions): Promise<ReceivedFile> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    throw badRequest(
      `Content-Type must be multipart/form-data with one file part named "${opts.field}", got "${type || 'none'}"`,
    );
  }
  let bb: busboy.Busboy;
  try {
    // fileSize one past the limit: busboy flags a file that *reaches* fileSize, we refuse one that exceeds maxBytes.
    bb = busboy({ headers: req.headers, limits: { fileSize: opts.maxBytes + 1, files: 1, fieldSize: 1024 } });
  } catch (e) {
    throw badRequest(`malformed multipart Content-Type: ${(e as Error).message}`);
  }

  const path = join(opts.dir ?? tmpdir(), `${UPLOAD_TEMP_PREFIX}${randomBytes(8).toString('hex')}.zip`);
  const hash = createHash('sha256');
  let bytes = 0;
  // Set once the file part arrives; `closed` settles when its descriptor is released.
  const sink: { out: WriteStream | null; closed: Promise<void> } = { out: null, closed: Promise.resolve() };

  const parsed = new Promise<void>((resolve, reject) => {
    let settled = false;
    let writing: Promise<void> | null = null;
    let received = 0;
    const stop = (err?: EmulatorError) => {
      if (settled) return;
      settled = true;
      req.off('data', countRequest);
      req.unpipe(bb);
      if (err) {
        // Not from inside busboy's own callbacks (it keeps using its state after emitting): on the next turn.
        setImmediate(() => bb.destroy());
        reject(err);
      } else resolve();
    };
    const countRequest = (chunk: Buffer) => {
      received += chunk.length;
      if (received > opts.maxBytes + FORM_OVERHEAD_BYTES) stop(tooLargeUpload(opts.maxBytes));
    };
    const part = (what: string) =>
      badRequest(`${what}: the form must hold exactly one file part named "${opts.field}" and nothing else`);

    bb.on('file', (name, stream) => {
      stream.on('error', () => {}); // destroying the parser errors its file streams; the outcome is decided here
      if (name !== opts.field) {
        stream.resume();
        return stop(part(`unexpected file part "${name}"`));
      }
      stream.on('limit', () => stop(tooLargeUpload(opts.maxBytes)));
      const file = createWriteStream(path, { flags: 'wx' });
      sink.out = file;
      sink.closed = new Promise((r) => file.once('close', () => r()));
      const count = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          bytes += chunk.length;
          hash.update(chunk);
          cb(null, chunk);
        },
      });
      writing = pipeline(stream, count, file).catch((e: unknown) => {
        stop(badRequest(`upload interrupted: ${(e as Error).message.toLowerCase()}`));
      });
    });
    bb.on('field', (name) => stop(part(`unexpected form field "${name}"`)));
    bb.on('filesLimit', () => stop(part('more than one file part')));
    bb.on('error', (e) =>
      stop(badRequest(`malformed or truncated multipart body: ${(e as Error).message.toLowerCase()}`)),
    );
    bb.on('close', () => {
      if (!writing) return stop(part(`no file part named "${opts.field}"`));
      void writing.then(() => stop());
    });
    req.on('data', countRequest);
    req.on('error', () => stop(badRequest('upload aborted by the client before the request ended')));
    req.on('close', () => {
      if (!req.complete) stop(badRequest('upload aborted by the client before the request ended'));
    });
    req.pipe(bb);
  });

  try {
    await parsed;
    await sink.closed;
  } catch (e) {
    // Wait for the file to be closed (it may still be opening) before removing it, or it could reappear.
    sink.out?.destroy();
    await sink.closed;
    await rm(path, { force: true });
    throw e;
  }
  return { path, bytes, sha256: hash.digest('hex') };
}
