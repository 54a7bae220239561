/**
 * The bad-input table: every input of action.yml given a value it must refuse, or left out
 * where it is needed, or combined with another it conflicts with. Each row names the input the
 * message must name and a pattern of the fix it must give.
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

const UUID = '02b09db7-7662-4edb-bc22-2f11bc7e65c4';
export const BAD_INPUT_TOKEN = 'wh-tok-93c1e7a2f6';
const HOOK_PATH = '/headless/wh/v1/accounts/demo/apps/shop/environments/abc123/webhooks/webhook';

/** `webhookBase` is the emulator's origin: a webhook URL that would reach it if the action sent anything. */
export function badInputs(origin: string): BadInput[] {
  const hook = (action: string, query = `?token=${BAD_INPUT_TOKEN}`) => `${origin}${HOOK_PATH}:${action}${query}`;
  const rows: BadInput[] = [
    // credentials and base URLs
    {
      title: 'api-user-id missing',
      base: 'deploy',
      inputs: { 'api-user-id': '' },
      input: 'api-user-id',
      fix: /set it from a secret/,
    },
    {
      title: 'api-password missing',
      base: 'deploy',
      inputs: { 'api-password': '' },
      input: 'api-password',
      fix: /set it from a secret/,
    },
    {
      title: 'api-user-id with a colon',
      base: 'deploy',
      inputs: { 'api-user-id': 'team:ci' },
      input: 'api-user-id',
      fix: /set it to the API user id alone/,
    },
    {
      title: 'api-url plain http to a remote host',
      base: 'copy',
      inputs: { 'api-url': 'http://example.com' },
      input: 'api-url',
      fix: /use https/,
    },
    {
      title: 'api-url not a URL',
      base: 'copy',
      inputs: { 'api-url': 'api.example.com/hosting' },
      input: 'api-url',
      fix: /give one such as https:/,
    },
    {
      title: 'api-url ending in /v1',
      base: 'copy',
      inputs: { 'api-url': 'https://api.example.com/v1' },
      input: 'api-url',
      fix: /without it/,
    },
    {
      title: 'api-url with a query',
      base: 'copy',
      inputs: { 'api-url': 'https://api.example.com/?x=1' },
      input: 'api-url',
      fix: /give the base URL only/,
    },
    {
      title: 'api-url with an ftp scheme',
      base: 'copy',
      inputs: { 'api-url': 'ftp://api.example.com' },
      input: 'api-url',
      fix: /use https/,
    },
    {
      title: 'api-url missing for an install copy',
      base: 'copy',
      inputs: { 'api-url': '' },
      input: 'api-url',
      fix: /set it to the hosting API base URL/,
    },
    {
      title: 'headless-api-url plain http to a remote host',
      base: 'deploy',
      inputs: { 'headless-api-url': 'http://example.com/headless' },
      input: 'headless-api-url',
      fix: /use https/,
    },
    {
      title: 'headless-api-url with credentials in it',
      base: 'deploy',
      inputs: { 'headless-api-url': 'https://u:p@api.example.com' },
      input: 'headless-api-url',
      fix: /remove them/,
    },
    {
      title: 'headless-api-url missing for a deploy',
      base: 'deploy',
      inputs: { 'headless-api-url': '' },
      input: 'headless-api-url',
      fix: /set it to the headless API base URL/,
    },
    // names
    {
      title: 'account with its "accounts/" prefix',
      base: 'deploy',
      inputs: { account: 'accounts/demo' },
      input: 'account',
      fix: /give "demo", without "accounts\/"/,
    },
    {
      title: 'account missing',
      base: 'deploy',
      inputs: { account: '' },
      input: 'account',
      fix: /set it to the headless account name/,
    },
    {
      title: 'app with a space',
      base: 'deploy',
      inputs: { app: 'my shop' },
      input: 'app',
      fix: /give the appId alone/,
    },
    {
      title: 'app with a question mark',
      base: 'deploy',
      inputs: { app: 'shop?x=1' },
      input: 'app',
      fix: /give the appId alone/,
    },
    {
      title: 'environment missing',
      base: 'deploy',
      inputs: { environment: '' },
      input: 'environment',
      fix: /set it to the environment id or display name/,
    },
    {
      title: 'environment with a slash',
      base: 'deploy',
      inputs: { environment: 'staging/1' },
      input: 'environment',
      fix: /give the environment id or display name/,
    },
    // enums and booleans
    {
      title: 'deploy not a boolean',
      base: 'deploy',
      inputs: { deploy: 'yes' },
      input: 'deploy',
      fix: /use true or false/,
    },
    {
      title: 'region unknown',
      base: 'deploy',
      inputs: { region: 'MARS' },
      input: 'region',
      fix: /use US-C, AUS-SE, UK, EU-W/,
    },
    {
      title: 'create-missing not a boolean',
      base: 'deploy',
      inputs: { 'create-missing': 'maybe' },
      input: 'create-missing',
      fix: /use true or false/,
    },
    { title: 'wait not a boolean', base: 'deploy', inputs: { wait: 'on' }, input: 'wait', fix: /use true or false/ },
    {
      title: 'dry-run not a boolean',
      base: 'deploy',
      inputs: { 'dry-run': 'sometimes' },
      input: 'dry-run',
      fix: /use true or false/,
    },
    {
      title: 'github-deployment not a boolean',
      base: 'deploy',
      inputs: { 'github-deployment': 'y' },
      input: 'github-deployment',
      fix: /use true or false/,
    },
    {
      title: 'copy-files not a boolean',
      base: 'copy',
      inputs: { 'copy-files': '1' },
      input: 'copy-files',
      fix: /use true or false/,
    },
    {
      title: 'copy-database not a boolean',
      base: 'copy',
      inputs: { 'copy-database': 'no' },
      input: 'copy-database',
      fix: /use true or false/,
    },
    {
      title: 'webhook unknown',
      base: 'webhook',
      inputs: { webhook: 'restart' },
      input: 'webhook',
      fix: /use rebuild, clean-rebuild or purge-cache/,
    },
    // install names, uuids, emails
    {
      title: 'cms-environment not an install name',
      base: 'deploy',
      inputs: { 'cms-environment': 'Demo-Prod' },
      input: 'cms-environment',
      fix: /3 to 14 lower-case letters and digits/,
    },
    {
      title: 'copy-from not an install name or uuid',
      base: 'copy',
      inputs: { 'copy-from': 'Demo Staging' },
      input: 'copy-from',
      fix: /install name .* or uuid/,
    },
    {
      title: 'copy-to too short',
      base: 'copy',
      inputs: { 'copy-to': 'pr' },
      input: 'copy-to',
      fix: /install name .* or uuid/,
    },
    {
      title: 'copy-from a uuid one digit short',
      base: 'copy',
      inputs: { 'copy-from': UUID.slice(0, -1) },
      input: 'copy-from',
      fix: /install name .* or uuid/,
    },
    {
      title: 'notification-emails not an address',
      base: 'copy',
      inputs: { 'notification-emails': 'ops@example.com\nnot-an-email' },
      input: 'notification-emails',
      fix: /give one address per line/,
    },
    // durations and levels
    {
      title: 'timeout in words',
      base: 'deploy',
      inputs: { timeout: '5 minutes' },
      input: 'timeout',
      fix: /use 90s, 15m, 1h or seconds/,
    },
    {
      title: 'timeout zero',
      base: 'deploy',
      inputs: { timeout: '0s' },
      input: 'timeout',
      fix: /give a positive duration/,
    },
    {
      title: 'timeout past setTimeout',
      base: 'deploy',
      inputs: { timeout: '999h' },
      input: 'timeout',
      fix: /give a shorter duration/,
    },
    {
      title: 'compression-level 10',
      base: 'deploy',
      inputs: { 'compression-level': '10' },
      input: 'compression-level',
      fix: /whole number from 0 to 9/,
    },
    {
      title: 'compression-level a word',
      base: 'deploy',
      inputs: { 'compression-level': 'fast' },
      input: 'compression-level',
      fix: /whole number from 0 to 9/,
    },
    {
      title: 'compression-level negative',
      base: 'deploy',
      inputs: { 'compression-level': '-1' },
      input: 'compression-level',
      fix: /whole number from 0 to 9/,
    },
    {
      title: 'upload-mode a near miss',
      base: 'deploy',
      inputs: { 'upload-mode': 'chunked' },
      input: 'upload-mode',
      fix: /did you mean stream\? use auto, stream or file/,
    },
    // env-var lines
    {
      title: 'env-vars line without "="',
      base: 'deploy',
      inputs: { 'env-vars': 'A=1\nNOVALUE' },
      input: 'env-vars',
      fix: /write KEY=VALUE/,
    },
    {
      title: 'env-vars key starting with a digit',
      base: 'deploy',
      inputs: { 'env-vars': '1ST=x' },
      input: 'env-vars',
      fix: /use letters, digits and _/,
    },
    {
      title: 'env-vars key set twice',
      base: 'deploy',
      inputs: { 'env-vars': 'A=1\nA=2' },
      input: 'env-vars',
      fix: /set each variable once/,
    },
    // conflicting combinations
    {
      title: 'deploy true without app',
      base: 'copy',
      inputs: { deploy: 'true' },
      input: 'deploy',
      fix: /set "app" to the app id/,
    },
    {
      title: 'deploy empty with app and a webhook',
      base: 'deploy',
      inputs: { webhook: 'rebuild', 'webhook-token': BAD_INPUT_TOKEN },
      input: 'deploy',
      fix: /set deploy: true .* or deploy: false/,
    },
    {
      title: 'deploy false and nothing else',
      base: 'deploy',
      inputs: { deploy: 'false' },
      input: 'deploy',
      fix: /set "app" to deploy/,
    },
    // inputs added with the wait and delete steps, previews and safer env-vars
    {
      title: 'env-vars-mode unknown',
      base: 'deploy',
      inputs: { 'env-vars-mode': 'sometimes' },
      input: 'env-vars-mode',
      fix: /use merge or replace/,
    },
    {
      title: 'operation together with a deploy',
      base: 'deploy',
      inputs: { operation: 'accounts/demo/apps/shop/environments/0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015/operations/x' },
      input: 'operation',
      fix: /clear "operation", or set deploy: false/,
    },
    {
      title: 'delete-environment not a boolean',
      base: 'deploy',
      inputs: { 'delete-environment': 'yes' },
      input: 'delete-environment',
      fix: /use true or false/,
    },
    {
      title: 'delete-pattern negated',
      base: 'deploy',
      inputs: { 'delete-environment': 'true', deploy: '', 'delete-pattern': '!production' },
      input: 'delete-pattern',
      fix: /name what may be deleted/,
    },
    {
      title: 'sweep-previews not a boolean',
      base: 'deploy',
      inputs: { 'sweep-previews': 'yes' },
      input: 'sweep-previews',
      fix: /use true or false/,
    },
    {
      title: 'sweep-max not a whole number',
      base: 'deploy',
      inputs: { 'sweep-previews': 'true', deploy: '', environment: '', 'sweep-max': 'lots' },
      input: 'sweep-max',
      names: /input "sweep-max"/,
      fix: /whole number from 0 to 1000/,
    },
    {
      title: 'environment-url over plain http',
      base: 'deploy',
      inputs: { 'environment-url': 'http://{app}.example.com' },
      input: 'environment-url',
      fix: /give the https URL/,
    },
    {
      title: 'health-url with wait false',
      base: 'deploy',
      inputs: { 'health-url': 'https://{app}.example.com', wait: 'false' },
      input: 'health-url',
      fix: /remove health-url, or set wait: true/,
    },
    {
      title: 'health-expect not statuses',
      base: 'deploy',
      inputs: { 'health-url': 'https://{app}.example.com', 'health-expect': '2xx' },
      input: 'health-expect',
      names: /input "health-expect"/,
      fix: /use codes from 100 to 599, such as 200 or 200-299/,
    },
    {
      title: 'health-text with health-url "url" but no environment-url',
      base: 'deploy',
      inputs: { 'health-url': 'url', 'health-text': 'Welcome' },
      input: 'health-text',
      names: /input "health-url"/,
      fix: /set environment-url, or give the URL to check/,
    },
    {
      title: 'keep-archive not a boolean',
      base: 'deploy',
      inputs: { 'keep-archive': 'always' },
      input: 'keep-archive',
      fix: /use true or false/,
    },
    {
      title: 'keep-archive-days out of range',
      base: 'deploy',
      inputs: { 'keep-archive': 'true', 'keep-archive-days': '365' },
      input: 'keep-archive-days',
      names: /input "keep-archive-days"/,
      fix: /whole number from 1 to 90/,
    },
    {
      title: 'health-timeout not a duration',
      base: 'deploy',
      inputs: { 'health-url': 'https://{app}.example.com', 'health-timeout': 'soon' },
      input: 'health-timeout',
      names: /input "health-timeout"/,
      fix: /use 90s, 15m, 1h or seconds/,
    },
    {
      title: 'pr-comment not a boolean',
      base: 'deploy',
      inputs: { 'pr-comment': 'maybe' },
      input: 'pr-comment',
      fix: /use true or false/,
    },
    {
      title: 'skip-without-credentials not a boolean',
      base: 'deploy',
      inputs: { 'skip-without-credentials': 'perhaps' },
      input: 'skip-without-credentials',
      fix: /use true or false/,
    },
    {
      title: 'no step at all',
      base: 'none',
      inputs: {},
      input: 'app',
      fix: /set "app" to deploy, .*"copy-from" and "copy-to"/,
    },
    {
      title: 'copy-from without copy-to',
      base: 'copy',
      inputs: { 'copy-to': '' },
      input: 'copy-to',
      fix: /set both for an install copy, or neither/,
    },
    {
      title: 'copy-to without copy-from',
      base: 'copy',
      inputs: { 'copy-from': '' },
      input: 'copy-from',
      fix: /set both for an install copy, or neither/,
    },
    {
      title: 'copy-from equal to copy-to',
      base: 'copy',
      inputs: { 'copy-to': 'demostg' },
      input: 'copy-to',
      fix: /cannot be copied onto itself/,
    },
    {
      title: 'copy-files and copy-database both false',
      base: 'copy',
      inputs: { 'copy-files': 'false', 'copy-database': 'false' },
      input: 'copy-files',
      fix: /set one to true/,
    },
    {
      title: 'copy-db-tables without the database',
      base: 'copy',
      inputs: { 'copy-database': 'false', 'copy-db-tables': 'wp_posts' },
      input: 'copy-db-tables',
      fix: /clear one/,
    },
    {
      title: 'webhook and webhook-url both',
      base: 'webhook',
      inputs: { 'webhook-url': hook('rebuild') },
      input: 'webhook-url',
      fix: /keep one/,
    },
    {
      title: 'webhook without webhook-token',
      base: 'webhook',
      inputs: { 'webhook-token': '' },
      input: 'webhook-token',
      fix: /set it from a secret, or give the whole "webhook-url"/,
    },
    {
      title: 'github-deployment without github-token',
      base: 'deploy',
      inputs: { 'github-deployment': 'true', 'github-token': '' },
      input: 'github-token',
      fix: /set it, e\.g\. to \$\{\{ github\.token \}\}/,
    },
    // webhook URLs
    {
      title: 'webhook-url plain http to a remote host',
      base: 'none',
      inputs: { 'webhook-url': `http://example.com${HOOK_PATH}:rebuild?token=abc` },
      input: 'webhook-url',
      fix: /use https/,
    },
    {
      title: 'webhook-url without its token',
      base: 'none',
      inputs: { 'webhook-url': hook('rebuild', '') },
      input: 'webhook-url',
      fix: /copy the whole URL from the portal/,
    },
    {
      title: 'webhook-url with an unknown action',
      base: 'none',
      inputs: { 'webhook-url': hook('explode') },
      input: 'webhook-url',
      fix: /expected rebuild, cleanRebuild or purgeCache/,
    },
    {
      title: 'webhook-url not a URL',
      base: 'none',
      inputs: { 'webhook-url': 'rebuild please' },
      input: 'webhook-url',
      fix: /give one such as https:/,
    },
    // path, excludes: some are found only on disk, by the deploy step's pre-flight
    {
      title: 'path outside the workspace',
      base: 'deploy',
      inputs: { path: '../elsewhere' },
      input: 'path',
      fix: /give a path inside it/,
    },
    {
      title: 'path absolute, outside the workspace',
      base: 'deploy',
      inputs: { path: '/etc' },
      input: 'path',
      fix: /give a path inside it/,
    },
    {
      title: 'path missing on disk',
      base: 'deploy',
      inputs: { path: 'not-checked-out' },
      input: 'path',
      fix: /check out the code first/,
    },
    {
      title: 'path a file',
      base: 'deploy',
      inputs: { path: 'package.json' },
      input: 'path',
      fix: /give the directory to zip/,
    },
    {
      title: 'path a symlink leading out of the workspace',
      base: 'deploy',
      inputs: { path: 'leads-out' },
      input: 'path',
      fix: /give a directory inside the workspace/,
    },
    {
      title: 'nothing left after exclude',
      base: 'deploy',
      inputs: { exclude: '*' },
      input: 'path',
      fix: /check path, exclude and exclude-from/,
    },
    {
      title: 'nothing left after the default excludes',
      base: 'deploy',
      inputs: { path: 'only-excluded' },
      input: 'path',
      fix: /check path, exclude and exclude-from/,
    },
    {
      title: 'exclude-from outside the workspace',
      base: 'deploy',
      inputs: { 'exclude-from': '../../../etc/passwd' },
      input: 'exclude-from',
      fix: /give a path inside it/,
    },
    {
      title: 'exclude-from missing on disk',
      base: 'deploy',
      inputs: { 'exclude-from': '.deployignore-missing' },
      input: 'exclude-from',
      names: /exclude-from file/,
      fix: /give a path relative to the path input/,
    },
  ];
  return rows;
}
