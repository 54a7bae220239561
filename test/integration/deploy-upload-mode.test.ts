/**
 * The deploy step sending the zip while it is written (`upload-mode`), in-process against the
 * emulator: what arrives, how it was framed (the emulator's request log), the fallback to the
 * finished file when the server asks for a length, retries, cancellation, and the temp dir.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ArchivePlan, WriteArchiveOptions, WrittenArchive } from '../../src/archive/index.js';
import { createClient } from '../../src/api/client.js';
import { RunRecord } from '../../src/step-kit/run-record.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { useFlow } from './helpers/flow.js';
import { rawRequest } from './helpers/raw-http.js';

type WriteArchive = (plan: ArchivePlan, opts: WriteArchiveOptions) => Promise<WrittenArchive>;
/** Set by a test: writes the zip instead of the archive engine (to make it fail at a chosen moment). */
const writer = vi.hoisted(() => ({
  replace: null as null | ((plan: ArchivePlan, opts: WriteArchiveOptions) => Promise<WrittenArchive>),
}));
vi.mock('../../src/archive/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/archive/index.js')>();
  const writeArchive: WriteArchive = (plan, opts) => (writer.replace ?? real.writeArchive)(plan, opts);
  return { ...real, writeArchive };
});

/** Set by a test: the upload attempts (counted from 1) the emulator drops the connection of. */
let resetUploads = new Set<number>();
/** Set by a test: runs when an upload request arrives, before the emulator handles it. */
let onUpload: ((n: number) => void) | null = null;
/** Set by a test: runs when any request arrives (`METHOD /path`), before the emulator handles it. */
let onRequest: ((route: string) => void) | null = null;
let uploadsSeen = 0;
const temps: string[] = [];

/** Base64 of random bytes: deflates to about three quarters, so the zip is some MiB. */
const text = (bytes: number) => randomBytes(Math.ceil((bytes * 3) / 4)).toString('base64');
const BIG_FILES: Record<string, string> = {
  ...APP_FILES,
  'assets/a.txt': text(2 * 1024 * 1024),
  'assets/b.txt': text(2 * 1024 * 1024),
  'assets/c.txt': text(1536 * 1024),
};

// The fault is picked once per request, right after the request is logged: the last entry is
// this request, so the upload (and only it) can be made to reset.
const f = useFlow(
  {
    buildSeconds: 60,
    faults: 'reset:0.5',
    random: () => {
      const last = f.emulator.requests().at(-1);
      if (last) onRequest?.(`${last.method} ${last.path.split('?')[0]}`);
      if (!last?.path.endsWith(':upload')) return 0.99;
      uploadsSeen++;
      onUpload?.(uploadsSeen);
      return resetUploads.has(uploadsSeen) ? 0 : 0.99;
    },
  },
  { inputs: () => ({ app: 'shop', environment: 'staging', wait: 'false' }), files: BIG_FILES },
);
afterEach(async () => {
  resetUploads = new Set();
  onUpload = onRequest = writer.replace = null;
  uploadsSeen = 0;
  await setRequireLength(false);
});
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const setRequireLength = (on: boolean) =>
  rawRequest(
    f.emulator.url,
    'POST',
    '/__emulator/config',
    { 'content-type': 'application/json' },
    JSON.stringify({ requireContentLength: on }),
  );

/** A deploy of the big workspace with an empty temp dir of its own; what the emulator was sent, and what is left in the dir. */
async function deploy(
  extra: Record<string, string> = {},
  over: { password?: string; attempts?: number; signal?: AbortSignal; record?: RunRecord } = {},
) {
  const tempDir = mkdtempSync(join(tmpdir(), 'hd-upload-mode-'));
  temps.push(tempDir);
  const { url } = f.emulator;
  const credentials = { userId: 'demo-user', password: over.password ?? 'demo-password' };
  const retry = { attempts: over.attempts ?? 5, random: () => 0 };
  const client = createClient({ hostingUrl: url, headlessUrl: `${url}/headless`, credentials, clock: f.clock, retry });
  try {
    const password: Record<string, string> = over.password ? { 'api-password': over.password } : {};
    const r = await f.run({ ...password, ...extra }, { client, tempDir, signal: over.signal, record: over.record });
    const uploads = f.emulator.requests().filter((q) => q.path.endsWith(':upload'));
    // Whatever happened, the temp dir holds no zip.
    expect(readdirSync(tempDir)).toEqual([]);
    return { ...r, uploads };
  } finally {
    await client.close();
  }
}

describe('upload-mode', () => {
  // Each upload request as `status framing [fault]`; what the log says it sent. Auto is the default.
  it.each([
    ['auto: streamed while the zip is written', '', false, '200 chunked', 'streamed while zipping'],
    [
      'auto: a length asked for: the file, no retry spent',
      '',
      true,
      '411 chunked, 200 content-length',
      'asked for a length',
    ],
    ['auto: the file again after a drop', '', false, '-1 chunked reset, 200 content-length', 'after a failed one'],
    ['stream: streamed, when the server takes it', 'stream', false, '200 chunked', 'streamed while zipping'],
    [
      'file: taken at once where a length is needed',
      'file',
      true,
      '200 content-length',
      'finished file (upload-mode: file)',
    ],
  ])('%s; the service gets exactly the zip of archive-sha256', async (label, mode, requireLength, sent, said) => {
    if (requireLength) await setRequireLength(true);
    if (label.includes('a drop')) resetUploads = new Set([1]);
    // One attempt allowed where the server asks for a length: a fallback counted as a retry would have none left.
    const r = await deploy({ 'upload-mode': mode }, { attempts: requireLength ? 1 : 5 });
    expect(r.report.status).toBe('started');
    expect(
      r.uploads.map((u) => [u.status, u.framing, u.fault].filter((x) => x !== undefined).join(' ')).join(', '),
    ).toBe(sent);
    const stored = f.emulator.state.uploads.map((u) => `${u.sha256} ${u.bytes}`);
    expect(stored).toEqual([`${r.out['archive-sha256']} ${r.out['archive-bytes']}`]);
    expect(f.emulator.state.uploads[0]!.entries).toContain('assets/b.txt');
    expect(r.lines).toContainEqual(expect.stringMatching(/^uploaded /));
    expect(r.lines.find((l) => l.startsWith('uploaded '))).toContain(said);
    if (requireLength && mode === '') {
      expect(r.lines).toContain(
        'upload: the server refused the zip sent while it was being written (411, server asked for a length); sending the finished file with its length',
      );
      expect(r.lines.filter((l) => / retrying in /.test(l))).toEqual([]);
    }
  });

  it('stream fails when the server asks for a length, naming upload-mode and what to set, and sends no file', async () => {
    await setRequireLength(true);
    const r = await deploy({ 'upload-mode': 'stream' });
    expect(r.report.status).toBe('failure');
    expect(r.report.error).toMatch(/\(411\).*input "upload-mode" is stream.*set upload-mode to auto .* or file/s);
    expect(r.uploads.map((u) => [u.status, u.framing])).toEqual([[411, 'chunked']]);
    expect(f.emulator.state.uploads).toEqual([]);
  });
});

/** A record that cancels the run (a microtask later) the first time it says it is doing one of `doings`. */
function cancelledOnceDoing(cancel: AbortController, doings: string[]): RunRecord {
  const record = new RunRecord();
  let doing: string | null = null;
  Object.defineProperty(record, 'doing', {
    get: () => doing,
    set: (now: string | null) => {
      doing = now;
      if (now && doings.includes(now)) queueMicrotask(() => cancel.abort(new Error('the job was cancelled')));
    },
  });
  return record;
}

/** A writer that has written some bytes and goes on until it is stopped, as a real one does on a large tree. */
const writesUntilStopped: WriteArchive = async (_plan, opts) => {
  const fd = openSync(opts.outFile, 'wx', 0o600);
  try {
    writeSync(fd, Buffer.alloc(256 * 1024, 1));
    opts.onWritten?.(256 * 1024);
    await new Promise((_resolve, reject) =>
      opts.signal!.addEventListener('abort', () => reject(opts.signal!.reason as Error), { once: true }),
    );
    throw new Error('unreachable');
  } finally {
    closeSync(fd);
    rmSync(opts.outFile, { force: true });
  }
};

describe('the temp dir', () => {
  it('holds no zip after a run cancelled while the finished zip is being uploaded', async () => {
    const cancel = new AbortController();
    onUpload = () => cancel.abort(new Error('the job was cancelled'));
    const r = await deploy({ 'upload-mode': 'file' }, { signal: cancel.signal });
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while uploading the zip\n/);
    expect(r.report.error).toMatch(/the upload was cut short: it may or may not have reached the service/);
    expect(r.uploads).toHaveLength(1);
    expect(f.emulator.state.uploads).toEqual([]);
  });

  it('holds no zip after a run cancelled mid-stream, and says the unfinished zip cannot have reached the service', async () => {
    const cancel = new AbortController();
    onUpload = () => cancel.abort(new Error('the job was cancelled'));
    // A writer that has written some bytes and goes on until it is stopped, as a real one does
    // on a large tree: the cancellation finds the zip unfinished.
    writer.replace = writesUntilStopped;
    const r = await deploy({}, { signal: cancel.signal });
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while writing and uploading the zip\n/);
    expect(r.report.error).not.toMatch(/cut short/);
    expect(r.uploads.map((u) => u.framing)).toEqual(['chunked']);
    expect(f.emulator.state.uploads).toEqual([]);
  });

  it('holds no zip after a run cancelled while looking for the app, and says the zip was being written too', async () => {
    const cancel = new AbortController();
    onRequest = (route) => {
      if (route === 'GET /headless/v1/accounts/demo/apps/shop') cancel.abort(new Error('the job was cancelled'));
    };
    writer.replace = writesUntilStopped;
    const r = await deploy({}, { signal: cancel.signal });
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while looking for the app and writing the zip\n/);
    expect(r.uploads).toEqual([]);
  });

  it('holds no zip after a file-mode run cancelled while it waits for the zip, and says it was writing it, not uploading', async () => {
    const cancel = new AbortController();
    // Cut as soon as the run waits on the writer, whatever it calls that wait: no request marks it.
    const record = cancelledOnceDoing(cancel, ['writing the zip', 'uploading the zip']);
    writer.replace = writesUntilStopped;
    const r = await deploy({ 'upload-mode': 'file' }, { signal: cancel.signal, record });
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while writing the zip\n/);
    expect(r.report.error).not.toMatch(/uploading|cut short/);
    expect(r.uploads).toEqual([]);
  });

  it('holds no zip after a look-up fails while the zip is being written, and nothing was created', async () => {
    const r = await deploy({}, { password: 'wrong-password' });
    expect(r.report.status).toBe('failure');
    expect(r.report.error).toMatch(/looking for the app: .*\(401\)/);
    expect(f.emulator.requests().filter((q) => q.method !== 'GET')).toEqual([]);
  });
});

describe('a zip that cannot be written', () => {
  it("cuts the streamed upload short and fails with the writer's own error, not the network's", async () => {
    let uploadArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (uploadArrived = resolve));
    onUpload = () => uploadArrived();
    // Some bytes on disk, then, once the upload is under way, a disk error: as a real writer does,
    // it removes its partial file and throws.
    writer.replace = async (_plan, opts) => {
      const fd = openSync(opts.outFile, 'wx', 0o600);
      try {
        writeSync(fd, Buffer.alloc(256 * 1024, 1));
        opts.onWritten?.(256 * 1024);
        await arrived;
        throw new Error('cannot read "assets/b.txt" (EIO); make it readable or exclude it');
      } finally {
        closeSync(fd);
        rmSync(opts.outFile, { force: true });
      }
    };
    const r = await deploy();
    expect(r.report.status).toBe('failure');
    expect(r.report.error).toMatch(/writing the zip: cannot read "assets\/b\.txt" \(EIO\)/);
    expect(r.report.error).not.toMatch(/request body|connection/);
    expect(r.uploads).toHaveLength(1);
    expect(r.uploads[0]!.status).not.toBe(200);
    expect(f.emulator.state.uploads).toEqual([]);
  });
});
