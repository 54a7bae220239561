/**
 * Edges of the step rows: what each says in the plan, the problems a half-set input raises (and
 * only those), and the forms of names they accept.
 */
import { describe, expect, it } from 'vitest';
import { inputProblems } from '../helpers/step-context.js';
import { readInputs, stepInputs, type Inputs } from '../../src/engine/inputs.js';
import { deployStep } from '../../src/steps/deploy/step.js';
import { installCopyStep } from '../../src/steps/install-copy/step.js';
import { waitStep } from '../../src/steps/wait/step.js';
import { webhookStep } from '../../src/steps/webhook/step.js';

type Values = Record<string, string>;
const read = (values: Values): Inputs => readInputs((n) => values[n] ?? '', '/ws');
const problems = (values: Values) => inputProblems(values);

const CREDS: Values = { 'api-user-id': 'u', 'api-password': 'p' };
const HEADLESS: Values = { ...CREDS, 'headless-api-url': 'https://headless.example.com' };
const OPERATION = 'accounts/demo/apps/shop/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/0123456789ab';

describe('deploy', () => {
  it('says why nothing runs when deploy is false', () => {
    expect(problems({ ...HEADLESS, app: 'shop', deploy: 'false' })).toEqual([
      expect.stringMatching(/^input "deploy" is false and no other step is set, so nothing would run; /),
    ]);
    expect(problems({ ...HEADLESS, deploy: 'false' })).toEqual([
      expect.stringMatching(/^input "app" is empty and no other step is set/),
    ]);
  });

  it('shows the environment URL template in the plan', () => {
    const inputs = read({
      ...HEADLESS,
      account: 'demo',
      app: 'shop',
      environment: 'pr-1',
      'environment-url': 'https://{environment}.example.com/',
    });
    expect(deployStep.describe(stepInputs(inputs, 'deploy')!)).toContain(', URL https://{environment}.example.com/, ');
  });
});

describe('install copy', () => {
  const COPY: Values = { ...CREDS, 'api-url': 'https://api.example.com', deploy: 'false' };

  it('with one side only, says just that', () => {
    expect(problems({ ...COPY, 'copy-to': 'prod' })).toEqual([
      'input "copy-from" is empty while "copy-to" is set; set both for an install copy, or neither',
    ]);
  });

  it('names bad notification addresses, in the singular or the plural', () => {
    const both = { ...COPY, 'copy-from': 'stg', 'copy-to': 'prod' };
    expect(problems({ ...both, 'notification-emails': 'a@b.co\nnope' })).toEqual([
      'input "notification-emails" has "nope", which is not an email address; give one address per line',
    ]);
    expect(problems({ ...both, 'notification-emails': 'x\ny' })).toEqual([
      'input "notification-emails" has "x", "y", which are not email addresses; give one address per line',
    ]);
  });

  it('lists whom it notifies in the plan', () => {
    const inputs = read({ ...COPY, 'copy-from': 'stg', 'copy-to': 'prod', 'notification-emails': 'a@b.co\nc@d.ee' });
    expect(installCopyStep.describe(stepInputs(inputs, 'install copy')!)).toMatch(/; notify a@b\.co, c@d\.ee$/);
  });
});

describe('wait', () => {
  it('takes the operation name with or without a leading /v1/ or /', () => {
    for (const given of [OPERATION, `/${OPERATION}`, `v1/${OPERATION}`, `/v1/${OPERATION}`]) {
      expect(stepInputs(read({ ...HEADLESS, operation: given }), 'wait')!.operation).toBe(OPERATION);
    }
  });

  it('says what it waits for, and for how long', () => {
    const inputs = read({ ...HEADLESS, operation: OPERATION, timeout: '90' });
    expect(waitStep.describe(stepInputs(inputs, 'wait')!)).toBe(`wait for operation ${OPERATION} (up to 1m30s)`);
  });
});

describe('webhook', () => {
  const PARTS: Values = {
    ...HEADLESS,
    deploy: 'false',
    webhook: 'rebuild',
    'webhook-token': 't0k',
    account: 'demo',
    app: 'shop',
  };

  it('by URL alone warns of nothing; an unusual URL is described without app or environment', () => {
    const inputs = read({ 'webhook-url': 'https://hooks.example/webhooks/webhook:rebuild?token=t' });
    expect(inputs.warnings).toEqual([]);
    expect(webhookStep.describe(stepInputs(inputs, 'webhook')!)).toBe('webhook rebuild (by URL)');
  });

  it('by parts without an environment reports it missing, and nothing about looking it up', () => {
    const { 'api-user-id': _u, 'api-password': _p, ...noCreds } = PARTS;
    expect(problems(noCreds)).toEqual([
      'input "environment" is required by webhook; set it to the environment id or display name',
    ]);
  });
});

describe('delete', () => {
  it('without an environment reports it missing, and nothing about the pattern', () => {
    expect(problems({ ...HEADLESS, 'delete-environment': 'true', account: 'demo', app: 'shop' })).toEqual([
      expect.stringMatching(/^input "environment" is required by delete/),
    ]);
  });
});
