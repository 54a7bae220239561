/**
 * The upload body: multipart/form-data with one file part named `repository`, streamed from
 * disk, so a large zip is never held in memory. A finished file goes with an exact
 * Content-Length; each call opens it again from the start, which is what makes a retried upload
 * send the whole zip. A file still being written goes without one (chunked), as it grows.
 */
import { stat } from 'node:fs/promises';
import FormData from 'form-data';
import type { GrowingFile } from './growing-file.js';
import { PartBody } from './part-body.js';
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

/**
 * The bytes around the file: form-data writes the part's header (boundary, escaped
 * Content-Disposition, Content-Type) and the closing boundary. It is given an empty value, so
 * its buffer is exactly header + CRLF + closing boundary, and the file goes where the value was.
 * The file is not streamed through form-data (createReadStream → form-data → PassThrough, in
 * 64 KiB chunks) but by PartBody, which reads 1 MiB chunks into two buffers it reuses.
 */
function multipartFrame(filename: string): { head: Buffer; tail: Buffer; contentType: string } {
  const form = new FormData();
  form.append('repository', Buffer.alloc(0), { filename, contentType: 'application/zip' });
  const whole = form.getBuffer();
  const tail = Buffer.from(`\r\n--${form.getBoundary()}--\r\n`, 'latin1');
  const split = whole.length - tail.length;
  if (!whole.subarray(split).equals(tail)) throw new Error('form-data framed the part unexpectedly');
  return {
    head: whole.subarray(0, split),
    tail,
    contentType: `multipart/form-data; boundary=${form.getBoundary()}`,
  };
}

/** Returns an opener of the multipart body for `file` of `size` bytes. */
export function multipartOpener(file: UploadFile, size: number): () => Promise<StreamBody> {
  return () => {
    const { head, tail, contentType } = multipartFrame(file.filename ?? 'app.zip');
    const stream = new PartBody({ path: file.path, size }, head, tail);
    return Promise.resolve({ stream, length: head.length + size + tail.length, contentType });
  };
}

/**
 * The multipart body of a file still being written, for one attempt: no length is promised, so
 * it goes chunked; its length is known once the writer is done (for progress).
 */
export function growingMultipart(file: GrowingFile, filename = 'app.zip'): StreamBody {
  const { head, tail, contentType } = multipartFrame(filename);
  return {
    stream: new PartBody(file, head, tail),
    length: undefined,
    knownLength: () => (file.size === undefined ? undefined : head.length + file.size + tail.length),
    contentType,
  };
}
