/**
 * The bad-input table: every input of action.yml, given by its INPUT_ name to the bundle, with a
 * value it must refuse, or left out where it is needed, or combined with another it conflicts
 * with. Each row names the input the message must name and a pattern of the fix it must give.
 * One row per input: the variants of each rule are test/unit/inputs.test.ts's and friends'.
 */

/** The inputs a row starts from, before its own overrides. */
export type Base = 'deploy' | 'copy' | 'webhook' | 'none';

export interface BadInput {
  title: string;
  base: Base;
  /** Overrides; '' clears an input of the base. */
  inputs: Record<string, string>;
  /** The input the message must name (as `input "name"`, unless `names` says otherwise). */
  input: string;
  names?: RegExp;
  /** What the message must say to do. */
  fix: RegExp;
}

const OPERATION = 'accounts/demo/apps/shop/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/x';
export const BAD_INPUT_TOKEN = 'wh-tok-93c1e7a2f6';
const HOOK_PATH = '/headless/wh/v1/accounts/demo/apps/shop/environments/abc123/webhooks/webhook';
const BOOLEAN = /use true or false/;
/** health-text's problem is told as health-url's: its "url" needs environment-url. */
const AS_HEALTH_URL = { names: /input "health-url"/ };

/**
 * A row: the base, the overrides, what is wrong, the fix; the input named is the first override's
 * unless `input` says otherwise, and the message names it as `input "name"` unless `names` does.
 */
function row(
  base: Base,
  inputs: Record<string, string>,
  what: string,
  fix: RegExp,
  o: { input?: string; names?: RegExp } = {},
): BadInput {
  const input = o.input ?? Object.keys(inputs)[0]!;
  return { title: `${input} ${what}`, base, inputs, input, fix, ...(o.names ? { names: o.names } : {}) };
}

/** Each boolean input, on its base, with a value it must refuse. */
const NOT_BOOLEAN: [Base, string, string][] = [
  ['deploy', 'deploy', 'yes'],
  ['deploy', 'create-missing', 'maybe'],
  ['deploy', 'wait', 'on'],
  ['deploy', 'dry-run', 'sometimes'],
  ['deploy', 'github-deployment', 'y'],
  ['copy', 'copy-files', '1'],
  ['copy', 'copy-database', 'no'],
  ['deploy', 'delete-environment', 'yes'],
  ['deploy', 'sweep-previews', 'yes'],
  ['deploy', 'keep-archive', 'always'],
  ['deploy', 'rollback-on-failure', 'sometimes'],
  ['deploy', 'pr-comment', 'maybe'],
  ['deploy', 'skip-without-credentials', 'perhaps'],
  ['deploy', 'respect-gitignore', 'sometimes'],
  ['deploy', 'skip-unchanged', 'maybe'],
  ['deploy', 'keep-archive-public', 'sure'],
  ['deploy', 'fleet-plan', 'perhaps'],
];

/** `origin` is the emulator's: a webhook URL that would reach it if the action sent anything. */
export function badInputs(origin: string): BadInput[] {
  const hook = (action: string, query = `?token=${BAD_INPUT_TOKEN}`) => `${origin}${HOOK_PATH}:${action}${query}`;
  const health = { 'health-url': 'https://{app}.example.com' };
  const del = { 'delete-environment': 'true', deploy: '' };
  const sweep = { 'sweep-previews': 'true', deploy: '', environment: '' };
  return [
    // credentials and base URLs
    row('deploy', { 'api-user-id': '' }, 'missing', /set it from a secret/),
    row('deploy', { 'api-password': '' }, 'missing', /set it from a secret/),
    row('copy', { 'api-url': 'http://example.com' }, 'plain http to a remote host', /use https/),
    row('deploy', { 'headless-api-url': 'https://u:p@api.example.com' }, 'with credentials in it', /remove them/),
    // names
    row('deploy', { account: 'accounts/demo' }, 'with its "accounts/" prefix', /give "demo"/),
    row('deploy', { app: 'my shop' }, 'with a space', /give the appId alone/),
    row('deploy', { environment: 'staging/1' }, 'with a slash', /give the environment id/),
    row('deploy', { 'cms-environment': 'Demo-Prod' }, 'not an install name', /3 to 14/),
    // enums, booleans, numbers, durations
    ...NOT_BOOLEAN.map(([base, input, value]) => row(base, { [input]: value }, 'not a boolean', BOOLEAN)),
    row('deploy', { region: 'MARS' }, 'unknown', /use US-C, AUS-SE, UK, EU-W/),
    row('webhook', { webhook: 'restart' }, 'unknown', /use rebuild, clean-rebuild or purge-cache/),
    row('deploy', { 'env-vars-mode': 'sometimes' }, 'unknown', /use merge or replace/),
    row('deploy', { 'upload-mode': 'chunked' }, 'a near miss', /did you mean stream\?/),
    row('deploy', { timeout: '5 minutes' }, 'in words', /use 90s, 15m, 1h or seconds/),
    row('deploy', { 'compression-level': '10' }, '10', /from 0 to 9/),
    row('deploy', { 'max-archive-size': '500 parsecs' }, 'not a size', /500MB/),
    row('deploy', { 'env-vars': 'A=1\nNOVALUE' }, 'line without "="', /write KEY=VALUE/),
    // the install copy
    row('copy', { 'copy-to': 'demostg' }, 'equal to copy-from', /cannot be copied onto itself/),
    row('copy', { 'copy-from': 'Demo Staging' }, 'not an install', /install name .* or uuid/),
    row('copy', { 'copy-db-tables': 'wp_posts', 'copy-database': 'false' }, 'without the database', /clear one/),
    row('copy', { 'notification-emails': 'not-an-email' }, 'not an address', /one address per line/),
    // webhooks, GitHub, the wait step
    row('webhook', { 'webhook-token': '' }, 'missing with webhook', /give the whole "webhook-url"/),
    row('none', { 'webhook-url': hook('rebuild', '') }, 'without its token', /copy the whole URL/),
    row('deploy', { 'github-token': '', 'github-deployment': 'true' }, 'missing', /github\.token/),
    row('deploy', { operation: OPERATION }, 'together with a deploy', /clear "operation"/),
    row('none', { build: 'x/builds/no_build', operation: OPERATION }, 'no build', /leave "build" empty/),
    row('deploy', { 'when-busy': 'later' }, 'unknown', /use wait, upload or fail/),
    // delete, sweep, health, keep and rollback
    row('deploy', { 'delete-pattern': '!production', ...del }, 'negated', /name what may be deleted/),
    row('deploy', { 'sweep-max': 'lots', ...sweep }, 'not a whole number', /from 0 to 1000/),
    row('deploy', { 'environment-url': 'http://{app}.example.com' }, 'over plain http', /give the https URL/),
    row('deploy', { ...health, wait: 'false' }, 'with wait false', /set wait: true/),
    row('deploy', { 'health-expect': '2xx', ...health }, 'not statuses', /such as 200 or 200-299/),
    row('deploy', { 'health-text': 'Hi', 'health-url': 'url' }, 'with "url"', /set environment-url/, AS_HEALTH_URL),
    row('deploy', { 'health-timeout': 'soon', ...health }, 'not a duration', /use 90s, 15m/),
    row(
      'deploy',
      { 'keep-archive-days': '365', 'keep-archive': 'true', 'archive-key': 'k3y-of-the-archives' },
      'out of range',
      /from 1 to 90/,
    ),
    row('deploy', { 'skip-if-digest': 'abc123' }, 'not a digest', /content-digest output of an earlier run/),
    row('deploy', { rollback: 'last-good', deploy: '' }, 'not a run', /neither "previous" nor a workflow run id/),
    // what the deploy step finds on disk in its pre-flight, before the first request
    row('deploy', { path: 'leads-out' }, 'a symlink out of the workspace', /give a directory inside the workspace/),
    row('deploy', { exclude: '*' }, 'leaving nothing', /check path, exclude and exclude-from/, { input: 'path' }),
    row('deploy', { 'exclude-from': '../../../etc/passwd' }, 'outside the workspace', /give a path inside it/),
    row('deploy', { 'allow-files': '.env\n!.env.prod' }, 'with a "!" line', /list the files meant to be uploaded/),
    // fleets: the file and the target are read before the first request
    row('deploy', { fleet: '../fleet.yml', target: 'shop-staging' }, 'outside the workspace', /give a file inside it/),
    row('deploy', { target: 'shop-staging' }, 'without "fleet"', /the fleet file that names the target/),
    row('none', { 'changed-since': '--output=x', 'fleet-plan': 'true', fleet: 'f.yml' }, 'an option', /give a branch/),
  ];
}
