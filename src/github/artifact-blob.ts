/**
 * The second request of an artifact's download: the blob GitHub's `…/artifacts/{id}/zip`
 * redirects to, on another host (its storage), fetched WITHOUT GitHub's token. The URL is a
 * secret (its query signs the request, like a password for a few minutes): it is never logged
 * or put in an error; only its host is named. Only https is followed (plain http to a loopback
 * host too, for tests), and the blob must answer 200 itself: a further redirect is not followed.
 *
 * The body is handed on as it arrives, hashed (sha256, to compare with the digest GitHub lists)
 * and counted: past `maxBytes` (what GitHub lists for it, and a little) reading stops and the
 * connection is closed, whatever the zip inside says.
 */
import { createHash } from 'node:crypto';
import { isLoopbackHost } from '../api/url.js';
import { classifyCode, describeFailure, errorCode } from '../api/network-failure.js';
import { formatBytesExact } from '../util/format.js';
import { KeptRefusal } from './kept-entries.js';

export interface BlobOptions {
  /** The action's own fetch (proxies, the runner's CA), as octokit uses it. */
  readonly fetch: typeof fetch;
  /** The most bytes read before it is refused as larger than GitHub lists. */
  readonly maxBytes: number;
  /** Its size as GitHub lists it, for the refusal's words; null when not listed. */
  readonly listedBytes: number | null;
  /** `could not fetch artifact N`: what a failure message starts with. */
  readonly doing: string;
  readonly signal?: AbortSignal;
}

export interface ArtifactBlob {
  /** The body, piece by piece, hashed and counted; stops past maxBytes (KeptRefusal). */
  readonly pieces: AsyncIterable<Uint8Array>;
  /** The hex sha256 of every byte read so far. */
  sha256(): string;
  /** Stops reading and closes the connection (a no-op once the body was read to its end). */
  close(): Promise<void>;
}

const SOURCE = "the artifact storage GitHub's download redirects to";

/** Opens the blob at `location` (GitHub's redirect, resolved against `apiBase`). */
export async function openArtifactBlob(location: string, apiBase: string, o: BlobOptions): Promise<ArtifactBlob> {
  let url: URL;
  try {
    url = new URL(location, apiBase);
  } catch {
    throw new Error(`${o.doing}: GitHub's download redirected to something that is not a URL; not following it`);
  }
  const host = url.host;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new Error(
      `${o.doing}: GitHub's download redirected to ${url.protocol.slice(0, -1)} on ${host}, not https; not following it (the blob's signed link would cross the network in the clear)`,
    );
  }
  let res: Response;
  try {
    // No Authorization: the signed URL is the credential, and GitHub's token is not the blob host's business.
    res = await o.fetch(url, { redirect: 'manual', ...(o.signal ? { signal: o.signal } : {}) });
  } catch (err) {
    throw unreachable(err, host, o);
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(`${o.doing}: the artifact storage at ${host} answered ${res.status}: ${blobAdvice(res.status)}`);
  }
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > o.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new KeptRefusal(largerThanListed(o, `its answer declares ${formatBytesExact(declared)}`));
  }
  const hash = createHash('sha256');
  let read = 0;
  const body = res.body;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    if (!body) return;
    const reader = body.getReader();
    try {
      for (;;) {
        let next: Awaited<ReturnType<typeof reader.read>>;
        try {
          next = await reader.read();
        } catch (err) {
          throw unreachable(err, host, o);
        }
        if (next.done) return;
        read += next.value.byteLength;
        if (read > o.maxBytes) {
          throw new KeptRefusal(largerThanListed(o, `${formatBytesExact(read)} arrived before reading stopped`));
        }
        hash.update(next.value);
        yield next.value;
      }
    } finally {
      // Stopped early (a bound, a refusal, a cancellation): close the connection, read no more.
      await reader.cancel().catch(() => undefined);
    }
  }
  const generator = pieces();
  return {
    pieces: generator,
    sha256: () => hash.copy().digest('hex'),
    close: async () => {
      await generator.return(undefined);
      // Never iterated: the generator's own cleanup did not run.
      await body?.cancel().catch(() => undefined);
    },
  };
}

function largerThanListed(o: BlobOptions, seen: string): string {
  const listed =
    o.listedBytes === null
      ? `the ${formatBytesExact(o.maxBytes)} a rollback fetches (GitHub lists no size for it)`
      : `the ${formatBytesExact(o.listedBytes)} GitHub lists for it`;
  return `the artifact's zip is larger than ${listed}: ${seen}`;
}

function blobAdvice(status: number): string {
  if (status === 403) return 'the link GitHub signed was refused (it lasts minutes); run again';
  if (status === 404) return 'the artifact is no longer stored (expired or deleted); pick another run’s archive';
  if (status >= 300 && status < 400)
    return 'a further redirect, not followed; run again, and if it persists, report it';
  return status >= 500 ? 'a failure on the storage side; a later run can try again' : 'run again';
}

/** A failure without an answer: a cancellation as it is; else named by host, never by URL. */
function unreachable(err: unknown, host: string, o: BlobOptions): unknown {
  if (o.signal?.aborted) return o.signal.reason ?? err;
  // The transport's limit on one request's time (it covers the body too).
  const timedOut = (err as Error | null)?.name === 'TimeoutError';
  const code = errorCode(err);
  const words = describeFailure({
    failure: timedOut ? 'timeout' : classifyCode(code),
    ...(code ? { code } : {}),
    ...(timedOut ? { message: 'the download took longer than the time one request to GitHub is given' } : {}),
    host,
    source: SOURCE,
  });
  // Not `cause`: the transport's error may carry the signed URL.
  return new Error(`${o.doing}: ${words.detail}; ${words.advice}`);
}
