/**
 * The only reader of the action's inputs: every input is read once, checked against every
 * rule of CONTRACT.md §1, and turned into a frozen, typed `Inputs`, or into one InputError that
 * lists every problem, so a workflow author fixes them all in one round.
 */
import * as nodePath from 'node:path';
import { REGIONS } from './api/types.js';
import type { Region } from './api/types.js';
import { createReader } from './inputs-reader.js';
import type { InputReader } from './inputs-reader.js';
import { chooseSteps, ignoredInputs, requireInputs } from './inputs-steps.js';
import type { CopyInputs, DeployInputs, InputGetter, Inputs, WebhookInputs, WebhookName } from './inputs-types.js';
import {
  isEmail,
  isInstallName,
  isPathSegment,
  isUuid,
  parseBaseUrl,
  parseDuration,
  parseEnvVars,
  parseIntInRange,
  parseLines,
  parseList,
  parseWebhookUrl,
  quote,
  resolveInside,
} from './util/parse.js';

export type * from './inputs-types.js';
export { INPUT_DEFAULTS } from './inputs-reader.js';
export { secretValues } from './inputs-secrets.js';

/** Every problem with the inputs, one per line; thrown before the first request. */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

const WEBHOOK_ACTION_OF = { rebuild: 'rebuild', 'clean-rebuild': 'cleanRebuild', 'purge-cache': 'purgeCache' } as const;
const NAME_RULE = 'no slashes, spaces, "?", "#" or "%"';
const INSTALL_RULE = '3 to 14 lower-case letters and digits, starting with a letter';

/**
 * Reads and checks every input. `workspace` is the absolute directory `path` is relative to
 * (GITHUB_WORKSPACE); only strings are compared here, existence is checked later by I/O.
 */
export function readInputs(getInput: InputGetter, workspace: string): Inputs {
  const input = createReader(getInput);
  const steps = chooseSteps(input);
  const names = readNames(input);
  const deployPath = input.parse('path', (v) => resolveInside(workspace, workspace, v));
  const deployFields = {
    region: input.parse('region', parseRegion),
    createMissing: input.bool('create-missing'),
    cmsEnvironment: readCmsEnvironment(input),
    shellVariables: input.parse('env-vars', parseEnvVars),
    exclude: parseLines(input.raw('exclude')),
    excludeFrom: input.parse('exclude-from', (v) => resolveInside(workspace, deployPath ?? workspace, v)),
    compressionLevel: input.parse('compression-level', (v) => parseIntInRange(v, 0, 9)),
    wait: input.bool('wait'),
    timeoutMs: input.parse('timeout', parseDuration),
  };
  const copyFields = readCopy(input, steps.runCopy);
  const hostingUrl = input.parse('api-url', parseBaseUrl);
  const headlessUrl = input.parse('headless-api-url', parseBaseUrl);
  const webhookName = input.parse('webhook', parseWebhookName);
  const webhookUrl = input.parse('webhook-url', parseWebhookUrl);
  const dryRun = input.bool('dry-run');
  const githubDeployment = input.bool('github-deployment');
  if (input.raw('api-user-id').includes(':')) {
    // Never echo it: the user id is masked like a secret.
    input.problem(
      'api-user-id',
      'holds a ":", which HTTP Basic credentials cannot carry; set it to the API user id alone',
    );
  }
  requireInputs(input, steps, githubDeployment);
  if (input.problems.length > 0) throw new InputError(input.problems);

  // No problems: every value a running step needs was given and parsed, so the casts hold.
  const deploy: DeployInputs | null = steps.runDeploy
    ? {
        ...names,
        ...deployFields,
        headlessUrl: headlessUrl as string,
        region: deployFields.region as Region,
        path:
          nodePath
            .relative(workspace, deployPath as string)
            .split(nodePath.sep)
            .join('/') || '.',
        absolutePath: deployPath as string,
        compressionLevel: deployFields.compressionLevel as number,
        timeoutMs: deployFields.timeoutMs as number,
      }
    : null;
  const copy: CopyInputs | null = steps.runCopy ? { hostingUrl: hostingUrl as string, ...copyFields } : null;
  let webhook: WebhookInputs | null = null;
  if (webhookUrl) {
    const name = (Object.keys(WEBHOOK_ACTION_OF) as WebhookName[]).find(
      (n) => WEBHOOK_ACTION_OF[n] === webhookUrl.action,
    ) as WebhookName;
    webhook = { by: 'url', name, ...webhookUrl };
  } else if (webhookName) {
    const { account, app, environment } = names;
    const [action, token] = [WEBHOOK_ACTION_OF[webhookName], input.raw('webhook-token')];
    webhook = {
      by: 'parts',
      name: webhookName,
      action,
      account,
      app,
      environment,
      token,
      headlessUrl: headlessUrl as string,
    };
  }
  const userId = input.raw('api-user-id');
  const password = input.raw('api-password');
  return deepFreeze({
    credentials: userId !== '' && password !== '' ? { userId, password } : null,
    hostingUrl,
    headlessUrl,
    account: names.account || null,
    deploy,
    copy,
    webhook,
    dryRun,
    githubToken: input.raw('github-token') || null,
    githubDeployment: githubDeployment && steps.runDeploy,
    warnings: ignoredInputs(input, steps, githubDeployment),
  });
}

/** account, app and environment: shared by deploy and a webhook given by parts. */
function readNames(input: InputReader) {
  const account = input.raw('account');
  if (account !== '' && !isPathSegment(account)) {
    const fix = account.startsWith('accounts/')
      ? `give ${quote(account.slice(9))}, without "accounts/"`
      : 'give the name alone';
    input.problem('account', `${quote(account)} is not an account name: ${NAME_RULE}; ${fix}`);
  }
  const app = input.raw('app');
  if (app !== '' && !isPathSegment(app)) {
    input.problem('app', `${quote(app)} is not an app id: ${NAME_RULE}; give the appId alone`);
  }
  const environment = input.raw('environment');
  if ([...environment].some((c) => c === '/' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    input.problem(
      'environment',
      `${quote(environment)} has a slash or a control character; give the environment id or display name`,
    );
  }
  return { account, app, environment };
}

function readCmsEnvironment(input: InputReader): string | null {
  const cms = input.raw('cms-environment');
  if (cms !== '' && !isInstallName(cms))
    input.problem('cms-environment', `${quote(cms)} is not an install name (${INSTALL_RULE})`);
  return cms || null;
}

function readCopy(input: InputReader, runCopy: boolean): Omit<CopyInputs, 'hostingUrl'> {
  const from = input.raw('copy-from');
  const to = input.raw('copy-to');
  for (const [name, value] of [
    ['copy-from', from],
    ['copy-to', to],
  ] as const) {
    if (value !== '' && !isInstallName(value) && !isUuid(value)) {
      input.problem(name, `${quote(value)} is not an install name (${INSTALL_RULE}) or uuid`);
    }
  }
  if (runCopy && from.toLowerCase() === to.toLowerCase()) {
    input.problem('copy-to', 'is the same install as "copy-from"; an install cannot be copied onto itself');
  }
  const includeFiles = input.bool('copy-files');
  const includeDatabase = input.bool('copy-database');
  if (runCopy && !includeFiles && !includeDatabase) {
    input.problem(
      'copy-files',
      'and input "copy-database" are both false, so the install copy would copy nothing; set one to true',
    );
  }
  const dbTables = parseList(input.raw('copy-db-tables'));
  if (dbTables.length > 0 && !includeDatabase) {
    input.problem(
      'copy-db-tables',
      'is set while "copy-database" is false; tables are copied only with the database, so clear one',
    );
  }
  const notificationEmails = parseList(input.raw('notification-emails'));
  const bad = notificationEmails.filter((email) => !isEmail(email));
  if (bad.length > 0) {
    const verb = bad.length > 1 ? 'are not email addresses' : 'is not an email address';
    input.problem('notification-emails', `has ${bad.map(quote).join(', ')}, which ${verb}; give one address per line`);
  }
  return { from, to, includeFiles, includeDatabase, dbTables, notificationEmails };
}

function parseRegion(value: string): Region {
  const region = REGIONS.find((r) => r === value.toUpperCase());
  if (!region) throw new Error(`${quote(value)} is not a region; use ${REGIONS.join(', ')}`);
  return region;
}

function parseWebhookName(value: string): WebhookName {
  const name = value.toLowerCase();
  if (!(name in WEBHOOK_ACTION_OF))
    throw new Error(`${quote(value)} is not a webhook; use rebuild, clean-rebuild or purge-cache`);
  return name as WebhookName;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
