/**
 * An artifact as keep-archive makes it, for the fake GitHub (scripts/fake-github.ts) to list and
 * serve: a zip holding the signed headless-deploy-manifest.json, first, and the app's zip as
 * archive.zip. Every part a forger would change is an option.
 */
import { createHash } from 'node:crypto';
import type { FakeArtifact } from '../../scripts/fake-github.js';
import { keptManifest } from './kept-manifest.js';
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
  /** Fields of the manifest to change after signing (a forger's edit). */
  manifest?: Record<string, unknown>;
  /** What the manifest is signed with; default the emulator's access. */
  keyMaterial?: string;
  /** Fields of the manifest to change before signing (a signed lie: the bytes of another zip). */
  signed?: Record<string, unknown>;
  /** Listed as made by a run of another repository (a fork's pull request). */
  fromFork?: boolean;
  /** The size GitHub lists, when not the artifact's own. */
  listedBytes?: number;
  /** archive.zip before the manifest, as versions before the signed manifest kept it. */
  archiveFirst?: boolean;
  /** Default: the artifact's true digest. */
  digest?: string;
}

export function keptArtifact(k: KeptArtifact): FakeArtifact {
  const manifest = {
    ...keptManifest({
      app: k.app,
      environmentId: k.environmentId,
      zip: k.zip,
      runId: String(k.runId),
      ...(k.keyMaterial ? { keyMaterial: k.keyMaterial } : {}),
      ...(k.signed ? { fields: k.signed } : {}),
    }),
    ...k.manifest,
  };
  const entries = [
    { name: 'headless-deploy-manifest.json', data: `${JSON.stringify(manifest, null, 2)}\n` },
    { name: 'archive.zip', data: k.zip },
  ];
  const bytes = storedZip(k.archiveFirst ? entries.reverse() : entries);
  return {
    id: k.id,
    name: k.name ?? `headless-deploy-${k.app}-${k.environmentId}`,
    runId: k.runId,
    createdAt: k.createdAt ?? new Date(Date.UTC(2026, 10, 1) + k.id * 60_000).toISOString(),
    expired: false,
    digest: k.digest ?? `sha256:${sha256(bytes)}`,
    bytes,
    ...(k.fromFork ? { headRepositoryId: 99 } : {}),
    ...(k.listedBytes !== undefined ? { listedBytes: k.listedBytes } : {}),
  };
}
