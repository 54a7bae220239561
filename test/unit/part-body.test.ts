/**
 * PartBody on its own: the bytes and the buffers it reads them into, and how it fails. (What a
 * real socket makes of the reuse: test/integration/upload-body-reuse.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GrowingFile } from '../../src/api/growing-file.js';
import { MIN_CHUNK_BYTES, PartBody } from '../../src/api/part-body.js';
import { useTempDir } from './helpers/temp-dir.js';

const HEAD = Buffer.from('head');
const TAIL = Buffer.from('tail');
const MiB = 1024 * 1024;

const tmp = useTempDir('part-body-');

/** The chunks as pulled: a copy of each, and the memory each was read into. */
async function pull(body: PartBody): Promise<{ copies: Buffer[]; memory: ArrayBufferLike[] }> {
  const copies: Buffer[] = [];
  const memory: ArrayBufferLike[] = [];
  for await (const chunk of body) {
    copies.push(Buffer.from(chunk as Buffer));
    memory.push((chunk as Buffer).buffer);
  }
  return { copies, memory };
}

describe('PartBody', () => {
  it('reads the file into two buffers, used in turn, whatever its size', async () => {
    const data = randomBytes(5 * MiB + 3);
    const file = path.join(tmp.dir, 'a.zip');
    writeFileSync(file, data);
    const { copies, memory } = await pull(new PartBody({ path: file, size: data.length }, HEAD, TAIL));
    expect(Buffer.concat(copies).equals(Buffer.concat([HEAD, data, TAIL]))).toBe(true);
    const reads = memory.slice(1, -1); // the file's six chunks, between head and tail
    expect(reads).toHaveLength(6);
    expect(new Set(reads).size).toBe(2);
    for (let i = 0; i + 1 < reads.length; i++) expect(reads[i + 1]).not.toBe(reads[i]);
  });

  it('fails with the writer’s words when a growing file is shorter on disk than the writer said', async () => {
    const file = path.join(tmp.dir, 'g.zip');
    writeFileSync(file, Buffer.alloc(100));
    const growing = new GrowingFile(file);
    growing.finish(300 * 1024);
    await expect(pull(new PartBody(growing, HEAD, TAIL))).rejects.toThrow(`"${file}" is shorter than its writer said`);
  });

  it('fails with the writer’s own error when the writer failed before the file could be opened', async () => {
    const growing = new GrowingFile(path.join(tmp.dir, 'never-written.zip'));
    const why = new Error('cannot read "src/secret.key" (permission denied)');
    growing.fail(why);
    await expect(pull(new PartBody(growing, HEAD, TAIL))).rejects.toBe(why);
  });

  it('fails with the writer’s own error when the writer fails while the body waits for it', async () => {
    const file = path.join(tmp.dir, 'half.zip');
    writeFileSync(file, Buffer.alloc(1000));
    const growing = new GrowingFile(file);
    growing.grow(1000);
    const why = new Error('cannot read "big.bin" (EIO)');
    const pulled = pull(new PartBody(growing, HEAD, TAIL));
    setImmediate(() => growing.fail(why));
    await expect(pulled).rejects.toBe(why);
  });

  it('sends a chunk of a growing file as soon as MIN_CHUNK_BYTES are on disk, not a byte later', async () => {
    const file = path.join(tmp.dir, 'edge.zip');
    const data = randomBytes(MIN_CHUNK_BYTES);
    writeFileSync(file, data);
    const growing = new GrowingFile(file);
    const body = new PartBody(growing, HEAD, TAIL);
    const chunks = body[Symbol.asyncIterator]();
    expect((await chunks.next()).value).toEqual(HEAD);
    const first = chunks.next(); // waits for the writer
    growing.grow(MIN_CHUNK_BYTES);
    const chunk = (await first).value as Buffer;
    expect(chunk.equals(data)).toBe(true);
    growing.finish(MIN_CHUNK_BYTES);
    expect((await chunks.next()).value).toEqual(TAIL);
  }, 5_000);
});
