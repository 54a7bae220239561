/**
 * Kept archives on GitHub: the artifact listing by name (`GET /repos/{o}/{r}/actions/artifacts?name=…`,
 * every page), and the download of one artifact with @actions/artifact's own client, which asks
 * `GET …/actions/artifacts/{id}/zip` without following its redirect, then fetches the blob the
 * redirect names without GitHub's token, and hashes what it fetched. Both need the token's
 * `actions: read`; a refusal says so.
 */
import { DefaultArtifactClient } from '@actions/artifact';
import type { ListedArtifact } from './pick-kept.js';
import { explainRefusal, loadOctokit, repoOf, type Octokit } from './octokit.js';

export interface KeptArchivesOptions {
  token: string;
  /** owner/repo (GITHUB_REPOSITORY). */
  repository: string;
  apiUrl?: string;
  fetch?: typeof fetch;
}

export interface DownloadedArtifact {
  /** True when GitHub gave a digest and the artifact fetched does not match it. */
  readonly digestMismatch: boolean;
}

export interface KeptArchives {
  /** Every artifact named exactly `name`, as GitHub lists them (all pages). */
  list(name: string, signal?: AbortSignal): Promise<ListedArtifact[]>;
  /** Fetches artifact `a` and unpacks it into `dir`. */
  download(a: ListedArtifact, dir: string): Promise<DownloadedArtifact>;
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

    async download(a, dir) {
      const { owner, repo: repoName } = repo();
      try {
        const result = await new DefaultArtifactClient().downloadArtifact(a.id, {
          path: dir,
          ...(a.digest ? { expectedHash: a.digest } : {}),
          findBy: {
            token: o.token,
            workflowRunId: a.workflow_run?.id ?? 0,
            repositoryOwner: owner,
            repositoryName: repoName,
          },
        });
        return { digestMismatch: result.digestMismatch === true };
      } catch (err) {
        throw new Error(
          refusal(
            err,
            `GET /repos/${owner}/${repoName}/actions/artifacts/${a.id}/zip`,
            `fetch artifact ${a.id}`,
            o.apiUrl,
          ),
        );
      }
    },
  };
}

/** What GitHub answered, and what to change: a token without `actions: read` is the usual cause. */
function refusal(err: unknown, request: string, doing: string, apiUrl?: string): string {
  return `could not ${doing}: ${request}: ${explainRefusal(err, 'actions: read', apiUrl)}`;
}
