/**
 * The deploy step sending the zip while it is written (`upload-mode`), in-process against the
 * emulator: what arrives, how it was framed (the emulator's request log), the fallback to the
 * finished file when the server asks for a length, retries, cancellation, and the temp dir.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArchivePlan, WriteArchiveOptions, WrittenArchive } from '../../src/archive/index.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { createClient, type Client } from '../../src/api/client.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { RunRecord } from '../../src/step-kit/run-record.js';
import { VirtualClock } from '../../src/util/clock.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { inputsOf, testContext } from '../helpers/step-context.js';
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

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator;
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

beforeAll(async () => {
  // The fault is picked once per request, right after the request is logged: the last entry is
  // this request, so the upload (and only it) can be made to reset.
  emulator = await startEmulator({
    port: 0,
    clock,
    buildSeconds: 60,
    faults: 'reset:0.5',
    random: () => {
      const last = emulator.requests().at(-1);
      if (last) onRequest?.(`${last.method} ${last.path.split('?')[0]}`);
      if (!last?.path.endsWith(':upload')) return 0.99;
      uploadsSeen++;
      onUpload?.(uploadsSeen);
      return resetUploads.has(uploadsSeen) ? 0 : 0.99;
    },
  });
});
afterEach(async () => {
  resetUploads = new Set();
  onUpload = null;
  onRequest = null;
  writer.replace = null;
  uploadsSeen = 0;
  await setRequireLength(false);
});
afterAll(async () => {
  await emulator.close();
  removeWorkspaces();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function setRequireLength(on: boolean) {
  return rawRequest(
    emulator.url,
    'POST',
    '/__emulator/config',
    { 'content-type': 'application/json' },
    JSON.stringify({ requireContentLength: on }),
  );
}

function client(over: { password?: string; attempts?: number } = {}): Client {
  return createClient({
    hostingUrl: emulator.url,
    headlessUrl: `${emulator.url}/headless`,
    credentials: { userId: 'demo-user', password: over.password ?? 'demo-password' },
    clock,
    retry: { attempts: over.attempts ?? 5, random: () => 0 },
  });
}

/** A fresh emulator state, a deploy of the big workspace, and an empty temp dir of its own. */
async function deploy(
  extra: Record<string, string> = {},
  over: Parameters<typeof client>[0] = {},
  signal?: AbortSignal,
  record?: RunRecord,
) {
  emulator.reset();
  const tempDir = mkdtempSync(join(tmpdir(), 'hd-upload-mode-'));
  temps.push(tempDir);
  const inputs = inputsOf(
    {
      'api-user-id': 'demo-user',
      'api-password': over.password ?? 'demo-password',
      'headless-api-url': `${emulator.url}/headless`,
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      wait: 'false',
      ...extra,
    },
    makeWorkspace(BIG_FILES),
  );
  const c = client(over);
  const t = testContext({
    inputs,
    client: c,
    clock,
    tempDir,
    ...(signal ? { signal } : {}),
    ...(record ? { record } : {}),
  });
  try {
    const report = await runFlow(t.ctx);
    const outputs = Object.fromEntries(t.written);
    const uploads = emulator.requests().filter((r) => r.path.endsWith(':upload'));
    return { report, outputs, uploads, log: t.log.lines, left: readdirSync(tempDir) };
  } finally {
    await c.close();
  }
}

describe('upload-mode auto (the default)', () => {
  it('streams the zip while it is written, chunked, and the service gets exactly the zip of archive-sha256', async () => {
    const r = await deploy();
    expect(r.report.status).toBe('started');
    expect(r.uploads.map((u) => [u.status, u.framing])).toEqual([[200, 'chunked']]);
    const [stored] = emulator.state.uploads;
    expect(stored!.sha256).toBe(r.outputs['archive-sha256']);
    expect(String(stored!.bytes)).toBe(r.outputs['archive-bytes']);
    expect(stored!.entries).toContain('assets/b.txt');
    expect(r.log.some((l) => /^uploaded .* \(streamed while zipping\)/.test(l))).toBe(true);
    expect(r.left).toEqual([]);
  });

  it('sends the finished file, with its length, when the server asks for one: one more request, no retry spent', async () => {
    await setRequireLength(true);
    // One attempt allowed: a fallback counted as a retry would have none left.
    const r = await deploy({}, { attempts: 1 });
    expect(r.report.error).toBeNull();
    expect(r.uploads.map((u) => [u.status, u.framing])).toEqual([
      [411, 'chunked'],
      [200, 'content-length'],
    ]);
    expect(emulator.state.uploads.map((u) => u.sha256)).toEqual([r.outputs['archive-sha256']]);
    expect(r.log.some((l) => /^uploaded .* \(sent the finished file \(server asked for a length\)\)/.test(l))).toBe(
      true,
    );
    expect(r.log).toContain(
      'upload: the server refused the zip sent while it was being written (411, server asked for a length); sending the finished file with its length',
    );
    expect(r.log.filter((l) => / retrying in /.test(l))).toEqual([]);
  });

  it('sends the whole finished file on the retry after the connection drops mid-stream', async () => {
    resetUploads = new Set([1]);
    const r = await deploy();
    expect(r.report.status).toBe('started');
    expect(r.uploads.map((u) => [u.status, u.fault, u.framing])).toEqual([
      [-1, 'reset', 'chunked'],
      [200, undefined, 'content-length'],
    ]);
    expect(emulator.state.uploads.map((u) => u.sha256)).toEqual([r.outputs['archive-sha256']]);
    expect(r.log.some((l) => /^uploaded .* \(sent the finished file \(attempt 2, after a failed one\)\)/.test(l))).toBe(
      true,
    );
    expect(r.left).toEqual([]);
  });
});

describe('upload-mode stream', () => {
  it('fails when the server asks for a length, naming upload-mode and what to set, and sends no file', async () => {
    await setRequireLength(true);
    const r = await deploy({ 'upload-mode': 'stream' });
    expect(r.report.status).toBe('failure');
    expect(r.report.error).toMatch(/\(411\)/);
    expect(r.report.error).toMatch(/input "upload-mode" is stream/);
    expect(r.report.error).toMatch(/set upload-mode to auto .* or file/);
    expect(r.uploads.map((u) => [u.status, u.framing])).toEqual([[411, 'chunked']]);
    expect(emulator.state.uploads).toEqual([]);
    expect(r.left).toEqual([]);
  });

  it('streams as auto does when the server takes it', async () => {
    const r = await deploy({ 'upload-mode': 'stream' });
    expect(r.report.status).toBe('started');
    expect(r.uploads.map((u) => [u.status, u.framing])).toEqual([[200, 'chunked']]);
    expect(emulator.state.uploads.map((u) => u.sha256)).toEqual([r.outputs['archive-sha256']]);
  });
});

describe('upload-mode file', () => {
  it('sends the finished file with its Content-Length, which a server that requires one takes at once', async () => {
    await setRequireLength(true);
    const r = await deploy({ 'upload-mode': 'file' });
    expect(r.report.status).toBe('started');
    expect(r.uploads.map((u) => [u.status, u.framing])).toEqual([[200, 'content-length']]);
    expect(emulator.state.uploads.map((u) => u.sha256)).toEqual([r.outputs['archive-sha256']]);
    expect(r.log.some((l) => /^uploaded .* \(sent the finished file \(upload-mode: file\)\)/.test(l))).toBe(true);
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
    const r = await deploy({ 'upload-mode': 'file' }, {}, cancel.signal);
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while uploading the zip\n/);
    expect(r.report.error).toMatch(/the upload was cut short: it may or may not have reached the service/);
    expect(r.uploads).toHaveLength(1);
    expect(emulator.state.uploads).toEqual([]);
    expect(r.left).toEqual([]);
  });

  it('holds no zip after a run cancelled mid-stream, and says the unfinished zip cannot have reached the service', async () => {
    const cancel = new AbortController();
    onUpload = () => cancel.abort(new Error('the job was cancelled'));
    // A writer that has written some bytes and goes on until it is stopped, as a real one does
    // on a large tree: the cancellation finds the zip unfinished.
    writer.replace = writesUntilStopped;
    const r = await deploy({}, {}, cancel.signal);
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while writing and uploading the zip\n/);
    expect(r.report.error).not.toMatch(/cut short/);
    expect(r.uploads.map((u) => u.framing)).toEqual(['chunked']);
    expect(emulator.state.uploads).toEqual([]);
    expect(r.left).toEqual([]);
  });

  it('holds no zip after a run cancelled while looking for the app, and says the zip was being written too', async () => {
    const cancel = new AbortController();
    onRequest = (route) => {
      if (route === 'GET /headless/v1/accounts/demo/apps/shop') cancel.abort(new Error('the job was cancelled'));
    };
    writer.replace = writesUntilStopped;
    const r = await deploy({}, {}, cancel.signal);
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while looking for the app and writing the zip\n/);
    expect(r.uploads).toEqual([]);
    expect(r.left).toEqual([]);
  });

  it('holds no zip after a file-mode run cancelled while it waits for the zip, and says it was writing it, not uploading', async () => {
    const cancel = new AbortController();
    // Cut as soon as the run waits on the writer, whatever it calls that wait: no request marks it.
    const record = cancelledOnceDoing(cancel, ['writing the zip', 'uploading the zip']);
    writer.replace = writesUntilStopped;
    const r = await deploy({ 'upload-mode': 'file' }, {}, cancel.signal, record);
    expect(r.report.status).toBe('cancelled');
    expect(r.report.error).toMatch(/^deploy cancelled: cancelled while writing the zip\n/);
    expect(r.report.error).not.toMatch(/uploading|cut short/);
    expect(r.uploads).toEqual([]);
    expect(r.left).toEqual([]);
  });

  it('holds no zip after a look-up fails while the zip is being written, and nothing was created', async () => {
    const r = await deploy({}, { password: 'wrong-password' });
    expect(r.report.status).toBe('failure');
    expect(r.report.error).toMatch(/looking for the app: .*\(401\)/);
    expect(emulator.requests().filter((q) => q.method !== 'GET')).toEqual([]);
    expect(r.left).toEqual([]);
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
    expect(emulator.state.uploads).toEqual([]);
    expect(r.left).toEqual([]);
  });
});
