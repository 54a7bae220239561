/**
 * The signature of a kept archive's manifest. The key is derived per app and environment with
 * HKDF-SHA256 from `archive-key` when set, else from `{api-user-id}:{api-password}`: only a run
 * that could deploy to the environment anyway can make an archive its rollback will upload. The
 * MAC is HMAC-SHA256 over the JSON of every field but `mac`, keys sorted, no spaces, so any
 * implementation can check it. Changing the password (without `archive-key`) makes the archives
 * kept before it unverifiable: that is the price of keying from the credentials.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { KeptManifest } from './artifact-name.js';

const SALT = 'headless-deploy/kept-archive/v2';

export interface KeyScope {
  readonly account: string;
  readonly app: string;
  readonly environmentId: string;
}

/** The 32-byte key of one app's environment. `ikm`: archive-key, or `{user id}:{password}`. */
export function keptArchiveKey(ikm: string, scope: KeyScope): Buffer {
  const info = `${scope.account}/${scope.app}/${scope.environmentId}`;
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(ikm, 'utf8'), Buffer.from(SALT, 'utf8'), Buffer.from(info, 'utf8'), 32),
  );
}

/** What is signed: every field but `mac`, keys in sorted order, `JSON.stringify` without spaces. */
export function signedText(fields: Readonly<Record<string, unknown>>): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(fields).sort()) if (key !== 'mac') sorted[key] = fields[key];
  return JSON.stringify(sorted);
}

export function macOf(key: Buffer, fields: Readonly<Record<string, unknown>>): string {
  return createHmac('sha256', key).update(signedText(fields), 'utf8').digest('hex');
}

export function signManifest(key: Buffer, fields: Omit<KeptManifest, 'mac'>): KeptManifest {
  return { ...fields, mac: macOf(key, fields) };
}

/**
 * Whether `mac` signs `fields` under `key`, compared in constant time. `fields` are the manifest as
 * read (every field it holds, unknown ones included, so nothing unsigned rides along).
 */
export function macVerifies(key: Buffer, fields: Readonly<Record<string, unknown>>, mac: string): boolean {
  const want = Buffer.from(macOf(key, fields), 'hex');
  const got = /^[0-9a-f]{64}$/.test(mac) ? Buffer.from(mac, 'hex') : Buffer.alloc(0);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** What the key is derived from: `archive-key` when set, else the deploy credentials. */
export function keyMaterial(
  archiveKey: string | null,
  credentials: { userId: string; password: string } | null,
): string {
  return archiveKey ?? `${credentials?.userId ?? ''}:${credentials?.password ?? ''}`;
}
