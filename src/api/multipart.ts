/**
 * The upload body: multipart/form-data with one file part named `repository`, streamed from
 * disk with an exact Content-Length, so a large zip is never held in memory. Each call opens
 * the file again from the start, which is what makes a retried upload send the whole zip.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import FormData from 'form-data';
import type { StreamBody } from './request.js';

export interface UploadFile {
  /** Path of the zip on disk. */
  path: string;
  /** File name sent in the part's Content-Disposition; default `app.zip`. */
  filename?: string;
}

/** The size of the file, with an error that names it when it cannot be read. */
export async function fileSize(path: string): Promise<number> {
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new Error('not a regular file');
    return s.size;
  } catch (err) {
    const why = err instanceof Error ? ((err as NodeJS.ErrnoException).code ?? err.message) : String(err);
    throw new Error(`upload: cannot read "${path}" (${why})`);
  }
}

/** Returns an opener of the multipart body for `file` of `size` bytes. */
export function multipartOpener(file: UploadFile, size: number): () => Promise<StreamBody> {
  return async () => {
    const form = new FormData();
    const fileStream = createReadStream(file.path);
    form.append('repository', fileStream, {
      filename: file.filename ?? 'app.zip',
      contentType: 'application/zip',
      knownLength: size,
    });
    const length = form.getLengthSync();
    // form-data is an old-style stream; a PassThrough gives undici the Readable it expects.
    const stream = new PassThrough();
    form.on('error', (err: Error) => stream.destroy(err));
    stream.on('close', () => fileStream.destroy()); // an attempt that ends early releases the file
    form.pipe(stream);
    return { stream, length, contentType: `multipart/form-data; boundary=${form.getBoundary()}` };
  };
}
