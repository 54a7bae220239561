/** skip-without-credentials: exactly when a run is skipped instead of failing. */
import { describe, expect, it } from 'vitest';
import { inputProblems } from '../helpers/step-context.js';
import { readInputs } from '../../src/engine/inputs.js';

type Values = Record<string, string>;
const CREDS: Values = { 'api-user-id': 'u', 'api-password': 'p' };
const DEPLOY: Values = {
  'headless-api-url': 'https://headless.example.com',
  account: 'demo',
  app: 'shop',
  environment: 'pr-1',
  'skip-without-credentials': 'true',
};

function read(values: Values) {
  return readInputs((n) => values[n] ?? '', '/ws');
}
const problems = (values: Values) => inputProblems(values);

describe('skip-without-credentials', () => {
  it('skips a deploy whose credentials are both empty, naming them', () => {
    const inputs = read(DEPLOY);
    expect(inputs.steps).toEqual([]);
    expect(inputs.skipped).toContain('"api-user-id", "api-password" are empty and deploy needs them');
  });

  it('skips a delete the same way', () => {
    expect(read({ ...DEPLOY, 'delete-environment': 'true' }).skipped).toContain('delete needs them');
  });

  it('does not skip when the credentials are given', () => {
    const inputs = read({ ...DEPLOY, ...CREDS });
    expect(inputs.skipped).toBeNull();
    expect(inputs.steps.map((s) => s.name)).toEqual(['deploy']);
  });

  it('does not skip when only one is empty: that is a mistake, reported as one', () => {
    expect(problems({ ...DEPLOY, 'api-user-id': 'u' })).toEqual([
      'input "api-password" is required by deploy; set it from a secret',
    ]);
  });

  it('is off by default', () => {
    expect(problems({ ...DEPLOY, 'skip-without-credentials': '' })).toHaveLength(2);
  });

  it('skips a webhook by parts without its token, but not one whose token is given', () => {
    const hook = { ...DEPLOY, app: 'shop', deploy: 'false', webhook: 'purge-cache' };
    expect(read(hook).skipped).toContain('"webhook-token" is empty');
    expect(
      read({ ...hook, 'webhook-token': 't', environment: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015' }).skipped,
    ).toBeNull();
  });

  it('skips when an empty webhook-url secret leaves no step at all, and only when every secret is empty', () => {
    const none = { 'skip-without-credentials': 'true' };
    expect(read(none).skipped).toContain('no step can run');
    expect(problems({ ...none, 'api-user-id': 'u' })[0]).toContain('nothing would run');
  });

  it('needs both credentials when deploy and a webhook by parts run, and skips when all three are empty', () => {
    const both = { ...DEPLOY, deploy: 'true', webhook: 'rebuild' };
    expect(read(both).skipped).toContain(
      '"api-user-id", "api-password", "webhook-token" are empty and deploy and webhook needs them',
    );
    expect(problems({ ...both, 'webhook-token': 't' })).toHaveLength(2);
  });

  it('still reports every other input problem', () => {
    expect(problems({ ...DEPLOY, timeout: 'soon' })).toEqual([
      'input "timeout": "soon" is not a duration; use 90s, 15m, 1h or seconds',
    ]);
  });
});
