/**
 * What a run will do, in order, one line per step: printed by dry-run and shown in the job
 * summary. Built from validated inputs only, so it never shows a webhook URL or token.
 */
import type { CopyInputs, DeployInputs, Inputs, WebhookInputs } from './inputs.js';
import { formatDuration } from './util/format.js';

export type StepName = 'deploy' | 'install copy' | 'webhook';

export interface PlannedStep {
  readonly name: StepName;
  readonly description: string;
}

/** The steps that will run, in the contract's order: deploy, install copy, webhook. */
export function describePlan(inputs: Inputs): PlannedStep[] {
  const steps: PlannedStep[] = [];
  if (inputs.deploy) steps.push({ name: 'deploy', description: describeDeploy(inputs.deploy) });
  if (inputs.copy) steps.push({ name: 'install copy', description: describeCopy(inputs.copy) });
  if (inputs.webhook) steps.push({ name: 'webhook', description: describeWebhook(inputs.webhook) });
  return steps;
}

function describeDeploy(deploy: DeployInputs): string {
  const dir = deploy.path === '.' ? './' : `${deploy.path}/`;
  const notes = [
    deploy.createMissing ? `create when missing, region ${deploy.region}` : 'app and environment must exist',
  ];
  if (deploy.cmsEnvironment) notes.push(`cms install ${deploy.cmsEnvironment}`);
  if (deploy.shellVariables) notes.push(count(deploy.shellVariables.length, 'env var'));
  if (deploy.exclude.length > 0) notes.push(count(deploy.exclude.length, 'extra exclude pattern'));
  notes.push(deploy.wait ? `wait up to ${formatDuration(deploy.timeoutMs)}` : 'no wait');
  return `deploy "${dir}" to app "${deploy.app}" environment "${deploy.environment}" (${notes.join(', ')})`;
}

function describeCopy(copy: CopyInputs): string {
  const what: string[] = [];
  if (copy.includeFiles) what.push('files');
  if (copy.includeDatabase) {
    what.push(copy.dbTables.length > 0 ? `database tables ${copy.dbTables.join(', ')}` : 'database');
  }
  const notify = copy.notificationEmails.length > 0 ? `; notify ${copy.notificationEmails.join(', ')}` : '';
  return `install copy ${copy.from} → ${copy.to} (${what.join(', ')})${notify}`;
}

function describeWebhook(webhook: WebhookInputs): string {
  const where =
    webhook.app !== null && webhook.environment !== null
      ? ` on app "${webhook.app}" environment "${webhook.environment}"`
      : '';
  return `webhook ${webhook.name}${where}${webhook.by === 'url' ? ' (by URL)' : ''}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
