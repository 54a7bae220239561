/**
 * What makes a fetched kept archive safe to upload again, and how the result is named. Pure, so
 * each rule is a row of a table test. The manifest must be version 2 (signed; version 1 was not),
 * name this account, app and environment, carry a MAC that verifies with this run's key, and
 * record the sha256 and size of the zip that came with it. An archive that fails any rule is
 * never uploaded. The manifest is outside text: what is quoted from it is JSON-quoted and cut.
 */
import { quoteUntrusted } from '../../api/url.js';
import { MANIFEST_FILE, type KeptManifest } from './artifact-name.js';
import { macVerifies, type KeyScope } from './signature.js';

const SHA256 = /^[0-9a-f]{64}$/;

const nullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** The manifest read from its text, with every field it holds (for the MAC), or why it cannot be used. */
export function readManifest(
  text: string,
):
  | { readonly manifest: KeptManifest; readonly fields: Readonly<Record<string, unknown>> }
  | { readonly problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: `${MANIFEST_FILE} is not JSON` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { problem: `${MANIFEST_FILE} is not a JSON object` };
  }
  const m = value as Partial<Record<keyof KeptManifest, unknown>>;
  if (m.version === 1) {
    return {
      problem: `its ${MANIFEST_FILE} is version 1, unsigned (kept by an older version of headless-deploy), and a rollback uploads only signed archives: deploy once with keep-archive: true to keep a signed one`,
    };
  }
  if (m.version !== 2)
    return { problem: `${MANIFEST_FILE} has version ${quoteUntrusted(String(m.version), 20)}, not 2` };
  const complete =
    typeof m.account === 'string' &&
    typeof m.app === 'string' &&
    typeof m.environmentId === 'string' &&
    typeof m.sha256 === 'string' &&
    SHA256.test(m.sha256) &&
    typeof m.bytes === 'number' &&
    Number.isSafeInteger(m.bytes) &&
    m.bytes >= 0 &&
    nullableString(m.runId) &&
    nullableString(m.repository) &&
    nullableString(m.sha) &&
    typeof m.createdAt === 'string' &&
    typeof m.mac === 'string';
  if (!complete) {
    return { problem: `${MANIFEST_FILE} lacks a field of version 2, or holds one of the wrong type` };
  }
  return { manifest: value as KeptManifest, fields: value as Record<string, unknown> };
}

/** What this run rolls back: its key and the names the manifest must hold. */
export interface KeptExpectation extends KeyScope {
  readonly key: Buffer;
}

/**
 * Null when the manifest may be trusted; otherwise which check failed, in words. Checked before
 * archive.zip is fetched: a manifest that fails here costs no more than itself.
 */
export function manifestProblem(
  read: { readonly manifest: KeptManifest; readonly fields: Readonly<Record<string, unknown>> },
  want: KeptExpectation,
): string | null {
  const m = read.manifest;
  if (m.account !== want.account || m.app !== want.app || m.environmentId !== want.environmentId) {
    return `its manifest is for account ${quoteUntrusted(m.account, 80)} app ${quoteUntrusted(m.app, 80)} environment ${quoteUntrusted(m.environmentId, 80)}, not account "${want.account}" app "${want.app}" environment ${want.environmentId}`;
  }
  if (!macVerifies(want.key, read.fields, m.mac)) {
    return "its signature (mac) does not verify with this run's key: it was not kept by a run holding these deploy credentials, or the api-password or archive-key changed since it was kept (set archive-key to the key in force then to use it)";
  }
  return null;
}

/** Null when the zip fetched is the one the manifest records; otherwise why not. */
export function zipProblem(
  manifest: KeptManifest,
  zip: { readonly sha256: string; readonly bytes: number },
): string | null {
  if (manifest.bytes !== zip.bytes) {
    return `the zip fetched has ${zip.bytes} bytes, but its manifest records ${manifest.bytes}: it is not the archive that was kept`;
  }
  if (manifest.sha256 !== zip.sha256) {
    return `the zip fetched has sha256 ${zip.sha256}, but its manifest records ${manifest.sha256}: it is not the archive that was kept`;
  }
  return null;
}

/** The `rolled-back-to` output: `{run id}:{sha256}`. */
export function rolledBackTo(runId: number | string, sha256: string): string {
  return `${runId}:${sha256}`;
}
