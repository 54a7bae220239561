/**
 * A kept archive's manifest as keep-archive writes it (version 2, signed), for the fakes of
 * GitHub's artifacts: signed with the key of the emulator's access (demo-user:demo-password)
 * unless a test signs with another (a forger's, a rotated password's).
 */
import { createHash } from 'node:crypto';
import { keptArchiveKey, signManifest } from '../../src/release/keep/signature.js';

export const DEMO_KEY_MATERIAL = 'demo-user:demo-password';

export interface ManifestOf {
  account?: string;
  app: string;
  environmentId: string;
  zip: Buffer;
  runId: string | null;
  /** What the key is derived from; default the emulator's access. */
  keyMaterial?: string;
  /** Fields changed before signing (a signature over them stays valid). */
  fields?: Record<string, unknown>;
}

export function keptManifest(o: ManifestOf): Record<string, unknown> {
  const account = o.account ?? 'demo';
  const fields = {
    version: 2 as const,
    account,
    app: o.app,
    environmentId: o.environmentId,
    sha256: createHash('sha256').update(o.zip).digest('hex'),
    bytes: o.zip.length,
    runId: o.runId,
    repository: 'octo-org/shop',
    sha: 'a'.repeat(40),
    createdAt: '2026-11-01T00:00:00.000Z',
    ...o.fields,
  };
  const key = keptArchiveKey(o.keyMaterial ?? DEMO_KEY_MATERIAL, {
    account,
    app: o.app,
    environmentId: o.environmentId,
  });
  return signManifest(key, fields as Parameters<typeof signManifest>[1]) as unknown as Record<string, unknown>;
}
