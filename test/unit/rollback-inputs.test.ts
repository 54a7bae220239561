/** The rollback step's row and `rollback-on-failure` in the deploy's: what they choose, need and refuse. */
import { describe, expect, it } from 'vitest';
import { readInputs, stepInputs } from '../../src/engine/inputs.js';
import { inputProblems } from '../helpers/step-context.js';

type Values = Record<string, string>;
const BASE: Values = {
  'api-user-id': 'u',
  'api-password': 'p',
  'headless-api-url': 'https://headless.example.com',
  'github-token': 'ghs_token',
  account: 'demo',
  app: 'shop',
  environment: 'production',
};
const ROLLBACK: Values = { ...BASE, rollback: 'previous' };

const read = (values: Values) => readInputs((n) => values[n] ?? '', '/ws');

describe('rollback inputs', () => {
  it('chooses the rollback alone: app and environment name what to roll back, not a deploy', () => {
    const inputs = read(ROLLBACK);
    expect(inputs.steps.map((s) => s.name)).toEqual(['rollback']);
    expect(stepInputs(inputs, 'rollback')!.want).toEqual({ kind: 'previous' });
    expect(stepInputs(read({ ...BASE, rollback: '4242' }), 'rollback')!.want).toEqual({ kind: 'run', runId: 4242 });
  });

  it('refuses a value that is neither previous nor a run id, naming the input', () => {
    expect(inputProblems({ ...BASE, rollback: 'yesterday' })).toEqual([
      'input "rollback": "yesterday" is neither "previous" nor a workflow run id (a positive whole number, as in the run\'s URL .../actions/runs/{id})',
    ]);
  });

  it('runs alone', () => {
    expect(inputProblems({ ...ROLLBACK, deploy: 'true' })).toEqual([
      'the rollback step runs alone, but the inputs also ask for deploy; run them in separate steps of the workflow',
    ]);
  });

  it('needs the environment and github-token', () => {
    expect(inputProblems({ ...ROLLBACK, environment: '', 'github-token': '' })).toEqual([
      expect.stringMatching(/^input "environment" is required by rollback/),
      expect.stringMatching(/^input "github-token" is required by rollback/),
    ]);
  });

  it('reads health-url for its own check', () => {
    const r = stepInputs(read({ ...ROLLBACK, 'health-url': 'https://shop.example.com/health' }), 'rollback')!;
    expect(r.health?.url).toBeTruthy();
  });
});

describe('rollback-on-failure', () => {
  it('is read by the deploy, and needs github-token', () => {
    expect(stepInputs(read({ ...BASE, 'rollback-on-failure': 'true' }), 'deploy')!.rollbackOnFailure).toBe(true);
    expect(inputProblems({ ...BASE, 'rollback-on-failure': 'true', 'github-token': '' })).toEqual([
      expect.stringMatching(/^input "github-token" is required by rollback-on-failure/),
    ]);
  });

  it('refuses wait: false: a failure is known only by waiting', () => {
    expect(inputProblems({ ...BASE, 'rollback-on-failure': 'true', wait: 'false' })).toEqual([
      expect.stringMatching(/^input "rollback-on-failure" is true while "wait" is false/),
    ]);
  });
});
