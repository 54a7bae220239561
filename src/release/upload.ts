/**
 * Uploads the zip, as `upload-mode` says: while it is being written (auto, stream), or once it
 * is finished (file). Progress is logged at most every 5 s (or each tenth, once the size is
 * known), and the count restarts on a retry.
 */
import { formatBytes } from '../util/format.js';
import { ProgressMeter } from '../archive/index.js';
import { uploadOperationName } from '../api/operation-name.js';
import type { StreamRefusal } from '../api/retry-policy.js';
import type { StepContext } from '../step-kit/step.js';
import type { GrowingFile } from '../api/growing-file.js';
import { progressLine } from '../step-kit/progress-line.js';
import { setServerName } from '../step-kit/server-names.js';
import type { UploadMode } from './upload-mode.js';
import type { WaitTarget } from './wait-for-build.js';
import { BuildFollower } from './build-follower.js';

/** What the server said when it refused a body without a length, for the log. */
const REFUSED_WORDS: Record<StreamRefusal, string> = {
  'length-required': 'server asked for a length',
  'answered-early': 'server answered before reading a body without a length',
};

/** Advice of the error when `upload-mode: stream` meets a server that refuses a streamed body. */
export const STREAM_REFUSED_ADVICE =
  'input "upload-mode" is stream, and the server (or a proxy on the way) refused the zip sent while it was being written, without a Content-Length; set upload-mode to auto (the finished file is then sent with its length when this happens) or file';

export interface Uploaded {
  /** What to wait for: the operation the service answered, or the upload's name in the spec. */
  target: WaitTarget;
  /** True when the service answered no operation: the build is followed by the spec's name alone. */
  byName: boolean;
  zip: { readonly bytes: number };
}

/**
 * What is uploaded: the deploy's zip being written (`growing` set), or a finished file, such as
 * a kept archive uploaded again by a rollback.
 */
export interface UploadSource {
  readonly file: string;
  readonly growing?: GrowingFile;
  readonly done: Promise<{ readonly bytes: number }>;
  /** Hears that the upload has begun (its first attempt opens the body): from then on the zip counts as sent. */
  sending?(): void;
}

/**
 * Where to, and how: the deploy's inputs, or what a rollback knows of them, with what the
 * record calls the upload (a rollback's: `kept archive of run 12`).
 */
export interface UploadTarget {
  readonly account: string;
  readonly app: string;
  readonly uploadMode: UploadMode;
  readonly wait: boolean;
  readonly what?: string;
  /** The build the environment showed before this upload (when-busy's look): a poll still showing it is not this upload's. */
  readonly before?: string | null;
}

/** A finished zip on disk as an upload's source: sent whole, with its length. */
export function finishedFile(file: string, bytes: number): UploadSource {
  return { file, done: Promise.resolve({ bytes }) };
}

/**
 * Uploads the zip being written (`zipping`), and returns the operation with the finished zip.
 * The first attempt streams it as it grows, unless the mode is `file`; later attempts send the
 * finished file.
 */
export async function uploadArchive(
  ctx: StepContext,
  d: UploadTarget,
  environmentId: string,
  zipping: UploadSource,
  expectedBytes: number,
): Promise<Uploaded> {
  const started = ctx.clock.now();
  const growing = d.uploadMode !== 'file' ? zipping.growing : undefined;
  const streamFirst = growing !== undefined;
  // A file-mode upload waits for the finished zip; the client is given its path once it exists whole.
  if (!streamFirst) await zipping.done;
  let meter: ProgressMeter | null = null;
  let sent = 0;
  let refusal: StreamRefusal | null = null;
  let lastBody: 'streamed' | 'file' = 'file';
  let attempts = 0;
  const op = await ctx.client.uploadEnvironment(
    { account: d.account, app: d.app, environment: environmentId },
    zipping.file,
    {
      signal: ctx.signal,
      ...(streamFirst
        ? {
            growing: {
              file: growing,
              expectedBytes,
              whenRefused: d.uploadMode === 'stream' ? 'fail' : 'file',
              refusedAdvice: STREAM_REFUSED_ADVICE,
              onRefused: (why, status) => {
                refusal = why;
                ctx.log.info(
                  `upload: the server refused the zip sent while it was being written (${status}, ${REFUSED_WORDS[why]}); sending the finished file with its length`,
                );
              },
            },
          }
        : {}),
      onAttempt: (body) => {
        if (attempts === 0) zipping.sending?.();
        lastBody = body;
        attempts++;
        meter = null;
      },
      onProgress: (bytesSent, total) => {
        if (!meter || bytesSent < sent) {
          meter = new ProgressMeter(total ?? Infinity, ctx.clock, progressLine(ctx.log, 'uploading'));
          sent = 0;
        } else if (total !== undefined) meter.setTotal(total);
        meter.add(bytesSent - sent);
        sent = bytesSent;
      },
    },
  );
  // The upload succeeded, so the zip was written whole: the writer is done by now.
  const zip = await zipping.done;
  const ms = ctx.clock.now() - started;
  ctx.record.time('upload', ms);
  // The zip was taken whatever the answer's body: an answer without an operation is followed
  // by the name the spec gives the upload's operation, never by a second upload.
  const byName = op === undefined;
  const name = op?.name ?? uploadOperationName({ account: d.account, app: d.app, environment: environmentId });
  // `.../no_build` stands for "the environment's latest operation", not the build's own name:
  // naming it here would name a different operation than the one that later fails or succeeds.
  const queued = name.endsWith('/no_build');
  const said = byName
    ? "the service answered no operation; the build is followed as the environment's latest operation"
    : queued
      ? 'the build is queued'
      : `operation ${name}`;
  ctx.log.info(`uploaded ${formatBytes(zip.bytes)} in ${ms} ms (${howSent(d, lastBody, refusal, attempts)}); ${said}`);
  const what = d.what ?? 'zip';
  ctx.record.did(queued ? `${what} uploaded` : `${what} uploaded (operation ${name})`);
  ctx.record.operation = name;
  // Set at once, `…/no_build` included, so a step after a failure has a name to wait for; a
  // better one seen while polling replaces it.
  setServerName(ctx, 'operation', name);
  const follow = new BuildFollower({ kind: 'claim', before: d.before ?? null });
  return { target: op ? { name, first: op, follow } : { name, follow }, byName, zip };
}

/** How the zip that arrived was sent, in the log's words. */
function howSent(d: UploadTarget, body: 'streamed' | 'file', refusal: StreamRefusal | null, attempts: number): string {
  if (body === 'streamed') return 'streamed while zipping';
  if (d.uploadMode === 'file') return 'sent the finished file (upload-mode: file)';
  if (refusal) return `sent the finished file (${REFUSED_WORDS[refusal]})`;
  return `sent the finished file (attempt ${attempts}, after a failed one)`;
}
