/**
 * What makes a fetched kept archive safe to upload again (the signed manifest, then the zip), the
 * signature itself as the contract spells it, the `rollback` value, and the result's name.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manifestProblem, readManifest, rolledBackTo, zipProblem } from '../../src/release/keep/check-kept.js';
import type { KeptManifest } from '../../src/release/keep/artifact-name.js';
import { keptArchiveKey, keyMaterial, signManifest } from '../../src/release/keep/signature.js';
import { parseRollback } from '../../src/steps/rollback/rollback-value.js';

const ENV = '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
const SHA = 'c'.repeat(64);
const SCOPE = { account: 'acme', app: 'shop', environmentId: ENV };
const KEY = keptArchiveKey('user:pass', SCOPE);
const FIELDS: Omit<KeptManifest, 'mac'> = {
  version: 2,
  ...SCOPE,
  sha256: SHA,
  bytes: 10,
  runId: '555',
  repository: 'octo-org/shop',
  sha: 'a'.repeat(40),
  createdAt: '2026-11-01T00:00:00.000Z',
};
const MANIFEST = signManifest(KEY, FIELDS);
const WANT = { ...SCOPE, key: KEY };
const judge = (m: object | null, want = WANT) => {
  const read = readManifest(JSON.stringify(m));
  return 'problem' in read ? read.problem : manifestProblem(read, want);
};

describe('the signature', () => {
  it('is HMAC-SHA256 over the sorted JSON of every other field, keyed by HKDF of the key material', () => {
    // Spelled out with node:crypto alone, as another implementation would check it.
    const key = Buffer.from(hkdfSync('sha256', 'user:pass', 'headless-deploy/kept-archive/v2', `acme/shop/${ENV}`, 32));
    const sorted = Object.fromEntries(Object.entries(FIELDS).sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(MANIFEST.mac).toBe(createHmac('sha256', key).update(JSON.stringify(sorted)).digest('hex'));
  });

  it('is keyed by archive-key when set, else by {api-user-id}:{api-password}', () => {
    expect(keyMaterial(null, { userId: 'user', password: 'pass' })).toBe('user:pass');
    expect(keyMaterial('k-123', { userId: 'user', password: 'pass' })).toBe('k-123');
  });
});

describe('readManifest and manifestProblem', () => {
  it('trust what keep-archive writes', () => {
    expect(judge(MANIFEST)).toBeNull();
  });

  it.each([
    ['version 1 (unsigned)', { ...FIELDS, version: 1, mac: undefined }, /version 1, unsigned.*keep-archive: true/],
    ['another version', { ...MANIFEST, version: 3 }, /has version "3", not 2/],
    ['no mac', { ...MANIFEST, mac: undefined }, /lacks a field of version 2/],
    ['no account', { ...MANIFEST, account: undefined }, /lacks a field/],
    ['bytes as text', { ...MANIFEST, bytes: '10' }, /lacks a field/],
    ['a sha256 of another shape', { ...MANIFEST, sha256: SHA.toUpperCase() }, /lacks a field/],
    ['a sha256 with more after it', { ...MANIFEST, sha256: `${SHA}0` }, /lacks a field/],
    [
      'another environment',
      signManifest(KEY, { ...FIELDS, environmentId: `${ENV}x` }),
      /manifest is for .*environment ".*x"/,
    ],
    ['another account', signManifest(KEY, { ...FIELDS, account: 'other' }), /account "other"/],
    ['a field changed after signing', { ...MANIFEST, sha256: 'd'.repeat(64) }, /signature \(mac\) does not verify/],
    ['a field added after signing', { ...MANIFEST, note: 'x' }, /does not verify/],
    ['a forger’s key', signManifest(keptArchiveKey('forger', SCOPE), FIELDS), /does not verify.*archive-key/],
    [
      'the key before a password change (or before archive-key was set)',
      signManifest(keptArchiveKey('user:old-pass', SCOPE), FIELDS),
      /api-password or archive-key changed/,
    ],
    ['null', null, /not a JSON object/],
  ])('refuse %s', (_title, manifest, problem) => {
    expect(judge(manifest)).toMatch(problem);
  });

  it('refuse text that is not JSON', () => {
    expect(readManifest('{')).toEqual({ problem: expect.stringMatching(/is not JSON/) });
  });

  it('quote the manifest’s values, so a line break in them stays inside the message', () => {
    const problem = judge(signManifest(KEY, { ...FIELDS, app: 'shop\n::add-mask::x' }));
    expect(problem).toContain('app "shop\\u000a::add-mask::x"');
    expect(problem).not.toContain('\n');
  });
});

describe('zipProblem', () => {
  it.each([
    ['the zip recorded', { sha256: SHA, bytes: 10 }, null],
    ['another zip', { sha256: 'd'.repeat(64), bytes: 10 }, /has sha256 d{64}, but its manifest records c{64}/],
    ['a zip of another size', { sha256: SHA, bytes: 11 }, /has 11 bytes, but its manifest records 10/],
  ])('%s', (_title, zip, expected) => {
    const problem = zipProblem(MANIFEST, zip);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('names the result {run id}:{sha256}', () => {
    expect(rolledBackTo(555, SHA)).toBe(`555:${SHA}`);
  });
});

describe('parseRollback', () => {
  it.each([
    ['previous', { kind: 'previous' }],
    ['Previous', { kind: 'previous' }],
    [' 12345 ', { kind: 'run', runId: 12345 }],
    ['9007199254740991', { kind: 'run', runId: 9007199254740991 }],
  ])('%s', (value, want) => {
    expect(parseRollback(value)).toEqual(want);
  });

  it.each(['last', '0', '-1', '1.5', '012', '1e3', 'previous2', '12345678901234567'])('refuses %s', (value) => {
    expect(() => parseRollback(value)).toThrow(/is neither "previous" nor a workflow run id/);
  });
});
