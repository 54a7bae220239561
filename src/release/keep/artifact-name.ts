/**
 * What a kept archive is called and what travels with it. The artifact's name says whose it is
 * (`headless-deploy-{app}-{environment-id}`); the manifest inside it, next to the zip, records
 * the zip's sha256 (an artifact's name cannot hold it), so a rollback can check the zip it
 * fetched is the one that was deployed before uploading it again.
 */
export const ARCHIVE_FILE = 'archive.zip';
export const MANIFEST_FILE = 'headless-deploy-manifest.json';

export function artifactName(app: string, environmentId: string): string {
  return `headless-deploy-${app}-${environmentId}`;
}

export interface KeptManifest {
  readonly version: 1;
  readonly app: string;
  readonly environmentId: string;
  readonly sha256: string;
  readonly bytes: number;
  /** GITHUB_RUN_ID of the run that kept it, when known. */
  readonly runId: string | null;
}
