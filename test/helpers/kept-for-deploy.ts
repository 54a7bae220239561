/**
 * GitHub as a deploy with `rollback-on-failure` (or the rollback step) sees it, in memory: the
 * archives earlier runs kept for one environment, their bytes and manifests, and the GitHub
 * Deployment statuses the run records. Each part can fail as GitHub would.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeploymentState } from '../../src/github/deployment.js';
import type { GithubServices } from '../../src/github/services.js';
import type { ListedArtifact } from '../../src/steps/deploy/keep/pick-kept.js';

export interface KeptArchive {
  readonly runId: number;
  /** The app's zip the run kept. */
  readonly zip: Buffer;
}

export interface KeptOnGithub {
  readonly app: string;
  readonly environmentId: string;
  /** Oldest first. */
  readonly archives: readonly KeptArchive[];
  /** This run's id (default: one after the newest archive's). */
  readonly runId?: number;
  /** The listing fails with this. */
  readonly listError?: Error;
  /** Called as the listing starts (a test cancels the run there). */
  readonly onList?: () => void;
  /** The download does not match the digest GitHub lists. */
  readonly digestMismatch?: boolean;
}

export const sha256Hex = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** The services, and what was recorded: each Deployment status as `state: description`, then ` <url>` when given. */
export function keptOnGithub(o: KeptOnGithub): { github: GithubServices; statuses: string[] } {
  const name = `headless-deploy-${o.app}-${o.environmentId}`;
  const listing: ListedArtifact[] = o.archives.map((a, i) => ({
    id: 9000 + i,
    name,
    expired: false,
    created_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
    workflow_run: { id: a.runId },
    digest: null,
  }));
  const statuses: string[] = [];
  const github = {
    runId: o.runId ?? (o.archives.at(-1)?.runId ?? 700) + 1,
    startDeployment: async () => ({
      status: async (state: DeploymentState, description: string, url?: string) =>
        void statuses.push(`${state}: ${description}${url ? ` <${url}>` : ''}`),
    }),
    kept: {
      list: async (wanted: string) => {
        o.onList?.();
        if (o.listError) throw o.listError;
        return listing.filter((a) => a.name === wanted);
      },
      download: async (a: ListedArtifact, dir: string) => {
        const kept = o.archives[a.id - 9000]!;
        writeFileSync(join(dir, 'archive.zip'), kept.zip);
        const manifest = {
          version: 1,
          app: o.app,
          environmentId: o.environmentId,
          sha256: sha256Hex(kept.zip),
          bytes: kept.zip.length,
          runId: String(kept.runId),
        };
        writeFileSync(join(dir, 'headless-deploy-manifest.json'), JSON.stringify(manifest));
        return { digestMismatch: o.digestMismatch ?? false };
      },
    },
  } as Partial<GithubServices> as GithubServices;
  return { github, statuses };
}
