/**
 * The deploy step's row: runs when `app` is set and `deploy` is not false; zips `path`,
 * uploads it to the environment (creating app and environment when missing) and waits.
 */
import { REGIONS, type Region } from '../../api/types.js';
import type { InputReader } from '../../inputs/input-reader.js';
import {
  INSTALL_RULE,
  isInstallName,
  parseBoolean,
  parseDuration,
  parseEnvVars,
  parseIntInRange,
  parseLines,
  parseSize,
  quote,
} from '../../inputs/parsers.js';
import type { SharedInputs } from '../../inputs/types.js';
import { resolveInside, workspaceRelative } from '../../inputs/workspace-path.js';
import { formatBytes, formatDuration } from '../../util/format.js';
import { githubNeeds } from '../../step-kit/github-needs.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { DeployInputs } from './inputs.js';
import { parseUrlTemplate } from '../../release/environment-url.js';
import { describeHealthUrl } from '../../release/health/health-url.js';
import { HEALTH_INPUTS, readHealthInputs } from '../../release/health/inputs.js';
import type { EnvVarsMode } from './shell-variables.js';
import { parseUploadMode } from '../../release/upload-mode.js';
import { parseAllowFiles } from './archive-inputs.js';
import { deploy } from './run.js';
import { parseWhenBusy } from './when-busy.js';
import { isContentDigest } from '../../archive/index.js';

export const deployStep: StepDefinition<'deploy', DeployInputs> = {
  name: 'deploy',
  doing: 'deploying',
  howToRun: 'set "app" to deploy',
  owns: [
    'cms-environment',
    'env-vars',
    'env-vars-mode',
    'exclude',
    'exclude-from',
    'respect-gitignore',
    'allow-files',
    'max-archive-size',
    'upload-mode',
    'when-busy',
    'github-deployment',
    'skip-unchanged',
    'skip-if-digest',
    'environment-url',
    ...HEALTH_INPUTS,
    'keep-archive',
    'keep-archive-days',
    'keep-archive-public',
    'archive-key',
    'rollback-on-failure',
    'pr-comment',
  ],
  outputs: [
    'app',
    'environment-id',
    'app-created',
    'environment-created',
    'operation',
    'build',
    'deployment',
    'archive-bytes',
    'archive-files',
    'archive-sha256',
    'content-digest',
    'unchanged',
    'url',
    'health',
    'archive-artifact-id',
    'rolled-back-to',
  ],

  selected(input) {
    const app = input.raw('app');
    const hook = input.raw('webhook') !== '' ? 'webhook' : input.raw('webhook-url') !== '' ? 'webhook-url' : null;
    const flag = deployFlag(input);
    if (flag === true && app === '') {
      input.problem('deploy', 'is true but input "app" is empty; set "app" to the app id to deploy to');
    }
    if (flag === undefined && app !== '' && hook) {
      input.problem(
        'deploy',
        `is empty while both "app" and "${hook}" are set; set deploy: true to deploy and then trigger the webhook, or deploy: false to only trigger the webhook`,
      );
      return false;
    }
    // `app` names the app to delete from too: a delete run does not deploy unless asked to.
    if (
      flag === undefined &&
      (input.bool('delete-environment') || input.bool('sweep-previews') || input.raw('rollback') !== '')
    )
      return false;
    return flag !== null && flag !== false && app !== '';
  },

  offBecause(input) {
    return input.raw('app') !== '' && /^false$/i.test(input.raw('deploy'))
      ? 'input "deploy" is false'
      : 'input "app" is empty';
  },

  needs(input) {
    return [
      ...['account', 'environment', 'headless-api-url', 'api-user-id', 'api-password'],
      ...githubNeeds(input),
      ...(input.bool('rollback-on-failure') ? [{ input: 'github-token', by: 'rollback-on-failure' }] : []),
    ];
  },

  read(input: InputReader, shared: SharedInputs, selected: boolean): DeployInputs {
    const { workspace } = shared;
    const absolutePath = input.parse('path', (v) => resolveInside(workspace, workspace, v));
    const cms = input.raw('cms-environment');
    if (cms !== '' && !isInstallName(cms))
      input.problem('cms-environment', `${quote(cms)} is not an install name (${INSTALL_RULE})`);
    const fields = {
      region: input.parse('region', parseRegion),
      createMissing: input.bool('create-missing'),
      shellVariables: input.parse('env-vars', parseEnvVars),
      envVarsMode: input.parse('env-vars-mode', parseEnvVarsMode) ?? 'merge',
      exclude: parseLines(input.raw('exclude')),
      excludeFrom: input.parse('exclude-from', (v) => resolveInside(workspace, absolutePath ?? workspace, v)),
      respectGitignore: input.bool('respect-gitignore'),
      allowFiles: input.parse('allow-files', parseAllowFiles) ?? [],
      maxArchiveBytes: input.parse('max-archive-size', parseSize),
      compressionLevel: input.parse('compression-level', (v) => parseIntInRange(v, 0, 9)),
      uploadMode: input.parse('upload-mode', parseUploadMode) ?? 'auto',
      wait: input.bool('wait'),
      timeoutMs: input.parse('timeout', parseDuration),
      whenBusy: input.parse('when-busy', parseWhenBusy) ?? 'wait',
      githubDeployment: input.bool('github-deployment'),
      skipUnchanged: input.bool('skip-unchanged'),
      skipIfDigest: input.parse('skip-if-digest', parseContentDigest),
      environmentUrl: input.parse('environment-url', parseUrlTemplate),
    };
    const keepDays = input.parse('keep-archive-days', (v) => parseIntInRange(v, 1, 90)) ?? 30;
    const publicRepository = shared.run.publicRepository === true;
    const keep = input.bool('keep-archive') ? { days: keepDays, publicRepository } : null;
    const keepPublic = input.bool('keep-archive-public');
    if (selected && keep && publicRepository && !keepPublic) {
      input.problem(
        'keep-archive',
        `is true on a public repository${shared.run.repository ? ` (${shared.run.repository})` : ''}: anyone signed in to GitHub can download its artifacts, the deployed zip included, for as long as they are kept; set keep-archive-public: true to keep archives anyway, or keep-archive: false`,
      );
    }
    if (selected && fields.skipUnchanged && !fields.githubDeployment) {
      input.problem(
        'skip-unchanged',
        'is true while "github-deployment" is false: the last deploy is known from the GitHub Deployment it recorded; set github-deployment: true, or use skip-if-digest with a digest kept in the CI\'s cache',
      );
    }
    const rollbackOnFailure = input.bool('rollback-on-failure');
    if (selected && rollbackOnFailure && !fields.wait) {
      input.problem(
        'rollback-on-failure',
        'is true while "wait" is false: a failure is known only by waiting for the build; set wait: true',
      );
    }
    const health = readHealthInputs(input, {
      wait: fields.wait,
      environmentUrlGiven: input.raw('environment-url') !== '',
      selected,
    });
    // Read only when there are no problems, so every value the step needs was given and parsed.
    return {
      ...fields,
      account: shared.account,
      app: shared.app,
      environment: shared.environment,
      headlessUrl: shared.headlessUrl as string,
      region: fields.region as Region,
      regionGiven: input.given('region'),
      cmsEnvironment: cms || null,
      path: workspaceRelative(workspace, absolutePath ?? workspace),
      absolutePath: absolutePath as string,
      compressionLevel: fields.compressionLevel as number,
      timeoutMs: fields.timeoutMs as number,
      health,
      keep,
      rollbackOnFailure,
      archiveKey: input.raw('archive-key') || null,
    };
  },

  describe(d, learned) {
    const dir = d.path === '.' ? 'the workspace' : `"${d.path}"`;
    const notes = [
      learned?.regionInForce
        ? `app in region ${learned.regionInForce}`
        : d.createMissing
          ? `create when missing, region ${d.region}`
          : 'app and environment must exist',
    ];
    if (d.cmsEnvironment) notes.push(`cms install ${d.cmsEnvironment}`);
    if (d.shellVariables) notes.push(`${count(d.shellVariables.length, 'env var')} (${d.envVarsMode})`);
    if (d.exclude.length > 0) notes.push(count(d.exclude.length, 'extra exclude pattern'));
    if (d.respectGitignore) notes.push('respecting .gitignore');
    if (d.maxArchiveBytes !== null) notes.push(`at most ${formatBytes(d.maxArchiveBytes)}`);
    if (d.environmentUrl) notes.push(`URL ${d.environmentUrl.source}`);
    if (d.uploadMode !== 'auto') notes.push(`upload-mode ${d.uploadMode}`);
    if (d.whenBusy !== 'wait') notes.push(`when-busy ${d.whenBusy}`);
    notes.push(d.wait ? `wait up to ${formatDuration(d.timeoutMs)}` : 'no wait');
    if (d.skipUnchanged || d.skipIfDigest) notes.push('skip when unchanged');
    if (d.keep) notes.push(`keep the zip ${d.keep.days} days`);
    if (d.rollbackOnFailure) notes.push('roll back on failure');
    if (d.health)
      notes.push(`health check ${describeHealthUrl(d.health.url)} up to ${formatDuration(d.health.timeoutMs)}`);
    return `deploy ${dir} to app "${d.app}" environment "${d.environment}" (${notes.join(', ')})`;
  },

  async run(ctx, d) {
    return deploy(ctx, d);
  },
};

/** undefined: left empty; null: not a boolean (already a problem, so nothing is decided from it). */
function deployFlag(input: InputReader): boolean | null | undefined {
  if (input.raw('deploy') === '') return undefined;
  return input.parse('deploy', (v) => parseBoolean(v, false));
}

function parseEnvVarsMode(value: string): EnvVarsMode {
  const mode = value.toLowerCase();
  if (mode !== 'merge' && mode !== 'replace') throw new Error(`${quote(value)} is not a mode; use merge or replace`);
  return mode;
}

function parseContentDigest(value: string): string {
  if (!isContentDigest(value)) {
    throw new Error(
      `${quote(value)} is not a content digest; give the content-digest output of an earlier run (sha256: and 64 hex digits)`,
    );
  }
  return value;
}

function parseRegion(value: string): Region {
  const region = REGIONS.find((r) => r === value.toUpperCase());
  if (!region) throw new Error(`${quote(value)} is not a region; use ${REGIONS.join(', ')}`);
  return region;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
