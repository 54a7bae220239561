/** What makes a fetched kept archive safe to upload again, the `rollback` value, and the result's name. */
import { describe, expect, it } from 'vitest';
import { keptProblem, readManifest, rolledBackTo } from '../../src/release/keep/check-kept.js';
import type { KeptManifest } from '../../src/release/keep/artifact-name.js';
import { parseRollback } from '../../src/steps/rollback/rollback-value.js';

const ENV = '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
const SHA = 'c'.repeat(64);
const MANIFEST: KeptManifest = { version: 1, app: 'shop', environmentId: ENV, sha256: SHA, bytes: 10, runId: '555' };

describe('readManifest', () => {
  it('reads what keep-archive writes', () => {
    expect(readManifest(JSON.stringify(MANIFEST, null, 2))).toEqual(MANIFEST);
  });

  it.each([
    ['not JSON', '{', /is not JSON/],
    ['another version', JSON.stringify({ ...MANIFEST, version: 2 }), /has version 2, not 1/],
    ['no app', JSON.stringify({ ...MANIFEST, app: undefined }), /names no app or environment id/],
    ['no environment', JSON.stringify({ ...MANIFEST, environmentId: 7 }), /names no app or environment id/],
    ['no sha256', JSON.stringify({ ...MANIFEST, sha256: undefined }), /records no sha256/],
    ['a sha256 of another shape', JSON.stringify({ ...MANIFEST, sha256: SHA.toUpperCase() }), /records no sha256/],
    ['a sha256 with more before it', JSON.stringify({ ...MANIFEST, sha256: `0${SHA}` }), /records no sha256/],
    ['a sha256 with more after it', JSON.stringify({ ...MANIFEST, sha256: `${SHA}0` }), /records no sha256/],
    ['null', 'null', /has version undefined/],
  ])('refuses %s', (_title, text, problem) => {
    const m = readManifest(text);
    expect('problem' in m && m.problem).toMatch(problem);
  });
});

describe('keptProblem', () => {
  const facts = { app: 'shop', environmentId: ENV, sha256: SHA };
  it.each([
    ['the same app, environment and sha256', MANIFEST, facts, null],
    [
      'another environment',
      { ...MANIFEST, environmentId: `${ENV.slice(0, -1)}6` },
      facts,
      /manifest is for app "shop" environment ".*6", not app "shop" environment .*5/,
    ],
    ['another app', { ...MANIFEST, app: 'shopx' }, facts, /manifest is for app "shopx"/],
    [
      'a zip that is not the one recorded',
      MANIFEST,
      { ...facts, sha256: 'd'.repeat(64) },
      /has sha256 d{64}, but its manifest records c{64}/,
    ],
  ])('%s', (_title, manifest, f, expected) => {
    const problem = keptProblem(manifest as KeptManifest, f);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('quotes the manifest’s values, so a line break in them stays inside the message', () => {
    const problem = keptProblem({ ...MANIFEST, app: 'shop\n::add-mask::x' }, facts);
    expect(problem).toContain('manifest is for app "shop\\n::add-mask::x"');
    expect(problem).not.toContain('\n');
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
