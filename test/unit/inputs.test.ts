import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { ACTION_INPUT_DEFAULTS, InputError, readInputs, secretValues, stepInputs } from '../../src/engine/inputs.js';
import type { Inputs } from '../../src/engine/inputs.js';
import { parseWebhookName } from '../../src/steps/webhook/step.js';

type Values = Record<string, string>;

const WS = nodePath.resolve('/work/ws');
const USER = 'USER-s3cret-id';
const PASSWORD = 'PW-s3cret-value';
const TOKEN = 'TOK-s3cret+tok';
const HOOK_URL = `https://headless.example.com/wh/v1/accounts/demo/apps/shop/environments/env1/webhooks/webhook:purgeCache?token=${encodeURIComponent(TOKEN)}`;

const CREDS: Values = { 'api-user-id': USER, 'api-password': PASSWORD };
const DEPLOY: Values = {
  ...CREDS,
  'headless-api-url': 'https://headless.example.com',
  account: 'demo',
  app: 'shop',
  environment: 'staging',
};
const COPY: Values = { ...CREDS, 'api-url': 'https://api.example.com', 'copy-from': 'demostg', 'copy-to': 'demoprod' };
const HOOK: Values = {
  deploy: 'false',
  webhook: 'purge-cache',
  'webhook-token': TOKEN,
  account: 'demo',
  app: 'shop',
  // An id: a webhook by parts without credentials cannot look a display name up.
  environment: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
  'headless-api-url': 'https://headless.example.com',
};

const OPERATION = 'accounts/demo/apps/shop/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/0123456789ab';
const WAIT: Values = {
  operation: OPERATION,
  'api-user-id': USER,
  'api-password': PASSWORD,
  'headless-api-url': 'https://headless.example.com',
};

function getter(values: Values) {
  const map = new Map(Object.entries(values));
  return (name: string) => map.get(name) ?? '';
}

const deployOf = (inputs: Inputs) => stepInputs(inputs, 'deploy');
const copyOf = (inputs: Inputs) => stepInputs(inputs, 'install copy');
const webhookOf = (inputs: Inputs) => stepInputs(inputs, 'webhook');

function read(values: Values): Inputs {
  return readInputs(getter(values), WS);
}

function inputError(values: Values): InputError {
  try {
    read(values);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

function without(values: Values, ...names: string[]): Values {
  const copy = { ...values };
  for (const name of names) delete copy[name];
  return copy;
}

describe('readInputs: bad inputs', () => {
  // [case, inputs, input the message must name, what it must say]
  const rows: [string, Values, string, RegExp][] = [
    ['deploy not a boolean', { ...DEPLOY, deploy: 'yes' }, 'deploy', /"yes" is not a boolean/],
    // Basic credentials are `id:password`: a ":" in the id would silently move part of it into the password.
    [
      'api-user-id with a colon, for a deploy',
      { ...DEPLOY, 'api-user-id': 'demo:user' },
      'api-user-id',
      /^input "api-user-id" holds a ":", which HTTP Basic credentials cannot carry; set it to the API user id alone$/,
    ],
    [
      'api-user-id with a colon, for an install copy',
      { ...COPY, 'api-user-id': 'copy:user' },
      'api-user-id',
      /holds a ":"/,
    ],
    ['deploy true without app', { ...without(DEPLOY, 'app'), deploy: 'true' }, 'deploy', /input "app" is empty/],
    ['deploy true without app, webhook set', { ...without(HOOK, 'app'), deploy: 'true' }, 'deploy', /"app" is empty/],
    [
      'deploy empty with app and webhook',
      without({ ...DEPLOY, ...HOOK }, 'deploy'),
      'deploy',
      /deploy: true .* deploy: false/,
    ],
    [
      'deploy empty with app and webhook-url',
      { ...DEPLOY, 'webhook-url': HOOK_URL },
      'deploy',
      /"webhook-url" are set/,
    ],
    [
      'nothing to do',
      {},
      'app',
      /nothing would run; set "app" to deploy, "operation" to wait for an earlier upload, "copy-from" and "copy-to"/,
    ],
    ['deploy false and nothing else', { ...DEPLOY, deploy: 'false' }, 'deploy', /is false .* nothing would run/],
    ['copy-from alone', { ...without(COPY, 'copy-to') }, 'copy-to', /is empty while "copy-from" is set/],
    ['copy-to alone', { ...without(COPY, 'copy-from') }, 'copy-from', /is empty while "copy-to" is set/],
    ['copy onto itself', { ...COPY, 'copy-to': 'demostg' }, 'copy-to', /same install as "copy-from"/],
    [
      'copy onto itself by uuid',
      {
        ...COPY,
        'copy-from': '6F1C9A52-3B7E-4C1D-9A8E-2F4B5C6D7E80',
        'copy-to': '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80',
      },
      'copy-to',
      /same install/,
    ],
    [
      'copy-from not an install',
      { ...COPY, 'copy-from': 'Demo-Stg' },
      'copy-from',
      /"Demo-Stg" is not an install name/,
    ],
    ['copy-to too short', { ...COPY, 'copy-to': 'ab' }, 'copy-to', /"ab" is not an install name .* or uuid/],
    ['deploy without account', without(DEPLOY, 'account'), 'account', /is required by deploy/],
    ['deploy without environment', without(DEPLOY, 'environment'), 'environment', /is required by deploy/],
    ['deploy without headless-api-url', without(DEPLOY, 'headless-api-url'), 'headless-api-url', /required by deploy/],
    [
      'deploy without api-user-id',
      without(DEPLOY, 'api-user-id'),
      'api-user-id',
      /required by deploy; set it from a secret/,
    ],
    ['deploy without api-password', without(DEPLOY, 'api-password'), 'api-password', /is required by deploy/],
    ['copy without api-url', without(COPY, 'api-url'), 'api-url', /is required by install copy/],
    ['copy without api-password', without(COPY, 'api-password'), 'api-password', /is required by install copy/],
    [
      'deploy and copy without api-user-id',
      without({ ...DEPLOY, ...COPY }, 'api-user-id'),
      'api-user-id',
      /is required by deploy and install copy/,
    ],
    ['webhook without webhook-token', without(HOOK, 'webhook-token'), 'webhook-token', /required by webhook/],
    ['webhook without account', without(HOOK, 'account'), 'account', /is required by webhook/],
    ['webhook without environment', without(HOOK, 'environment'), 'environment', /is required by webhook/],
    ['webhook without headless-api-url', without(HOOK, 'headless-api-url'), 'headless-api-url', /required by webhook/],
    ['webhook without app', without(HOOK, 'app'), 'app', /is required by webhook/],
    ['webhook and webhook-url', { ...HOOK, 'webhook-url': HOOK_URL, deploy: 'false' }, 'webhook-url', /keep one/],
    [
      'webhook by parts with a display name and no credentials',
      { ...HOOK, environment: 'Production' },
      'environment',
      /"Production" is not an environment id .* cannot look a display name up/,
    ],
    [
      'webhook by parts with an 8-letter display name and no credentials',
      { ...HOOK, environment: 'previews' },
      'environment',
      /is not an environment id/,
    ],
    ['env-vars-mode unknown', { ...DEPLOY, 'env-vars-mode': 'overwrite' }, 'env-vars-mode', /use merge or replace/],
    [
      'upload-mode near a mode',
      { ...DEPLOY, 'upload-mode': 'streaming' },
      'upload-mode',
      /^input "upload-mode": "streaming" is not an upload mode; did you mean stream\? use auto, stream or file$/,
    ],
    [
      'upload-mode unknown',
      { ...DEPLOY, 'upload-mode': 'fast' },
      'upload-mode',
      /"fast" is not an upload mode; use auto/,
    ],
    ['operation not a name', { ...WAIT, operation: 'op-123' }, 'operation', /is not an operation name/],
    ['operation with a deploy', { ...DEPLOY, operation: OPERATION }, 'operation', /together with a deploy/],
    ['wait without credentials', without(WAIT, 'api-password'), 'api-password', /is required by wait/],
    ['wait without headless-api-url', without(WAIT, 'headless-api-url'), 'headless-api-url', /is required by wait/],
    ['region unknown', { ...DEPLOY, region: 'Mars' }, 'region', /"Mars" is not a region; use US-C, AUS-SE, UK, EU-W/],
    ['webhook unknown', { ...HOOK, webhook: 'flush' }, 'webhook', /use rebuild, clean-rebuild or purge-cache/],
    ['webhook misspelled', { ...HOOK, webhook: 'purge-caches' }, 'webhook', /"purge-caches" is not a webhook/],
    ['create-missing not a boolean', { ...DEPLOY, 'create-missing': 'yes' }, 'create-missing', /not a boolean/],
    ['wait not a boolean', { ...DEPLOY, wait: 'nope' }, 'wait', /"nope" is not a boolean/],
    ['copy-files not a boolean', { ...COPY, 'copy-files': 'maybe' }, 'copy-files', /not a boolean/],
    ['copy-database not a boolean', { ...COPY, 'copy-database': '1' }, 'copy-database', /not a boolean/],
    ['dry-run not a boolean', { ...DEPLOY, 'dry-run': 'on' }, 'dry-run', /not a boolean/],
    ['github-deployment not a boolean', { ...DEPLOY, 'github-deployment': 'y' }, 'github-deployment', /not a boolean/],
    [
      'timeout in words',
      { ...DEPLOY, timeout: '5 minutes' },
      'timeout',
      /^input "timeout": "5 minutes" is not a duration; use 90s, 15m, 1h or seconds$/,
    ],
    ['timeout zero', { ...DEPLOY, timeout: '0' }, 'timeout', /no time at all/],
    ['timeout negative', { ...DEPLOY, timeout: '-10m' }, 'timeout', /is not a duration/],
    ['env-vars duplicate', { ...DEPLOY, 'env-vars': 'A=1\nA=2' }, 'env-vars', /line 2: A is already set on line 1/],
    ['env-vars without =', { ...DEPLOY, 'env-vars': 'A=1\nNOEQUALS' }, 'env-vars', /line 2 has no "="/],
    ['env-vars bad key', { ...DEPLOY, 'env-vars': 'MY-KEY=1' }, 'env-vars', /"MY-KEY" is not a variable name/],
    ['compression-level too high', { ...DEPLOY, 'compression-level': '10' }, 'compression-level', /from 0 to 9/],
    [
      'compression-level a word',
      { ...DEPLOY, 'compression-level': 'max' },
      'compression-level',
      /"max" is not a whole/,
    ],
    [
      'notification-emails',
      { ...COPY, 'notification-emails': 'a@b.co\nnope, x@y' },
      'notification-emails',
      /"nope", "x@y", which are not email addresses/,
    ],
    [
      'copy-db-tables without database',
      { ...COPY, 'copy-db-tables': 'wp_posts', 'copy-database': 'false' },
      'copy-db-tables',
      /"copy-database" is false/,
    ],
    [
      'copy of nothing',
      { ...COPY, 'copy-files': 'false', 'copy-database': 'false' },
      'copy-files',
      /would copy nothing/,
    ],
    [
      'api-url plain http',
      { ...COPY, 'api-url': 'http://api.example.com' },
      'api-url',
      /plain http to api\.example\.com; use https/,
    ],
    ['api-url not a URL', { ...COPY, 'api-url': 'api.example.com' }, 'api-url', /is not a URL/],
    ['headless-api-url ftp', { ...DEPLOY, 'headless-api-url': 'ftp://h.example.com' }, 'headless-api-url', /uses ftp/],
    [
      'headless-api-url with /v1',
      { ...DEPLOY, 'headless-api-url': 'https://h.example.com/v1' },
      'headless-api-url',
      /without it/,
    ],
    [
      'headless-api-url with credentials',
      { ...DEPLOY, 'headless-api-url': `https://u:${PASSWORD}@h.example.com` },
      'headless-api-url',
      /user name or password/,
    ],
    [
      'webhook-url without token',
      { 'webhook-url': HOOK_URL.replace(/\?.*/, '') },
      'webhook-url',
      /no token query parameter/,
    ],
    [
      'webhook-url not a trigger',
      { 'webhook-url': `https://h.example.com/wh/v1/x?token=${TOKEN}` },
      'webhook-url',
      /\/webhooks\/webhook:\{action\}/,
    ],
    [
      'webhook-url over http',
      { 'webhook-url': HOOK_URL.replace('https:', 'http:') },
      'webhook-url',
      /plain http to headless\.example\.com/,
    ],
    ['webhook-url unknown action', { 'webhook-url': HOOK_URL.replace('purgeCache', 'nuke') }, 'webhook-url', /"nuke"/],
    [
      'path outside the workspace',
      { ...DEPLOY, path: '../elsewhere' },
      'path',
      /"..\/elsewhere" is outside the workspace/,
    ],
    ['path absolute elsewhere', { ...DEPLOY, path: nodePath.resolve('/etc') }, 'path', /outside the workspace/],
    [
      'exclude-from outside',
      { ...DEPLOY, path: 'web', 'exclude-from': '../../.deployignore' },
      'exclude-from',
      /outside the workspace/,
    ],
    ['app with a space', { ...DEPLOY, app: 'my app' }, 'app', /"my app" is not an app id/],
    ['app as a resource name', { ...DEPLOY, app: 'accounts/demo/apps/shop' }, 'app', /is not an app id/],
    ['account with prefix', { ...DEPLOY, account: 'accounts/demo' }, 'account', /give "demo", without "accounts\/"/],
    ['account with a query', { ...DEPLOY, account: 'demo?x' }, 'account', /is not an account name/],
    ['environment with a slash', { ...DEPLOY, environment: 'a/b' }, 'environment', /has a slash/],
    ['environment with a newline', { ...DEPLOY, environment: 'a\tb' }, 'environment', /control character/],
    [
      'cms-environment',
      { ...DEPLOY, 'cms-environment': 'Not_An_Install' },
      'cms-environment',
      /is not an install name/,
    ],
    [
      'github-deployment without token',
      { ...DEPLOY, 'github-deployment': 'true' },
      'github-token',
      /required by github-deployment/,
    ],
  ];

  it('has at least 40 rows', () => expect(rows.length).toBeGreaterThanOrEqual(40));

  it.each(rows)('%s', (_case, values, name, message) => {
    const error = inputError(values);
    const line = error.problems.find((problem) => problem.startsWith(`input "${name}"`) && message.test(problem));
    expect(line, error.message).toBeDefined();
    for (const problem of error.problems) expect(problem).toMatch(/^input "[a-z-]+"/);
    for (const secret of secretValues(getter(values))) expect(error.message).not.toContain(secret);
  });

  it('reports every problem at once, one per line', () => {
    const error = inputError({
      ...without(DEPLOY, 'api-password'),
      timeout: 'soon',
      region: 'Moon',
      'compression-level': '11',
      'copy-from': 'demostg',
      'env-vars': 'oops',
    });
    expect(error.name).toBe('InputError');
    expect(error.problems).toEqual([
      'input "copy-to" is empty while "copy-from" is set; set both for an install copy, or neither',
      'input "region": "Moon" is not a region; use US-C, AUS-SE, UK, EU-W',
      'input "env-vars": line 1 has no "="; write KEY=VALUE',
      'input "compression-level": "11" is not a whole number from 0 to 9',
      'input "timeout": "soon" is not a duration; use 90s, 15m, 1h or seconds',
      'input "api-password" is required by deploy; set it from a secret',
    ]);
    expect(error.message.split('\n')).toEqual(error.problems);
  });

  it('names an input needed by two steps once', () => {
    const error = inputError(without({ ...DEPLOY, ...COPY }, 'api-password', 'api-user-id'));
    expect(error.problems.filter((p) => p.startsWith('input "api-password"'))).toHaveLength(1);
  });
});

describe('readInputs: good inputs', () => {
  it('reads a deploy with the defaults of action.yml', () => {
    const inputs = read(DEPLOY);
    expect(inputs).toEqual({
      workspace: WS,
      credentials: { userId: USER, password: PASSWORD },
      hostingUrl: null,
      headlessUrl: 'https://headless.example.com',
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      dryRun: false,
      prComment: false,
      githubToken: null,
      skipped: null,
      steps: [
        {
          name: 'deploy',
          inputs: {
            account: 'demo',
            app: 'shop',
            environment: 'staging',
            headlessUrl: 'https://headless.example.com',
            region: 'US-C',
            regionGiven: false,
            createMissing: true,
            cmsEnvironment: null,
            shellVariables: null,
            envVarsMode: 'merge',
            path: '.',
            absolutePath: WS,
            exclude: [],
            excludeFrom: null,
            respectGitignore: false,
            allowFiles: [],
            maxArchiveBytes: null,
            compressionLevel: 6,
            uploadMode: 'auto',
            wait: true,
            timeoutMs: 30 * 60_000,
            githubDeployment: false,
            environmentUrl: null,
            health: null,
            keep: null,
            rollbackOnFailure: false,
          },
        },
      ],
      warnings: [],
    });
  });

  it('keeps a v1 inside the operation: only a leading /v1/ is dropped', () => {
    const named = 'accounts/demo/apps/v1/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/0123456789ab';
    expect(read({ ...WAIT, operation: named }).steps.map((s) => s.inputs)).toEqual([
      { operation: named, headlessUrl: 'https://headless.example.com', timeoutMs: 1_800_000 },
    ]);
  });

  it('reads the wait step: the operation (a leading /v1/ dropped) and the timeout', () => {
    const inputs = read({ ...WAIT, operation: `/v1/${OPERATION}`, timeout: '10m' });
    expect(inputs.steps).toEqual([
      {
        name: 'wait',
        inputs: { operation: OPERATION, headlessUrl: 'https://headless.example.com', timeoutMs: 600_000 },
      },
    ]);
  });

  it('runs the wait step beside deploy: false and a webhook (wait, then purge)', () => {
    const inputs = read({ ...HOOK, ...WAIT });
    expect(inputs.steps.map((s) => s.name)).toEqual(['wait', 'webhook']);
  });

  it('reads upload-mode in any case, auto when not given', () => {
    expect(deployOf(read({ ...DEPLOY, 'upload-mode': 'Stream' }))?.uploadMode).toBe('stream');
    expect(deployOf(read({ ...DEPLOY, 'upload-mode': 'FILE' }))?.uploadMode).toBe('file');
    expect(deployOf(read(DEPLOY))?.uploadMode).toBe('auto');
  });

  it('reads env-vars-mode, and an explicit region as given', () => {
    const deploy = deployOf(read({ ...DEPLOY, 'env-vars': 'A="a b"', 'env-vars-mode': 'Replace', region: 'UK' }));
    expect(deploy).toMatchObject({
      envVarsMode: 'replace',
      regionGiven: true,
      shellVariables: [{ key: 'A', value: 'a b' }],
    });
    expect(deployOf(read({ ...DEPLOY, region: 'US-C' }))?.regionGiven).toBe(false);
  });

  it('reads every deploy option', () => {
    const deploy = deployOf(
      read({
        ...DEPLOY,
        deploy: 'True',
        region: 'eu-w',
        'create-missing': 'FALSE',
        'cms-environment': 'demostg',
        'env-vars': 'A=1\nB=x=y',
        path: './web/dist/',
        exclude: '*.map\n\ncoverage/',
        'exclude-from': '.deployignore',
        'compression-level': '0',
        wait: 'false',
        timeout: '1h30m',
        'headless-api-url': 'http://127.0.0.1:4010/headless/',
      }),
    );
    expect(deploy).toMatchObject({
      region: 'EU-W',
      createMissing: false,
      cmsEnvironment: 'demostg',
      shellVariables: [
        { key: 'A', value: '1' },
        { key: 'B', value: 'x=y' },
      ],
      path: 'web/dist',
      absolutePath: nodePath.join(WS, 'web', 'dist'),
      exclude: ['*.map', 'coverage/'],
      excludeFrom: nodePath.join(WS, 'web', 'dist', '.deployignore'),
      compressionLevel: 0,
      wait: false,
      timeoutMs: 5_400_000,
      headlessUrl: 'http://127.0.0.1:4010/headless',
    });
  });

  it('treats an empty env-vars as "not given" and a comment-only one as "set to none"', () => {
    expect(deployOf(read(DEPLOY))?.shellVariables).toBeNull();
    expect(deployOf(read({ ...DEPLOY, 'env-vars': '# none' }))?.shellVariables).toEqual([]);
  });

  it('reads an install copy', () => {
    const inputs = read({
      ...COPY,
      'copy-to': '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80',
      'copy-files': 'false',
      'copy-db-tables': 'wp_posts, wp_options\nwp_users',
      'notification-emails': 'ops@example.com\ndev@example.com',
    });
    expect(deployOf(inputs)).toBeNull();
    expect(webhookOf(inputs)).toBeNull();
    expect(copyOf(inputs)).toEqual({
      hostingUrl: 'https://api.example.com',
      from: 'demostg',
      to: '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80',
      includeFiles: false,
      includeDatabase: true,
      dbTables: ['wp_posts', 'wp_options', 'wp_users'],
      notificationEmails: ['ops@example.com', 'dev@example.com'],
    });
  });

  it('reads a webhook by parts without credentials', () => {
    const inputs = read({ ...HOOK, webhook: 'Clean-Rebuild' });
    expect(inputs.credentials).toBeNull();
    expect(deployOf(inputs)).toBeNull();
    expect(webhookOf(inputs)).toEqual({
      by: 'parts',
      name: 'clean-rebuild',
      action: 'cleanRebuild',
      account: 'demo',
      app: 'shop',
      environment: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
      headlessUrl: 'https://headless.example.com',
      token: TOKEN,
    });
  });

  it('reads a webhook by parts with a display name when credentials can look it up', () => {
    const inputs = read({ ...HOOK, environment: 'production', 'api-user-id': USER, 'api-password': PASSWORD });
    expect(webhookOf(inputs)).toMatchObject({ by: 'parts', environment: 'production' });
  });

  it('reads a webhook by URL alone', () => {
    const inputs = read({ 'webhook-url': HOOK_URL });
    expect(webhookOf(inputs)).toEqual({
      by: 'url',
      name: 'purge-cache',
      action: 'purgeCache',
      url: HOOK_URL,
      token: TOKEN,
      account: 'demo',
      app: 'shop',
      environment: 'env1',
    });
  });

  it('runs deploy then webhook when deploy is true', () => {
    const inputs = read({ ...DEPLOY, ...HOOK, deploy: 'true' });
    expect(deployOf(inputs)?.environment).toBe('0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015');
    expect(webhookOf(inputs)?.action).toBe('purgeCache');
  });

  it('runs all three steps', () => {
    const inputs = read({ ...DEPLOY, ...COPY, 'webhook-url': HOOK_URL, deploy: 'true' });
    expect([deployOf(inputs) !== null, copyOf(inputs) !== null, webhookOf(inputs) !== null]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('keeps github-deployment only with a deploy', () => {
    const inputs = read({ ...DEPLOY, 'github-deployment': 'true', 'github-token': 'ghs_x' });
    expect(deployOf(inputs)?.githubDeployment).toBe(true);
    expect(inputs.githubToken).toBe('ghs_x');
  });

  it('warns about inputs for steps that will not run', () => {
    const inputs = read({
      ...HOOK,
      'env-vars': 'A=1',
      'env-vars-mode': 'replace',
      'copy-db-tables': 'wp_posts',
      'github-deployment': 'true',
      'github-token': 'ghs_x',
    });
    expect(inputs.warnings).toEqual([
      'input "env-vars" is ignored: no deploy runs',
      'input "env-vars-mode" is ignored: no deploy runs',
      'input "github-deployment" is ignored: no deploy or delete or sweep runs',
      'input "copy-db-tables" is ignored: no install copy runs',
    ]);
    expect(read({ 'webhook-url': HOOK_URL, 'webhook-token': 'x' }).warnings).toEqual([
      'input "webhook-token" is ignored: only "webhook" uses it',
    ]);
  });

  it('returns a deeply frozen object', () => {
    const inputs = read({ ...DEPLOY, 'env-vars': 'A=1', exclude: 'x' });
    expect(Object.isFrozen(inputs)).toBe(true);
    expect(Object.isFrozen(deployOf(inputs))).toBe(true);
    expect(Object.isFrozen(deployOf(inputs)?.exclude)).toBe(true);
    expect(Object.isFrozen(deployOf(inputs)?.shellVariables?.[0])).toBe(true);
  });

  it('trims values and treats undefined as empty', () => {
    const inputs = readInputs((name) => (name === 'webhook-url' ? `  ${HOOK_URL}\n` : undefined), WS);
    expect(webhookOf(inputs)?.by).toBe('url');
  });
});

describe('action.yml', () => {
  const yml = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8');
  const declared = new Map<string, string | undefined>();
  let section = '';
  let current = '';
  for (const line of yml.split('\n')) {
    const top = /^(\w[\w-]*):/.exec(line);
    if (top) section = top[1] ?? '';
    const name = /^ {2}([a-z][a-z0-9-]*):\s*$/.exec(line);
    if (section === 'inputs' && name) declared.set((current = name[1] ?? ''), undefined);
    const def = /^ {4}default: '(.*)'$/.exec(line);
    if (section === 'inputs' && def) declared.set(current, def[1]);
  }

  it('declares every input readInputs reads, and nothing it ignores', () => {
    const asked = new Set<string>();
    const values: Values = { ...DEPLOY, ...COPY, ...HOOK, deploy: 'true' };
    readInputs((name) => {
      asked.add(name);
      return values[name] ?? '';
    }, WS);
    secretValues((name) => {
      asked.add(name);
      return '';
    });
    expect([...asked].sort()).toEqual([...declared.keys()].sort());
  });

  it('has the same defaults as the code', () => {
    for (const [name, value] of Object.entries(ACTION_INPUT_DEFAULTS)) expect(declared.get(name), name).toBe(value);
    expect(declared.get('github-token')).toBe('${{ github.token }}');
  });
});

describe('secretValues', () => {
  it('lists every form of every secret, longest first', () => {
    const secrets = secretValues(
      getter({ ...DEPLOY, 'webhook-url': HOOK_URL, 'webhook-token': TOKEN, 'github-token': 'ghs_abc' }),
    );
    const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
    for (const s of [USER, PASSWORD, basic, TOKEN, encodeURIComponent(TOKEN), HOOK_URL, 'ghs_abc']) {
      expect(secrets).toContain(s);
    }
    expect(secrets).not.toContain('demo');
    expect(secrets).not.toContain('');
    expect([...secrets].sort((a, b) => b.length - a.length)).toEqual(secrets);
  });

  it('finds the token of a webhook URL given alone', () => {
    const secrets = secretValues(getter({ 'webhook-url': HOOK_URL }));
    expect(secrets).toEqual(expect.arrayContaining([HOOK_URL, TOKEN, encodeURIComponent(TOKEN)]));
  });

  it('masks a password given without a user id', () => {
    expect(secretValues(getter({ 'api-password': PASSWORD }))).toContain(PASSWORD);
  });

  it('returns nothing when no secret is given', () => {
    expect(secretValues(getter({ app: 'shop' }))).toEqual([]);
  });
});

describe('webhook names', () => {
  it.each([
    ['purge-cache', 'purge-cache'],
    ['purgeCache', 'purge-cache'],
    ['PurgeCache', 'purge-cache'],
    ['Purge Cache', 'purge-cache'],
    ['purge_cache', 'purge-cache'],
    ['cleanRebuild', 'clean-rebuild'],
    ['Clean Rebuild', 'clean-rebuild'],
    ['REBUILD', 'rebuild'],
  ])('%j is %j', (given, want) => {
    expect(parseWebhookName(given)).toBe(want);
  });

  it.each(['purge', 'purgeCaches', 'flush', 'clean'])('%j is refused, naming the three', (given) => {
    expect(() => parseWebhookName(given)).toThrow(
      `"${given}" is not a webhook; use rebuild, clean-rebuild or purge-cache`,
    );
  });
});
