/**
 * The zip inside a captured upload (multipart/form-data, one file part), read back with yauzl,
 * an independent reader, with names kept as the raw bytes the zip holds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yauzl from 'yauzl';
import type { Exchange } from './intercept.js';
import { tempDir } from './workspace.js';

export function zipOfUpload(x: Exchange): Buffer {
  const type = String(x.headers['content-type'] ?? '');
  const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
  if (!boundary) throw new Error(`the upload is not multipart (${type})`);
  const start = x.body.indexOf('\r\n\r\n') + 4;
  const end = x.body.lastIndexOf(`\r\n--${boundary}`);
  if (start < 4 || end < start) throw new Error('the upload has no file part');
  return x.body.subarray(start, end);
}

export interface RawEntry {
  /** The name's bytes as stored. */
  raw: Buffer;
  data: Buffer;
}

export async function rawEntries(zip: Buffer): Promise<RawEntry[]> {
  const file = join(tempDir('captured-zip'), 'upload.zip');
  writeFileSync(file, zip);
  const z = await yauzl.openPromise(file, { lazyEntries: true, autoClose: true, decodeStrings: false });
  const out: RawEntry[] = [];
  return new Promise((resolve, reject) => {
    z.on('entry', (entry: yauzl.Entry) => {
      z.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          out.push({ raw: entry.fileName as unknown as Buffer, data: Buffer.concat(chunks) });
          z.readEntry();
        });
      });
    });
    z.once('end', () => resolve(out));
    z.once('error', reject);
    z.readEntry();
  });
}
