/**
 * Edges of the input rules: how raw values are read (blanks, defaults, bad booleans), each
 * problem said once, the shared names' rules at their boundaries, credentials only as a pair, and
 * the exact words of a skip.
 */
import { describe, expect, it } from 'vitest';
import { inputProblems } from '../helpers/step-context.js';
import { readInputs } from '../../src/engine/inputs.js';
import { createReader } from '../../src/inputs/input-reader.js';
import { unquote } from '../../src/inputs/parsers.js';

type Values = Record<string, string>;
const reader = (values: Values) => createReader((n) => values[n] ?? '');
const read = (values: Values) => readInputs((n) => values[n] ?? '', '/ws');
const problems = (values: Values) => inputProblems(values);

const TOKEN = 'TOK-s3cret';
const HOOK: Values = {
  deploy: 'false',
  webhook: 'rebuild',
  'webhook-token': TOKEN,
  account: 'demo',
  app: 'shop',
  environment: 'Production',
  'headless-api-url': 'https://headless.example.com',
};

describe('the input reader', () => {
  it('trims values, and reads a blank one as the default', () => {
    const input = reader({ 'dry-run': '   ', wait: ' false ', app: '\tshop\n' });
    expect(input.raw('dry-run')).toBe('false');
    expect(input.raw('wait')).toBe('false');
    expect(input.raw('app')).toBe('shop');
    expect(input.given('dry-run')).toBe(false);
    expect(input.given('app')).toBe(true);
  });

  it('reads a bad boolean as its default, true or false, and says so once', () => {
    const input = reader({ wait: 'maybe', 'dry-run': 'maybe' });
    expect(input.bool('wait')).toBe(true); // action.yml: wait defaults to true
    expect(input.bool('dry-run')).toBe(false);
    expect(input.bool('wait')).toBe(true);
    expect(input.problems).toEqual([
      'input "wait": "maybe" is not a boolean; use true or false',
      'input "dry-run": "maybe" is not a boolean; use true or false',
    ]);
  });

  it('records each problem once, however many rules find it', () => {
    const input = reader({});
    input.problem('app', 'is wrong');
    input.problem('app', 'is wrong');
    input.problem('app', 'is wrong in another way');
    expect(input.problems).toEqual(['input "app" is wrong', 'input "app" is wrong in another way']);
  });
});

describe('unquote', () => {
  it('drops one pair of matching quotes, and only quotes', () => {
    expect(unquote('"a b"')).toBe('a b');
    expect(unquote("'x'")).toBe('x');
    expect(unquote('xabx')).toBe('xabx');
    expect(unquote('"')).toBe('"');
  });
});

describe('shared names', () => {
  it('says how to fix an account name: without "accounts/", or the name alone', () => {
    expect(
      problems({ ...HOOK, environment: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015', account: 'accounts/demo' }),
    ).toContain(
      'input "account" "accounts/demo" is not an account name: no slashes, spaces, "?", "#" or "%"; give "demo", without "accounts/"',
    );
    expect(problems({ ...HOOK, environment: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015', account: 'de mo' })).toContain(
      'input "account" "de mo" is not an account name: no slashes, spaces, "?", "#" or "%"; give the name alone',
    );
  });

  it('takes an environment display name with spaces, not one with a control character or DEL', () => {
    const creds = { 'api-user-id': 'u', 'api-password': 'p' };
    expect(problems({ ...HOOK, ...creds, environment: 'PR 12 preview' })).toEqual([]);
    for (const environment of ['a\x1fb', 'a\x7fb', 'a/b']) {
      expect(problems({ ...HOOK, ...creds, environment })).toEqual([
        expect.stringMatching(
          /^input "environment" .* has a slash or a control character; give the environment id or display name$/,
        ),
      ]);
    }
  });
});

describe('credentials', () => {
  it('count only as a pair: a user id without its password cannot look a display name up', () => {
    expect(problems({ ...HOOK, 'api-user-id': 'u', 'api-password': 'p' })).toEqual([]);
    for (const half of [{ 'api-user-id': 'u' }, { 'api-password': 'p' }] as Values[]) {
      expect(problems({ ...HOOK, ...half })).toEqual([
        expect.stringMatching(
          /^input "environment" "Production" is not an environment id .* cannot look a display name up/,
        ),
      ]);
    }
  });

  it('are null in the inputs unless both are given', () => {
    const url = `https://headless.example.com/wh/v1/accounts/demo/apps/shop/environments/env1/webhooks/webhook:rebuild?token=${TOKEN}`;
    expect(read({ 'webhook-url': url, 'api-user-id': 'u' }).credentials).toBeNull();
    expect(read({ 'webhook-url': url, 'api-password': 'p' }).credentials).toBeNull();
    expect(read({ 'webhook-url': url, 'api-user-id': 'u', 'api-password': 'p' }).credentials).toEqual({
      userId: 'u',
      password: 'p',
    });
  });
});

describe('skip-without-credentials', () => {
  const DEPLOY: Values = {
    'headless-api-url': 'https://headless.example.com',
    account: 'demo',
    app: 'shop',
    environment: 'pr-1',
    'skip-without-credentials': 'true',
  };

  it('says which inputs are empty, which step needs them, and why the run is skipped', () => {
    expect(read(DEPLOY).skipped).toBe(
      'skipped: "api-user-id", "api-password" are empty and deploy needs them (secrets are not passed to workflows run for pull requests from forks); skip-without-credentials is true, so nothing was done',
    );
  });

  it('is not stopped by a secret that no chosen step needs', () => {
    expect(read({ ...DEPLOY, 'webhook-token': TOKEN }).skipped).toMatch(
      /^skipped: "api-user-id", "api-password" are empty/,
    );
  });
});
