/**
 * An artifact as keep-archive makes it, for the fake GitHub (scripts/fake-github.ts) to list and
 * serve: a zip holding the app's zip as archive.zip and its headless-deploy-manifest.json.
 */
import { createHash } from 'node:crypto';
import type { FakeArtifact } from '../../scripts/fake-github.js';
import { storedZip } from './stored-zip.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export interface KeptArtifact {
  id: number;
  runId: number;
  app: string;
  environmentId: string;
  /** The app's zip (archive.zip). */
  zip: Buffer;
  /** Default `headless-deploy-{app}-{environmentId}`. */
  name?: string;
  /** Default: one minute after 2026-11-01 per id. */
  createdAt?: string;
  /** Fields of the manifest to change. */
  manifest?: Record<string, unknown>;
  /** Default: the artifact's true digest. */
  digest?: string;
}

export function keptArtifact(k: KeptArtifact): FakeArtifact {
  const manifest = {
    version: 1,
    app: k.app,
    environmentId: k.environmentId,
    sha256: sha256(k.zip),
    bytes: k.zip.length,
    runId: String(k.runId),
    ...k.manifest,
  };
  const bytes = storedZip([
    { name: 'archive.zip', data: k.zip },
    { name: 'headless-deploy-manifest.json', data: `${JSON.stringify(manifest, null, 2)}\n` },
  ]);
  return {
    id: k.id,
    name: k.name ?? `headless-deploy-${k.app}-${k.environmentId}`,
    runId: k.runId,
    createdAt: k.createdAt ?? new Date(Date.UTC(2026, 10, 1) + k.id * 60_000).toISOString(),
    expired: false,
    digest: k.digest ?? `sha256:${sha256(bytes)}`,
    bytes,
  };
}
