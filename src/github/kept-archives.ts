/**
 * Kept archives on GitHub: the artifact listing by name (`GET /repos/{o}/{r}/actions/artifacts?name=…`,
 * every page), and a bounded fetch of one artifact. The fetch asks
 * `GET …/actions/artifacts/{id}/zip` with the token without following its redirect, then fetches
 * the blob the redirect names without the token (artifact-blob.ts), and reads the zip as it
 * streams in (kept-entries.ts): only archive.zip reaches the disk, and never more of it than the
 * manifest allows; the artifact itself is neither held in memory nor written. Both requests to
 * GitHub need the token's `actions: read`; a refusal says so.
 */
import { rm } from 'node:fs/promises';
import { ByteReader, ZipFormatError } from '../archive/index.js';
import { formatBytesExact } from '../util/format.js';
import { openArtifactBlob, type ArtifactBlob } from './artifact-blob.js';
import { KeptRefusal, readKeptEntries, type JudgedManifest } from './kept-entries.js';
import type { ListedArtifact } from './pick-kept.js';
import { explainRefusal, loadOctokit, repoOf, type Octokit } from './octokit.js';

export interface KeptArchivesOptions {
  token: string;
  /** owner/repo (GITHUB_REPOSITORY). */
  repository: string;
  apiUrl?: string;
  fetch?: typeof fetch;
}

export interface FetchBounds {
  /** An artifact whose listed size_in_bytes is over this is not fetched at all. */
  readonly maxListedBytes: number;
  /**
   * Judges the manifest's text as soon as it is read: the most bytes archive.zip may have
   * (the manifest's `bytes`), or why the manifest is refused (then nothing more is fetched or written).
   */
  readonly archiveBytes: (manifestText: string) => number | { readonly problem: string };
}

export type FetchedArtifact =
  | { readonly kind: 'fetched'; readonly manifestText: string; readonly zipPath: string; readonly zipBytes: number }
  | { readonly kind: 'refused'; readonly why: string };

export interface KeptArchives {
  /** Every artifact named exactly `name`, as GitHub lists them (all pages). */
  list(name: string, signal?: AbortSignal): Promise<ListedArtifact[]>;
  /** Fetches artifact `a`, writing only archive.zip into `dir` (bounded); GitHub's listed digest is checked. */
  download(a: ListedArtifact, dir: string, bounds: FetchBounds, signal?: AbortSignal): Promise<FetchedArtifact>;
}

/** GitHub answers at most 100 a page; 10 pages is more kept archives of one name than anyone retains. */
const PER_PAGE = 100;
const MAX_PAGES = 10;

export function keptArchives(o: KeptArchivesOptions): KeptArchives {
  let octokit: Promise<Octokit> | null = null;
  const repo = () => {
    const r = repoOf(o.repository);
    if (!r) throw new Error(`GITHUB_REPOSITORY is "${o.repository}", not owner/repo, so no kept archive can be read`);
    return r;
  };
  return {
    async list(name, signal) {
      const { owner, repo: repoName } = repo();
      octokit ??= loadOctokit(o.token, o.apiUrl, o.fetch);
      const all: ListedArtifact[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        let data: { total_count: number; artifacts: ListedArtifact[] };
        try {
          const res = await (
            await octokit
          ).rest.actions.listArtifactsForRepo({
            owner,
            repo: repoName,
            name,
            per_page: PER_PAGE,
            page,
            ...(signal ? { request: { signal } } : {}),
          });
          data = res.data as unknown as typeof data;
        } catch (err) {
          if (signal?.aborted || (err as Error).name === 'AbortError') throw err;
          throw new Error(
            refusal(
              err,
              `GET /repos/${owner}/${repoName}/actions/artifacts?name=${name}`,
              'list the kept archives',
              o.apiUrl,
            ),
          );
        }
        const artifacts = Array.isArray(data?.artifacts) ? data.artifacts : [];
        all.push(...artifacts);
        // total_count is GitHub's; a listing without it ends at a short page.
        if (artifacts.length < PER_PAGE || (typeof data.total_count === 'number' && all.length >= data.total_count))
          break;
      }
      return all;
    },

    async download(a, dir, bounds, signal) {
      const { owner, repo: repoName } = repo();
      const listed = typeof a.size_in_bytes === 'number' && a.size_in_bytes >= 0 ? a.size_in_bytes : null;
      if (listed !== null && listed > bounds.maxListedBytes) {
        return refused(
          `GitHub lists it at ${formatBytesExact(listed)}, over the ${formatBytesExact(bounds.maxListedBytes)} a rollback fetches, so nothing was fetched; max-archive-size raises that limit`,
        );
      }
      const request = `GET /repos/${owner}/${repoName}/actions/artifacts/${a.id}/zip`;
      const doing = `could not fetch artifact ${a.id}`;

      // One fetch of the artifact, read as it streams in. `judged` is the manifest an earlier
      // fetch read after an archive.zip it had to pass over unwritten.
      const fetchOnce = async (judged?: JudgedManifest): Promise<FetchedArtifact | JudgedManifest> => {
        octokit ??= loadOctokit(o.token, o.apiUrl, o.fetch);
        let answer: { status: number; headers: Record<string, unknown>; data: unknown };
        try {
          answer = await (
            await octokit
          ).rest.actions.downloadArtifact({
            owner,
            repo: repoName,
            artifact_id: a.id,
            archive_format: 'zip',
            // GitHub answers 302 to the blob: not followed here, where octokit would send the token
            // along; and a body (there should be none) is not read into memory.
            request: { redirect: 'manual', parseSuccessResponseBody: false, ...(signal ? { signal } : {}) },
          });
        } catch (err) {
          if (signal?.aborted) throw signal.reason ?? err;
          if ((err as Error).name === 'AbortError') throw err;
          throw new Error(refusal(err, request, `fetch artifact ${a.id}`, o.apiUrl));
        }
        await (answer.data as ReadableStream | null)?.cancel?.().catch(() => undefined);
        const location = answer.headers.location;
        if (answer.status < 300 || answer.status > 399 || typeof location !== 'string' || location === '') {
          throw new Error(
            `${doing}: ${request}: github answered ${answer.status} without a redirect to the artifact's storage; run again, and if it persists, report it`,
          );
        }

        let blob: ArtifactBlob | null = null;
        let reader: ByteReader | null = null;
        let zipPath: string | null = null;
        try {
          blob = await openArtifactBlob(location, o.apiUrl || 'https://api.github.com', {
            fetch: o.fetch ?? globalThis.fetch,
            maxBytes: (listed ?? bounds.maxListedBytes) + LISTED_MARGIN,
            listedBytes: listed,
            doing,
            ...(signal ? { signal } : {}),
          });
          reader = new ByteReader(blob.pieces);
          const kept = await readKeptEntries(reader, dir, {
            archiveBytes: bounds.archiveBytes,
            skipBytes: listed ?? bounds.maxListedBytes,
            ...(judged ? { judged } : {}),
          });
          zipPath = kept.zipPath;
          // The central directory and anything after it: read too, as the digest covers every byte.
          while ((await reader.takeSome(1024 * 1024)) !== null);
          const expected = listedSha256(a.digest);
          const got = blob.sha256();
          if (expected !== null && expected !== got) {
            throw new KeptRefusal(
              `the artifact fetched has sha256 ${got}, which does not match the digest GitHub lists for it (sha256:${expected}); run again, and if it persists, pick another run's archive`,
            );
          }
          if (kept.zipPath === null) return { manifestText: kept.manifestText, allowed: kept.allowed };
          return { kind: 'fetched', manifestText: kept.manifestText, zipPath: kept.zipPath, zipBytes: kept.zipBytes };
        } catch (err) {
          if (zipPath !== null) await rm(zipPath, { force: true });
          if (signal?.aborted) throw signal.reason ?? err;
          if (err instanceof KeptRefusal) return refused(err.message);
          if (err instanceof ZipFormatError) return refused(`it is not a zip that can be read: ${err.message}`);
          throw err;
        } finally {
          await reader?.close();
          await blob?.close();
        }
      };

      const first = await fetchOnce();
      if ('kind' in first) return first;
      // archive.zip came before its manifest (the toolkit's upload does not keep its files' order),
      // so the first fetch only counted it; now that the manifest is judged, fetch once more and
      // write it bounded by the manifest's bytes.
      const second = await fetchOnce(first);
      return 'kind' in second
        ? second
        : refused('its archive.zip was not written on a second fetch either; run again, and if it persists, report it');
    },
  };
}

/** Read past what GitHub lists before the fetch is refused: GitHub's size is the blob's, this is slack. */
const LISTED_MARGIN = 64 * 1024;

const refused = (why: string): FetchedArtifact => ({ kind: 'refused', why });

/** The hex of a listed `sha256:{hex}`; null for none, or a kind of digest this cannot check. */
function listedSha256(digest: string | null | undefined): string | null {
  const m = /^sha256:([0-9a-f]{64})$/i.exec(digest ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** What GitHub answered, and what to change: a token without `actions: read` is the usual cause. */
function refusal(err: unknown, request: string, doing: string, apiUrl?: string): string {
  return `could not ${doing}: ${request}: ${explainRefusal(err, 'actions: read', apiUrl)}`;
}
