/** The upload's multipart body, streamed from the zip: its bytes, retries, and a file that changes under it. */
import {
  createReadStream,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import FormData from 'form-data';
import { describe, expect, it, vi } from 'vitest';
import { multipartOpener } from '../../src/api/multipart.js';
import { openFdDir } from '../support/platform.js';
import { useTempDir } from './helpers/temp-dir.js';

const tmp = useTempDir('multipart-test-');

function writeFile(name: string, size: number): string {
  const file = path.join(tmp.dir, name);
  writeFileSync(file, Buffer.from(Array.from({ length: size }, (_, i) => (i * 7919) % 251)));
  return file;
}

/** The body's chunks, copied: a chunk's buffer is reused once the next-but-one is pulled. */
async function collect(chunks: AsyncIterable<Buffer> | Readable): Promise<Buffer> {
  const copies: Buffer[] = [];
  for await (const chunk of chunks) copies.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(copies);
}

/** Descriptors of this process open on `file` (macOS's /dev/fd links do not name files: all of them there). */
const openFdsOf = (file: string) =>
  readdirSync(openFdDir!).filter((fd) => {
    try {
      return openFdDir !== '/proc/self/fd' || readlinkSync(path.join(openFdDir!, fd)) === file;
    } catch {
      return false; // closed while listed
    }
  }).length;

describe('multipartOpener', () => {
  it('sends the bytes form-data itself would stream, in chunks far larger than 64 KiB', async () => {
    const size = 3 * 1024 * 1024 + 17;
    const file = writeFile('app.zip', size);
    const body = await multipartOpener({ path: file, filename: 'my "app".zip' }, size)();
    const chunks: Buffer[] = [];
    for await (const chunk of body.stream) chunks.push(Buffer.from(chunk as Buffer));
    const sent = Buffer.concat(chunks);

    const boundary = /boundary=(.+)$/.exec(body.contentType)![1]!;
    const form = new FormData();
    form.setBoundary(boundary);
    form.append('repository', createReadStream(file), {
      filename: 'my "app".zip',
      contentType: 'application/zip',
      knownLength: size,
    });
    const expected = await collect(form.pipe(new PassThrough()));

    expect(body.contentType).toBe(`multipart/form-data; boundary=${boundary}`);
    expect(sent.equals(expected)).toBe(true);
    expect(body.length).toBe(expected.length);
    expect(Math.max(...chunks.map((c) => c.length))).toBe(1024 * 1024);
  });

  it('sends the whole file again, from the start, on every attempt', async () => {
    const file = writeFile('app.zip', 2 * 1024 * 1024 + 3);
    const data = readFileSync(file);
    const open = multipartOpener({ path: file }, data.length);
    const attempts = [await open(), await open()];
    for (const { stream, length } of attempts) {
      const sent = await collect(stream);
      expect(sent.length).toBe(length);
      expect(sent.indexOf(data)).toBeGreaterThan(0);
    }
  });

  it('fails the attempt when the file is shorter than the Content-Length it promised', async () => {
    const file = writeFile('app.zip', 3 * 1024 * 1024);
    const body = await multipartOpener({ path: file }, 3 * 1024 * 1024)();
    truncateSync(file, 2 * 1024 * 1024 + 5);
    await expect(collect(body.stream)).rejects.toThrow(`"${file}" shrank by 1048571 bytes while it was being sent`);
    if (openFdDir === '/proc/self/fd') await vi.waitFor(() => expect(openFdsOf(file)).toBe(0));
  });

  it('fails the attempt when the file is gone, naming the error', async () => {
    const file = writeFile('app.zip', 10);
    const body = await multipartOpener({ path: file }, 10)();
    rmSync(file);
    await expect(collect(body.stream)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.skipIf(openFdDir === undefined)('closes the file when an attempt is cut short', async () => {
    const file = writeFile('app.zip', 4 * 1024 * 1024);
    const before = openFdsOf(file);
    const { stream } = await multipartOpener({ path: file }, 4 * 1024 * 1024)();
    await new Promise<void>((resolve) => stream.once('data', () => resolve()));
    expect(openFdsOf(file)).toBe(before + 1);
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(openFdsOf(file)).toBe(before);
  });
});
