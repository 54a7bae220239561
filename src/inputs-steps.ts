/**
 * Which steps run, decided from the inputs by CONTRACT §1's rules, and what each step cannot
 * do without. Problems go to the reader, so they join every other input problem.
 */
import { parseBoolean } from './util/parse.js';
import type { InputReader } from './inputs-reader.js';

export interface StepChoice {
  readonly runDeploy: boolean;
  readonly runCopy: boolean;
  readonly runWebhook: boolean;
  /** `webhook` (not `webhook-url`): account, app, environment and token come from inputs. */
  readonly webhookByParts: boolean;
}

export function chooseSteps(input: InputReader): StepChoice {
  const app = input.raw('app');
  const webhookGiven = input.raw('webhook') !== '';
  const webhookUrlGiven = input.raw('webhook-url') !== '';
  // undefined: left empty; null: not a boolean, already a problem, so nothing is decided from it.
  const deployFlag = input.raw('deploy') === '' ? undefined : input.parse('deploy', (v) => parseBoolean(v, false));
  let deployDecided = deployFlag !== null;
  if (deployFlag === true && app === '') {
    input.problem('deploy', 'is true but input "app" is empty; set "app" to the app id to deploy to');
  }
  if (deployFlag === undefined && app !== '' && (webhookGiven || webhookUrlGiven)) {
    const hook = webhookGiven ? 'webhook' : 'webhook-url';
    input.problem(
      'deploy',
      `is empty while both "app" and "${hook}" are set; set deploy: true to deploy and then trigger the webhook, or deploy: false to only trigger the webhook`,
    );
    deployDecided = false;
  }
  const runDeploy = deployDecided && app !== '' && deployFlag !== false;

  const copyFrom = input.raw('copy-from');
  const copyTo = input.raw('copy-to');
  if ((copyFrom === '') !== (copyTo === '')) {
    const [missing, other] = copyFrom === '' ? ['copy-from', 'copy-to'] : ['copy-to', 'copy-from'];
    input.problem(missing, `is empty while "${other}" is set; set both for an install copy, or neither`);
  }
  const runCopy = copyFrom !== '' && copyTo !== '';
  const runWebhook = webhookGiven || webhookUrlGiven;

  const halfCopy = copyFrom !== '' || copyTo !== '';
  if (!runDeploy && !runCopy && !runWebhook && !halfCopy && deployDecided && deployFlag !== true) {
    const what = 'set "app" to deploy, "copy-from" and "copy-to" for an install copy, or "webhook" or "webhook-url"';
    if (deployFlag === false && app !== '') {
      input.problem('deploy', `is false and no other step is set, so nothing would run; ${what}`);
    } else {
      input.problem('app', `is empty and no other step is set, so nothing would run; ${what}`);
    }
  }
  if (webhookGiven && webhookUrlGiven) {
    input.problem(
      'webhook-url',
      'and input "webhook" are both set; keep one: "webhook" (with "webhook-token") or "webhook-url"',
    );
  }
  return { runDeploy, runCopy, runWebhook, webhookByParts: webhookGiven && !webhookUrlGiven };
}

const HINTS: Readonly<Record<string, string>> = {
  'api-user-id': 'set it from a secret',
  'api-password': 'set it from a secret',
  'webhook-token': 'set it from a secret, or give the whole "webhook-url" instead',
  'api-url': 'set it to the hosting API base URL, without /v1',
  'headless-api-url': 'set it to the headless API base URL, without /v1',
  account: 'set it to the headless account name',
  app: 'set it to the app id',
  environment: 'set it to the environment id or display name',
  'github-token': 'set it, e.g. to ${{ github.token }}',
};

/** Reports each missing input once, naming every step that needs it. */
export function requireInputs(input: InputReader, steps: StepChoice, githubDeployment: boolean): void {
  const needs = new Map<string, string[]>();
  const need = (step: string, names: string[]) => names.forEach((n) => needs.set(n, [...(needs.get(n) ?? []), step]));
  if (steps.runDeploy) need('deploy', ['account', 'environment', 'headless-api-url', 'api-user-id', 'api-password']);
  if (steps.runCopy) need('install copy', ['api-url', 'api-user-id', 'api-password']);
  if (steps.webhookByParts) need('webhook', ['account', 'app', 'environment', 'webhook-token', 'headless-api-url']);
  if (steps.runDeploy && githubDeployment) need('github-deployment', ['github-token']);
  for (const [name, needers] of needs) {
    if (input.raw(name) === '')
      input.problem(name, `is required by ${needers.join(' and ')}; ${HINTS[name] ?? 'set it'}`);
  }
}

/** Inputs given for a step that will not run: worth a warning, not an error. */
export function ignoredInputs(input: InputReader, steps: StepChoice, githubDeployment: boolean): string[] {
  const unused: [string, boolean, string][] = [
    ['cms-environment', !steps.runDeploy, 'no deploy runs'],
    ['env-vars', !steps.runDeploy, 'no deploy runs'],
    ['exclude', !steps.runDeploy, 'no deploy runs'],
    ['exclude-from', !steps.runDeploy, 'no deploy runs'],
    ['copy-db-tables', !steps.runCopy, 'no install copy runs'],
    ['notification-emails', !steps.runCopy, 'no install copy runs'],
    ['webhook-token', !steps.webhookByParts, 'only "webhook" uses it'],
  ];
  const warnings = unused
    .filter(([name, ignored]) => ignored && input.raw(name) !== '')
    .map(([name, , why]) => `input "${name}" is ignored: ${why}`);
  if (githubDeployment && !steps.runDeploy) warnings.push('input "github-deployment" is ignored: no deploy runs');
  return warnings;
}
