/**
 * What makes a fetched kept archive safe to upload again, and how the result is named. Pure, so
 * each rule is a row of a table test: the manifest must be ours (version 1), name the same app
 * and environment as the artifact's name, and record the sha256 of the zip that came with it.
 * An archive that fails any rule is never uploaded.
 */
import { artifactName, MANIFEST_FILE, type KeptManifest } from './artifact-name.js';

const SHA256 = /^[0-9a-f]{64}$/;

/** The manifest read from its text, or why it cannot be used. */
export function readManifest(text: string): KeptManifest | { readonly problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: `${MANIFEST_FILE} is not JSON` };
  }
  const m = (value ?? {}) as Partial<Record<keyof KeptManifest, unknown>>;
  if (m.version !== 1) return { problem: `${MANIFEST_FILE} has version ${JSON.stringify(m.version)}, not 1` };
  if (typeof m.app !== 'string' || typeof m.environmentId !== 'string') {
    return { problem: `${MANIFEST_FILE} names no app or environment id` };
  }
  if (typeof m.sha256 !== 'string' || !SHA256.test(m.sha256)) {
    return { problem: `${MANIFEST_FILE} records no sha256` };
  }
  return {
    version: 1,
    app: m.app,
    environmentId: m.environmentId,
    sha256: m.sha256,
    bytes: typeof m.bytes === 'number' ? m.bytes : 0,
    runId: typeof m.runId === 'string' ? m.runId : null,
  };
}

export interface KeptFacts {
  /** The app and environment id being rolled back. */
  readonly app: string;
  readonly environmentId: string;
  /** The sha256 of the archive.zip fetched, computed here. */
  readonly sha256: string;
}

/** Null when the archive may be uploaded again; otherwise why not, in words. */
export function keptProblem(manifest: KeptManifest, facts: KeptFacts): string | null {
  if (manifest.app !== facts.app || manifest.environmentId !== facts.environmentId) {
    // JSON-quoted: the manifest is outside text, and a line break in it must not start a log line of its own.
    return `its manifest is for app ${JSON.stringify(manifest.app)} environment ${JSON.stringify(manifest.environmentId)}, not app "${facts.app}" environment ${facts.environmentId} (${artifactName(facts.app, facts.environmentId)})`;
  }
  if (manifest.sha256 !== facts.sha256) {
    return `the zip fetched has sha256 ${facts.sha256}, but its manifest records ${manifest.sha256}: it is not the archive that was deployed`;
  }
  return null;
}

/** The `rolled-back-to` output: `{run id}:{sha256}`. */
export function rolledBackTo(runId: number | string, sha256: string): string {
  return `${runId}:${sha256}`;
}
