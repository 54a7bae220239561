/**
 * GitHub as the rollback step, or a deploy with `rollback-on-failure`, sees it, in memory: the
 * archives keep-archive kept for one environment (artifacts `headless-deploy-{app}-{environment
 * id}`, one per run, one minute apart, the last run's newest), what fetching each gives (its
 * signed manifest, judged by the caller's bounds as the real fetch does, then archive.zip), and the
 * GitHub Deployment statuses the run records. Every way a fetched artifact can be wrong is an
 * option, so a test can check that nothing is uploaded. (The real fetch and its bounds against a
 * served artifact: test/integration/kept-archives.test.ts.)
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeploymentState } from '../../src/github/deployment.js';
import type { GithubServices } from '../../src/github/services.js';
import type { ListedArtifact } from '../../src/github/pick-kept.js';
import type { FetchBounds } from '../../src/github/kept-archives.js';
import { storedZip } from './stored-zip.js';
import { keptManifest } from './kept-manifest.js';

export const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** An app zip that builds (package.json at its root). */
export const KEPT_ZIP = storedZip([
  { name: 'package.json', data: '{"name":"web","private":true}\n' },
  { name: 'index.html', data: '<h1>kept</h1>\n' },
]);

export interface KeptOptions {
  app: string;
  environmentId: string;
  /** The runs that kept an archive, oldest first; default 700 and 701. */
  runs?: readonly (number | null)[];
  /** Instead of runs and zip: each kept archive with its own zip, oldest first. */
  archives?: readonly { runId: number; zip: Buffer }[];
  /** This run's id (GITHUB_RUN_ID); default one after the newest run, and at least 702. */
  runId?: number;
  /** The app zip each artifact holds; default KEPT_ZIP. */
  zip?: Buffer;
  /** Changes the manifest after it was signed (a tampered one). */
  manifest?: (m: Record<string, unknown>) => unknown;
  /** Fields changed before signing, and the key material signed with (default the emulator's access). */
  signedFields?: Record<string, unknown>;
  keyMaterial?: string;
  /** Listed as made by a run of another repository (a fork's pull request), by artifact index. */
  fromFork?: readonly number[];
  /** What fetching writes instead of the manifest (not JSON, say). */
  manifestText?: string;
  /** A file the artifact lacks. */
  lacks?: 'archive.zip' | 'manifest';
  digestMismatch?: boolean;
  /** Called as the listing starts (a test cancels the run there). */
  onList?: () => void;
  /** Thrown by the listing, or by the fetch. */
  listError?: Error;
  downloadError?: Error;
  /** Artifacts listed without a creation time. */
  noCreatedAt?: boolean;
}

export interface KeptOnGithub {
  github: GithubServices;
  name: string;
  /** The artifact ids fetched, in order. */
  fetched: number[];
  /** How many times the listing was asked. */
  listed: number;
  /** Each GitHub Deployment status recorded, as `state: description`, then ` <url>` when given. */
  statuses: string[];
}

export function keptOnGithub(o: KeptOptions): KeptOnGithub {
  const name = `headless-deploy-${o.app}-${o.environmentId}`;
  const runs = o.archives?.map((a) => a.runId) ?? o.runs ?? [700, 701];
  const zipOf = (i: number): Buffer => o.archives?.[i]?.zip ?? o.zip ?? KEPT_ZIP;
  const listing: ListedArtifact[] = runs.map((runId, i) => ({
    id: 9000 + i,
    name,
    expired: false,
    created_at: o.noCreatedAt ? null : new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    workflow_run:
      runId === null ? null : { id: runId, repository_id: 1, head_repository_id: o.fromFork?.includes(i) ? 2 : 1 },
    digest: o.digestMismatch ? `sha256:${'0'.repeat(64)}` : null,
  }));
  const state: KeptOnGithub = {
    name,
    fetched: [],
    listed: 0,
    statuses: [],
    github: {
      runId: o.runId ?? Math.max(701, ...runs.map((r) => r ?? 0)) + 1,
      startDeployment: async () => ({
        status: async (status: DeploymentState, description: string, url?: string) =>
          void state.statuses.push(`${status}: ${description}${url ? ` <${url}>` : ''}`),
      }),
      kept: {
        list: async (asked: string) => {
          state.listed += 1;
          o.onList?.();
          if (o.listError) throw o.listError;
          return listing.filter((a) => a.name === asked);
        },
        download: async (a: ListedArtifact, dir: string, bounds: FetchBounds) => {
          state.fetched.push(a.id);
          if (o.downloadError) throw o.downloadError;
          if (o.digestMismatch) return { kind: 'refused', why: 'it does not match the digest GitHub lists' };
          const zip = zipOf(a.id - 9000);
          const manifest = keptManifest({
            app: o.app,
            environmentId: o.environmentId,
            zip,
            runId: String(a.workflow_run?.id ?? 'unknown'),
            ...(o.keyMaterial ? { keyMaterial: o.keyMaterial } : {}),
            ...(o.signedFields ? { fields: o.signedFields } : {}),
          });
          const manifestText = o.manifestText ?? JSON.stringify(o.manifest ? o.manifest(manifest) : manifest);
          if (o.lacks === 'manifest') return { kind: 'refused', why: 'it holds no headless-deploy-manifest.json' };
          const allowed = bounds.archiveBytes(manifestText);
          if (typeof allowed !== 'number') return { kind: 'refused', why: allowed.problem };
          if (o.lacks === 'archive.zip') return { kind: 'refused', why: 'it holds no archive.zip' };
          if (zip.length > allowed) return { kind: 'refused', why: 'archive.zip is larger than its manifest says' };
          const zipPath = join(dir, 'archive.zip');
          writeFileSync(zipPath, zip);
          return { kind: 'fetched', manifestText, zipPath, zipBytes: zip.length };
        },
      },
    } as Partial<GithubServices> as GithubServices,
  };
  return state;
}
