/**
 * What a kept archive is called and what travels with it. The artifact's name says which app and
 * environment it is for (`headless-deploy-{app}-{environment-id}`), but proves nothing: any run
 * that can upload an artifact, a pull request's included, can give one that name. The manifest
 * inside it, the artifact's first entry, records the zip's sha256 and size and where it was made,
 * signed (signature.ts) with a key only a run holding the deploy credentials (or `archive-key`)
 * has; a rollback uploads only an archive whose signature and zip check out.
 */
export const ARCHIVE_FILE = 'archive.zip';
export const MANIFEST_FILE = 'headless-deploy-manifest.json';

export function artifactName(app: string, environmentId: string): string {
  return `headless-deploy-${app}-${environmentId}`;
}

/** The signed fields; `mac` signs every other one. */
export interface KeptManifest {
  readonly version: 2;
  readonly account: string;
  readonly app: string;
  readonly environmentId: string;
  /** Hex sha256 and size of archive.zip. */
  readonly sha256: string;
  readonly bytes: number;
  /** GITHUB_RUN_ID, GITHUB_REPOSITORY and GITHUB_SHA of the run that kept it; null where unknown. */
  readonly runId: string | null;
  readonly repository: string | null;
  readonly sha: string | null;
  /** ISO time. */
  readonly createdAt: string;
  /** Lower-case hex HMAC-SHA256 (signature.ts). */
  readonly mac: string;
}
