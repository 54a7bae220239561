/** When a deploy is skipped as unchanged (src/steps/deploy/skip-decision.ts): every asked check must hold. */
import { describe, expect, it } from 'vitest';
import { decideSkip, type SkipFacts } from '../../src/steps/deploy/skip-decision.js';
import type { LastDeployment } from '../../src/github/last-deployment.js';

const D = `sha256:${'ab'.repeat(32)}`;
const OTHER = `sha256:${'cd'.repeat(32)}`;
const LAST: LastDeployment = {
  id: 7,
  state: 'success',
  payload: { contentDigest: D, archiveSha256: 'f'.repeat(64), environmentId: 'env-1' },
  logUrl: 'https://github.com/o/r/actions/runs/1',
  createdAt: null,
};
const BASE: SkipFacts = { digest: D, skipIfDigest: null, last: LAST, environmentId: 'env-1', envVarsChange: false };
const last = (over: Partial<LastDeployment>) => ({ ...BASE, last: { ...LAST, ...over } });

describe('decideSkip', () => {
  it.each<[string, SkipFacts, RegExp | null]>([
    ['same digest, success, same environment', BASE, null],
    ['skip-if-digest equal, no GitHub check', { ...BASE, last: undefined, skipIfDigest: D } as SkipFacts, null],
    [
      'skip-if-digest differs',
      { ...BASE, last: undefined, skipIfDigest: OTHER } as SkipFacts,
      /differs from skip-if-digest/,
    ],
    ['both asked, one fails', { ...BASE, skipIfDigest: OTHER }, /skip-if-digest/],
    ['another digest live', last({ payload: { ...LAST.payload, contentDigest: OTHER } }), /another content digest/],
    [
      'another environment id',
      last({ payload: { ...LAST.payload, environmentId: 'env-2' } }),
      /another environment id/,
    ],
    ['the last deployment failed', last({ state: 'failure' }), /\(7\) is "failure", not success/],
    ['the newest is still in progress', last({ state: 'in_progress' }), /not success/],
    ['a deployment without status', last({ state: null }), /without a status/],
    ['no deployment known', { ...BASE, last: null }, /no GitHub Deployment/],
    [
      'a payload another tool wrote',
      last({ payload: { contentDigest: null, archiveSha256: null, environmentId: null } }),
      /another environment id/,
    ],
    ['env-vars would change something', { ...BASE, envVarsChange: true }, /env-vars/],
    ['the environment does not exist', { ...BASE, environmentId: null }, /does not exist/],
  ])('%s', (_, facts, why) => {
    expect(decideSkip(facts)).toEqual(why ? { skip: false, why: expect.stringMatching(why) } : { skip: true });
  });
});
