/**
 * readInputs, the one home of the input rules: every refusal (each problem once, naming its input,
 * never echoing a secret, all of them in one InputError), what each step reads, which steps run,
 * the warnings, skip-without-credentials, and the reader under it all.
 */
import { describe, it, expect } from 'vitest';
import * as nodePath from 'node:path';
import { InputError, readInputs } from '../../src/engine/read-inputs.js';
import { secretValues } from '../../src/inputs/secrets.js';
import { stepInputs } from '../../src/engine/run-inputs.js';
import type { StepName } from '../../src/engine/step-table.js';
import { createReader } from '../../src/inputs/input-reader.js';
import { parseWebhookName } from '../../src/steps/webhook/step.js';
import { inputProblems } from '../helpers/step-context.js';

type Values = Record<string, string>;

const WS = nodePath.resolve('/work/ws');
const USER = 'USER-s3cret-id';
const PASSWORD = 'PW-s3cret-value';
const TOKEN = 'TOK-s3cret+tok';
const ENV_ID = '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015';
const UUID = '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80';
const HOOK_URL = `https://headless.example.com/wh/v1/accounts/demo/apps/shop/environments/env1/webhooks/webhook:purgeCache?token=${encodeURIComponent(TOKEN)}`;
const OP = `accounts/demo/apps/shop/environments/${ENV_ID}/operations/0123456789ab`;

const API = 'https://headless.example.com';

const CREDS: Values = { 'api-user-id': USER, 'api-password': PASSWORD };
const SITE: Values = { 'headless-api-url': API, account: 'demo', app: 'shop' };
const HEADLESS: Values = { ...CREDS, 'headless-api-url': API };
const DEPLOY: Values = { ...CREDS, ...SITE, environment: 'staging' };
const COPY: Values = { ...CREDS, 'api-url': 'https://api.example.com', 'copy-from': 'demostg', 'copy-to': 'demoprod' };
// A webhook by parts without credentials, so by an environment id: a display name cannot be looked up.
const HOOK: Values = { ...SITE, environment: ENV_ID, deploy: 'false', webhook: 'purge-cache', 'webhook-token': TOKEN };
const WAIT: Values = { ...HEADLESS, operation: OP };
const GITHUB: Values = { 'github-token': 'ghs_token' };
const DELETE: Values = { ...DEPLOY, environment: 'pr-12', 'delete-environment': 'true' };
const SWEEP: Values = { ...CREDS, ...SITE, ...GITHUB, 'sweep-previews': 'true' };
const ROLLBACK: Values = { ...DEPLOY, ...GITHUB, environment: 'production', rollback: 'previous' };
const SKIP: Values = { ...SITE, environment: 'pr-1', 'skip-without-credentials': 'true' };

function without(values: Values, ...names: string[]): Values {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name)));
}
const getter = (values: Values) => (name: string) => values[name] ?? '';
const read = (values: Values) => readInputs(getter(values), WS);
const HEALTH: Values = { 'health-url': 'https://{app}.example.com' };
const BASE = {
  deploy: DEPLOY,
  'a deploy with health-url': { ...DEPLOY, ...HEALTH },
  'a deploy without wait': { ...DEPLOY, ...GITHUB, wait: 'false' },
  copy: COPY,
  'a copy without database': { ...COPY, 'copy-database': 'false' },
  hook: HOOK,
  wait: WAIT,
  delete: DELETE,
  sweep: SWEEP,
  rollback: ROLLBACK,
  nothing: {},
};
type Base = keyof typeof BASE;
/** [inputs, the input given a bad value, the value, what the problem says of it] */
type Bad = [Base, string, string, RegExp];

/** The problems those inputs raise are these (by their key words), in order, and none echoes a secret. */
function expectProblems(values: Values, expected: RegExp[]) {
  const problems = inputProblems(values, WS);
  expect(problems).toEqual(expected.map((re) => expect.stringMatching(re)));
  for (const secret of secretValues(getter(values))) expect(problems.join('\n')).not.toContain(secret);
}

describe('readInputs refuses', () => {
  // Each parser's own table (parse.test.ts, url.test.ts, upload-mode.test.ts, ...) has every value it
  // refuses; here, each input is seen to be read by its parser, named, and never echoed when a secret.
  it.each<Bad>([
    ['deploy', 'deploy', 'yes', /: "yes" is not a boolean; use true or false$/],
    // Basic credentials are `id:password`: a ":" in the id would silently move part of it into the password.
    ['deploy', 'api-user-id', 'demo:user', / holds a ":", which HTTP Basic credentials cannot carry/],
    ['copy', 'copy-to', 'demostg', / is the same install as "copy-from"/],
    ['copy', 'copy-from', 'Demo-Stg', / "Demo-Stg" is not an install name/],
    ['copy', 'copy-to', 'ab', / "ab" is not an install name .* or uuid$/],
    ['hook', 'webhook-url', HOOK_URL, / and input "webhook" are both set; keep one/],
    ['hook', 'environment', 'Production', / "Production" is not an environment id .* cannot look a display name up/],
    ['hook', 'environment', 'previews', / "previews" is not an environment id/],
    ['deploy', 'env-vars-mode', 'overwrite', /: "overwrite" is not a mode; use merge or replace$/],
    ['deploy', 'upload-mode', 'streaming', / "streaming" is not an upload mode; did you mean stream\?/],
    ['wait', 'operation', 'op-123', /: "op-123" is not an operation name/],
    ['deploy', 'operation', OP, / is set together with a deploy/],
    ['wait', 'build', `${OP.replace(/operations\/.*/, '')}builds/no_build`, / names no build .* leave "build" empty$/],
    ['wait', 'build', 'builds/$(id)', /: "builds\/\$\(id\)" is not a build name/],
    ['wait', 'build', OP.replace(ENV_ID, 'other').replace(/operations\/.*/, 'builds/1a2b'), /, but "operation" is on /],
    ['deploy', 'when-busy', 'queue', /: "queue" is not a choice; use wait, upload or fail$/],
    ['deploy', 'region', 'Mars', /: "Mars" is not a region; use US-C, AUS-SE, UK, EU-W$/],
    ['hook', 'webhook', 'flush', /: "flush" is not a webhook; use rebuild, clean-rebuild or purge-cache$/],
    ...['create-missing', 'wait', 'dry-run', 'github-deployment'].map((n): Bad => ['deploy', n, 'on', /not a boolean/]),
    ...['copy-files', 'copy-database'].map((name): Bad => ['copy', name, '1', /is not a boolean/]),
    ['deploy', 'timeout', '5 minutes', /: "5 minutes" is not a duration; use 90s, 15m, 1h or seconds$/],
    ['deploy', 'env-vars', 'A=1\nA=2', /: line 2: A is already set on line 1/],
    ['deploy', 'compression-level', '10', /: "10" is not a whole number from 0 to 9$/],
    ['deploy', 'skip-unchanged', 'true', / is true while "github-deployment" is false: .* skip-if-digest/],
    [
      'deploy',
      'skip-if-digest',
      'sha256:ABC',
      /: "sha256:ABC" is not a content digest; give the content-digest output/,
    ],
    ['copy', 'notification-emails', 'a@b.co\nnope, x@y', / has "nope", "x@y", which are not email addresses; give one/],
    ['copy', 'notification-emails', 'a@b.co\nnope', / has "nope", which is not an email address/],
    ['copy', 'api-url', 'http://api.example.com', /: uses plain http to api\.example\.com; use https/],
    ['deploy', 'headless-api-url', 'https://h.example.com/v1', /: ends in \/v1; give the base URL without it$/],
    ['deploy', 'headless-api-url', `https://u:${PASSWORD}@h.example.com`, /: has a user name or password/],
    ['nothing', 'webhook-url', HOOK_URL.replace('https:', 'http:'), /: uses plain http to headless\.example\.com/],
    ['deploy', 'path', '../elsewhere', /: "\.\.\/elsewhere" is outside the workspace/],
    ['deploy', 'app', 'my app', / "my app" is not an app id/],
    ['deploy', 'account', 'accounts/demo', /is not an account name: .*; give "demo", without "accounts\/"$/],
    ['deploy', 'account', 'de mo', / is not an account name: no slashes, spaces, .*; give the name alone$/],
    ['deploy', 'environment', 'a/b', / "a\/b" has a slash or a control character/],
    ['deploy', 'environment', 'a\x1fb', / has a slash or a control character/],
    ['deploy', 'environment', 'a\x7fb', / has a slash or a control character/],
    ['deploy', 'cms-environment', 'Not_An_Install', / "Not_An_Install" is not an install name/],
    ['delete', 'environment', 'production', / "production" does not match delete-pattern "pr-\*"/],
    ['delete', 'delete-pattern', '!production', /negated patterns are not supported/],
    ['rollback', 'rollback', 'yesterday', /: "yesterday" is neither "previous" nor a workflow run id/],
    ['sweep', 'sweep-max', '-1', /: "-1" is not a whole number from 0 to 1000$/],
    ['sweep', 'sweep-max', '1001', /is not a whole number from 0 to 1000$/],
    ['deploy', 'health-url', 'url', / is "url", the url output, but "environment-url" is empty/],
    ['deploy', 'health-url', 'x', /: is not a URL/],
    ['a deploy with health-url', 'health-expect', '2xx', /: "2xx" is not a status code/],
    ['a deploy with health-url', 'health-timeout', 'soon', /: "soon" is not a duration/],
    ['a deploy without wait', 'health-url', 'https://{app}.example.com', / is set while "wait" is false/],
    ['a deploy without wait', 'rollback-on-failure', 'true', / is true while "wait" is false/],
    ['a copy without database', 'copy-db-tables', 'x', / is set while "copy-database" is false/],
    ['a copy without database', 'copy-files', 'false', / and input "copy-database" are both false, so .* copy nothing/],
  ])('%s with %s %j: %s', (base, name, value, words) => {
    expectProblems({ ...BASE[base], [name]: value }, [new RegExp(`^input "${name}".*${words.source}`)]);
  });

  // [inputs, the input left empty, the steps that need it and the hint]
  it.each<[Base, string, RegExp]>([
    ['deploy', 'account', /deploy; set it to the headless account name$/],
    ['deploy', 'environment', /deploy; set it to the environment id or display name$/],
    ['deploy', 'headless-api-url', /deploy; set it to the headless API base URL, without \/v1$/],
    ['deploy', 'api-user-id', /deploy; set it from a secret$/],
    ['deploy', 'api-password', /deploy;/],
    ['copy', 'api-url', /install copy; set it to the hosting API base URL/],
    ['copy', 'api-password', /install copy;/],
    ['hook', 'webhook-token', /webhook; set it from a secret, or give the whole "webhook-url"/],
    ['hook', 'account', /webhook;/],
    // Missing, and nothing about looking a display name up.
    ['hook', 'environment', /webhook;/],
    ['hook', 'headless-api-url', /webhook;/],
    ['hook', 'app', /webhook; set it to the app id$/],
    ['wait', 'api-password', /wait;/],
    ['wait', 'headless-api-url', /wait;/],
    // Missing, and nothing about the pattern.
    ['delete', 'environment', /delete;/],
    ['delete', 'api-password', /delete;/],
    ['rollback', 'environment', /rollback;/],
    ['rollback', 'github-token', /rollback; set it, e\.g\. to \$\{\{ github\.token \}\}$/],
    ['sweep', 'app', /sweep;/],
    ['sweep', 'api-password', /sweep;/],
    ['sweep', 'github-token', /sweep;/],
  ])('%s without %s: required by %s', (base, name, words) => {
    expectProblems(without(BASE[base], name), [new RegExp(`^input "${name}" is required by ${words.source}`)]);
  });

  const required = (name: string, by = '') => new RegExp(`^input "${name}" is required by ${by}`);
  const both = (by: string) => [required('api-user-id', by), required('api-password', by)];
  const alone = (step: string, other: string) =>
    new RegExp(
      `^the ${step} step runs alone, but the inputs also ask for ${other}; run them in separate steps of the workflow$`,
    );
  const NOTHING =
    /^input "app" is empty and no other step is set, so nothing would run; set "app" to deploy, "operation"/;
  it.each<[RegExp | RegExp[], Values]>([
    [/^input "deploy" is true but input "app" is empty/, { ...without(DEPLOY, 'app'), deploy: 'true' }],
    [/^input "deploy" is empty while both "app" and "webhook" are set/, { ...DEPLOY, ...HOOK, deploy: '' }],
    [/^input "deploy" is empty while both "app" and "webhook-url" are set/, { ...DEPLOY, 'webhook-url': HOOK_URL }],
    [/^input "deploy" is false and no other step is set, so nothing would run/, { ...DEPLOY, deploy: 'false' }],
    [NOTHING, { ...HEADLESS, deploy: 'false' }],
    [/^input "copy-to" is empty while "copy-from" is set; set both/, without(COPY, 'copy-to')],
    [/^input "copy-from" is empty while "copy-to" is set/, without(COPY, 'copy-from')],
    [/^input "copy-to" is the same install/, { ...COPY, 'copy-from': UUID.toUpperCase(), 'copy-to': UUID }],
    [/^input "exclude-from": ".*" is outside/, { ...DEPLOY, path: 'web', 'exclude-from': '../../.deployignore' }],
    // Credentials count only as a pair: a user id without its password cannot look a name up.
    [/^input "environment" "Production" is not an/, { ...HOOK, environment: 'Production', 'api-user-id': USER }],
    [/^input "environment" "Production" is not an/, { ...HOOK, environment: 'Production', 'api-password': PASSWORD }],
    [required('api-user-id', 'deploy and install copy'), without({ ...DEPLOY, ...COPY }, 'api-user-id')],
    [both('deploy and install copy'), without({ ...DEPLOY, ...COPY }, ...Object.keys(CREDS))],
    [required('github-token', 'github-deployment'), { ...DEPLOY, 'github-deployment': 'true' }],
    [required('github-token', 'pr-comment'), { ...DELETE, 'pr-comment': 'true' }],
    [required('github-token', 'rollback-on-failure'), { ...DEPLOY, 'rollback-on-failure': 'true' }],
    [alone('delete', 'deploy'), { ...DELETE, deploy: 'true' }],
    [alone('rollback', 'deploy'), { ...ROLLBACK, deploy: 'true' }],
    [alone('delete', 'sweep'), { ...SWEEP, 'delete-environment': 'true', environment: 'pr-1' }],
    [alone('sweep', 'deploy'), { ...SWEEP, deploy: 'true', environment: 'pr-1' }],
    // skip-without-credentials: one credential empty is a mistake, not a fork's run; it is off by default.
    [required('api-password', 'deploy'), { ...SKIP, 'api-user-id': USER }],
    [both('deploy'), { ...SKIP, 'skip-without-credentials': '' }],
    [NOTHING, { 'skip-without-credentials': 'true', 'api-user-id': USER }],
    [both('deploy'), { ...SKIP, deploy: 'true', webhook: 'rebuild', 'webhook-token': TOKEN }],
    [/^input "timeout": "soon" is not a duration/, { ...SKIP, timeout: 'soon' }],
  ])('%s', (expected, values) => {
    expectProblems(values, [expected].flat());
  });

  it('throws them all in one InputError, one per line', () => {
    const values = { ...without(DEPLOY, 'api-password'), timeout: 'soon', region: 'Moon', 'copy-from': 'demostg' };
    let error: unknown;
    try {
      read({ ...values, 'compression-level': '11', 'env-vars': 'oops' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InputError);
    const { name, problems, message } = error as InputError;
    expect(name).toBe('InputError');
    const inputs = ['copy-to', 'region', 'env-vars', 'compression-level', 'timeout', 'api-password'];
    expect(problems).toEqual(inputs.map((input) => expect.stringMatching(`^input "${input}"`)));
    expect(message.split('\n')).toEqual(problems);
  });
});

describe('what each step reads', () => {
  it('a deploy, with the defaults of action.yml', () => {
    expect(read(DEPLOY)).toEqual({
      workspace: WS,
      credentials: { userId: USER, password: PASSWORD },
      hostingUrl: null,
      headlessUrl: API,
      account: 'demo',
      app: 'shop',
      environment: 'staging',
      dryRun: false,
      prComment: false,
      run: { repository: null, sha: null, runId: null, publicRepository: null },
      githubToken: null,
      skipped: null,
      steps: [
        {
          name: 'deploy',
          inputs: {
            account: 'demo',
            app: 'shop',
            environment: 'staging',
            headlessUrl: API,
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
            whenBusy: 'wait',
            githubDeployment: false,
            skipUnchanged: false,
            skipIfDigest: null,
            environmentUrl: null,
            health: null,
            keep: null,
            rollbackOnFailure: false,
            archiveKey: null,
          },
        },
      ],
      warnings: [],
    });
  });

  const STEP_BASE: Record<StepName, Values> = {
    ...BASE,
    'install copy': COPY,
    webhook: HOOK,
    'fleet plan': { 'fleet-plan': 'true', fleet: 'fleet.yml' },
  };
  // [step, inputs added to its base, what its record holds]
  it.each<[StepName, Values, object]>([
    ['deploy', { deploy: 'True', region: 'eu-w' }, { region: 'EU-W', regionGiven: true }],
    // An explicit region that is the default is no region given.
    ['deploy', { region: 'US-C' }, { regionGiven: false }],
    ['deploy', { 'create-missing': 'FALSE' }, { createMissing: false }],
    ['deploy', { 'cms-environment': 'demostg' }, { cmsEnvironment: 'demostg' }],
    ['deploy', { 'env-vars': 'B=x=y' }, { shellVariables: [{ key: 'B', value: 'x=y' }] }],
    // Comments only: set to none.
    ['deploy', { 'env-vars': '# none' }, { shellVariables: [] }],
    ['deploy', { 'env-vars-mode': 'Replace' }, { envVarsMode: 'replace' }],
    ['deploy', { path: './web/dist/' }, { path: 'web/dist', absolutePath: nodePath.join(WS, 'web', 'dist') }],
    ['deploy', { path: 'web', 'exclude-from': '.x' }, { excludeFrom: nodePath.join(WS, 'web', '.x') }],
    ['deploy', { exclude: '*.map\n\ncoverage/' }, { exclude: ['*.map', 'coverage/'] }],
    ['deploy', { 'compression-level': '0' }, { compressionLevel: 0 }],
    ['deploy', { wait: 'false', timeout: '1h30m' }, { wait: false, timeoutMs: 5_400_000 }],
    ['deploy', { 'headless-api-url': 'http://127.0.0.1:1/h/' }, { headlessUrl: 'http://127.0.0.1:1/h' }],
    ['deploy', { 'upload-mode': 'Stream' }, { uploadMode: 'stream' }],
    ['deploy', { ...GITHUB, 'github-deployment': 'true' }, { githubDeployment: true }],
    ['deploy', { ...GITHUB, 'github-deployment': 'true', 'skip-unchanged': 'true' }, { skipUnchanged: true }],
    ['deploy', { 'skip-if-digest': `sha256:${'0a'.repeat(32)}` }, { skipIfDigest: `sha256:${'0a'.repeat(32)}` }],
    ['deploy', { ...GITHUB, 'rollback-on-failure': 'true' }, { rollbackOnFailure: true }],
    ['deploy', HEALTH, { health: { expect: { source: '200-399' }, text: null, timeoutMs: 300_000 } }],
    ['deploy', { ...HEALTH, 'health-expect': '200' }, { health: { expect: { ranges: [[200, 200]] } } }],
    ['deploy', { ...HEALTH, 'health-text': 'Welcome' }, { health: { text: 'Welcome' } }],
    ['deploy', { ...HEALTH, 'health-timeout': '90s' }, { health: { timeoutMs: 90_000 } }],
    ['deploy', { 'health-url': 'url', 'environment-url': 'https://{app}.x' }, { health: { url: { kind: 'url' } } }],
    ['deploy', { ...HOOK, deploy: 'true' }, { environment: ENV_ID }],
    ['wait', {}, { operation: OP, headlessUrl: API, timeoutMs: 1_800_000 }],
    ['wait', { operation: OP.replace('shop', 'v1') }, { operation: OP.replace('shop', 'v1') }],
    ['wait', { operation: `/v1/${OP}`, timeout: '10m' }, { operation: OP, timeoutMs: 600_000 }],
    ['wait', { operation: `v1/${OP}` }, { operation: OP }],
    ['wait', { operation: `/${OP}` }, { operation: OP }],
    ['wait', {}, { build: null }],
    ['wait', { build: '1a2b3c4d' }, { build: '1a2b3c4d' }],
    [
      'wait',
      { build: `/v1/${OP.replace(/operations\/.*/, 'builds/1a2b')}` },
      { build: OP.replace(/operations\/.*/, 'builds/1a2b') },
    ],
    ['deploy', { 'when-busy': 'FAIL' }, { whenBusy: 'fail' }],
    ['install copy', {}, { hostingUrl: 'https://api.example.com', from: 'demostg', to: 'demoprod' }],
    ['install copy', { 'copy-to': UUID }, { to: UUID }],
    ['install copy', { 'copy-files': 'false' }, { includeFiles: false, includeDatabase: true }],
    ['install copy', { 'copy-db-tables': 'a, b\nc' }, { dbTables: ['a', 'b', 'c'] }],
    ['install copy', { 'notification-emails': 'o@x.co\nd@x.co' }, { notificationEmails: ['o@x.co', 'd@x.co'] }],
    ['webhook', { webhook: 'Clean-Rebuild' }, { by: 'parts', name: 'clean-rebuild', action: 'cleanRebuild' }],
    ['webhook', {}, { account: 'demo', app: 'shop', environment: ENV_ID, headlessUrl: API, token: TOKEN }],
    // A display name, which the credentials can look up.
    ['webhook', { ...CREDS, environment: 'PR 12 preview' }, { by: 'parts', environment: 'PR 12 preview' }],
    ['delete', {}, { pattern: { source: 'pr-*' } }],
    // An id goes on to the lookup, which checks its display name.
    ['delete', { environment: '0a1b2c3d' }, { environment: '0a1b2c3d' }],
    ['delete', { environment: 'preview-x', 'delete-pattern': 'preview-*' }, { pattern: { source: 'preview-*' } }],
    ['sweep', {}, { max: 20, pattern: { source: 'pr-*' }, githubDeployment: false }],
    ['sweep', { 'sweep-max': '3', 'delete-pattern': 'preview-*' }, { max: 3, pattern: { source: 'preview-*' } }],
    ['sweep', { 'sweep-max': '0' }, { max: 0 }],
    ['rollback', {}, { want: { kind: 'previous' } }],
    ['rollback', { rollback: '4242' }, { want: { kind: 'run', runId: 4242 } }],
    ['rollback', { 'health-url': 'https://shop.example.com/health' }, { health: { url: { kind: 'template' } } }],
  ])('%s %j: %j', (step, values, want) => {
    expect(stepInputs(read({ ...STEP_BASE[step], ...values }), step)).toMatchObject(want);
  });

  it('a webhook by URL alone', () => {
    expect(stepInputs(read({ 'webhook-url': HOOK_URL }), 'webhook')).toEqual({
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

  it('takes the credentials only as a pair, and the GitHub token as given', () => {
    const url = { 'webhook-url': HOOK_URL };
    expect(read({ ...url, 'api-user-id': USER }).credentials).toBeNull();
    expect(read({ ...url, 'api-password': PASSWORD }).credentials).toBeNull();
    expect(read({ ...url, ...CREDS, ...GITHUB }).credentials).toEqual({ userId: USER, password: PASSWORD });
    expect(read({ ...url, ...CREDS, ...GITHUB }).githubToken).toBe('ghs_token');
  });

  it('returns a deeply frozen object', () => {
    const inputs = read({ ...DEPLOY, 'env-vars': 'A=1', exclude: 'x' });
    const deploy = stepInputs(inputs, 'deploy');
    for (const part of [inputs, deploy, deploy?.exclude, deploy?.shellVariables?.[0]])
      expect(Object.isFrozen(part)).toBe(true);
  });
});

describe('keep-archive and where the repository stands', () => {
  const KEEP = { ...DEPLOY, 'keep-archive': 'true' };
  const facts = (publicRepository: boolean | null) => ({
    repository: 'octo-org/shop',
    sha: null,
    runId: '1',
    publicRepository,
  });
  const problems = (values: Values, publicRepository: boolean | null) => {
    try {
      readInputs(getter(values), WS, undefined, facts(publicRepository));
      return [];
    } catch (err) {
      return [...(err as InputError).problems];
    }
  };

  it.each<[string, Values, boolean | null, RegExp | null]>([
    [
      'public: refused',
      KEEP,
      true,
      /^input "keep-archive" is true on a public repository \(octo-org\/shop\).*keep-archive-public: true/,
    ],
    ['public, with keep-archive-public', { ...KEEP, 'keep-archive-public': 'true' }, true, null],
    ['private', KEEP, false, null],
    ['the event does not say', KEEP, null, null],
    ['public, keep-archive false', DEPLOY, true, null],
  ])('%s', (_title, values, publicRepository, problem) => {
    const found = problems(values, publicRepository);
    if (problem === null) expect(found).toEqual([]);
    else expect(found).toEqual([expect.stringMatching(problem)]);
  });
});

describe('which steps run', () => {
  it.each<[Values, StepName[]]>([
    [COPY, ['install copy']],
    [{ ...DEPLOY, ...HOOK, deploy: 'true' }, ['deploy', 'webhook']],
    [{ ...DEPLOY, ...COPY, 'webhook-url': HOOK_URL, deploy: 'true' }, ['deploy', 'install copy', 'webhook']],
    // Wait, then purge.
    [{ ...HOOK, ...WAIT }, ['wait', 'webhook']],
    // app names what to delete from, sweep or roll back: not a deploy.
    [DELETE, ['delete']],
    [SWEEP, ['sweep']],
    [ROLLBACK, ['rollback']],
    [{ ...SKIP, ...CREDS }, ['deploy']],
    [SKIP, []],
  ])('%j: %j', (values, names) => {
    expect(read(values).steps.map((s) => s.name)).toEqual(names);
  });
});

describe('warnings', () => {
  const ignored = (name: string, step: string) => `input "${name}" is ignored: no ${step} runs`;
  it.each<[Values, string[]]>([
    [{ ...HOOK, 'env-vars': 'A=1' }, [ignored('env-vars', 'deploy')]],
    [{ ...HOOK, 'env-vars-mode': 'replace' }, [ignored('env-vars-mode', 'deploy')]],
    [{ ...HOOK, ...GITHUB, 'github-deployment': 'true' }, [ignored('github-deployment', 'deploy or delete or sweep')]],
    [{ ...HOOK, 'copy-db-tables': 'x' }, [ignored('copy-db-tables', 'install copy')]],
    [{ 'webhook-url': HOOK_URL, 'webhook-token': TOKEN }, ['input "webhook-token" is ignored: only "webhook" uses it']],
    [{ 'webhook-url': 'https://hooks.example/webhooks/webhook:rebuild?token=t' }, []],
    [{ ...DEPLOY, 'delete-pattern': 'x-*' }, [ignored('delete-pattern', 'delete or sweep')]],
    [{ ...DEPLOY, 'sweep-max': '5' }, [ignored('sweep-max', 'sweep')]],
    // The GitHub options are a sweep's too.
    [
      { ...SWEEP, environment: 'pr-1', 'github-deployment': 'true', 'pr-comment': 'true' },
      ['input "environment" is ignored: a sweep looks at every environment of the app'],
    ],
    [{ ...DEPLOY, 'health-text': 'W' }, ['input "health-text" is set, but "health-url" is empty: nothing is checked']],
  ])('%j: %j', (values, warnings) => {
    expect(read(values).warnings).toEqual(warnings);
  });
});

describe('skip-without-credentials', () => {
  it.each<[Values, RegExp | null]>([
    [SKIP, /^skipped: "api-user-id", "api-password" are empty and deploy needs them \(.*forks.*skip-without-cred/],
    // A secret no chosen step needs does not stop it.
    [{ ...SKIP, 'webhook-token': TOKEN }, /^skipped: "api-user-id", "api-password" are empty and deploy needs/],
    [{ ...SKIP, 'delete-environment': 'true' }, /are empty and delete needs them/],
    [{ ...SKIP, ...CREDS }, null],
    [{ ...SKIP, deploy: 'false', webhook: 'purge-cache' }, /^skipped: "webhook-token" is empty and webhook needs/],
    [{ ...SKIP, deploy: 'false', webhook: 'purge-cache', 'webhook-token': TOKEN, environment: ENV_ID }, null],
    // An empty webhook-url secret leaves no step at all.
    [{ 'skip-without-credentials': 'true' }, /^skipped: .*"webhook-url" are empty and no step can run/],
    [
      { ...SKIP, deploy: 'true', webhook: 'rebuild' },
      /"api-user-id", "api-password", "webhook-token" are empty and deploy and webhook/,
    ],
  ])('%j: %s', (values, skipped) => {
    expect(read(values).skipped).toEqual(skipped ? expect.stringMatching(skipped) : null);
  });
});

describe('the reader under readInputs', () => {
  const reader = (values: Record<string, string | undefined>) => createReader((n) => values[n]);

  it('trims values, reads a missing or blank one as the default, and a default as not given', () => {
    const input = reader({ 'dry-run': '   ', wait: ' false ', app: '\tshop\n' });
    expect(['dry-run', 'wait', 'app', 'path'].map((name) => input.raw(name))).toEqual(['false', 'false', 'shop', '.']);
    expect(['dry-run', 'app', 'path'].map((name) => input.given(name))).toEqual([false, true, false]);
  });

  it('reads a bad boolean as its default, true or false, and says so once', () => {
    const input = reader({ wait: 'maybe', 'dry-run': 'maybe' });
    expect([input.bool('wait'), input.bool('dry-run'), input.bool('wait')]).toEqual([true, false, true]);
    expect(input.problems).toEqual([
      'input "wait": "maybe" is not a boolean; use true or false',
      'input "dry-run": "maybe" is not a boolean; use true or false',
    ]);
  });

  it('records each problem once, however many rules find it', () => {
    const input = reader({});
    for (const text of ['is wrong', 'is wrong', 'is wrong in another way']) input.problem('app', text);
    expect(input.problems).toEqual(['input "app" is wrong', 'input "app" is wrong in another way']);
  });
});

describe('webhook names', () => {
  it.each([
    ...['purge-cache', 'purgeCache', 'PurgeCache', 'Purge Cache', 'purge_cache'].map((given) => [given, 'purge-cache']),
    ...['cleanRebuild', 'Clean Rebuild'].map((given) => [given, 'clean-rebuild']),
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
