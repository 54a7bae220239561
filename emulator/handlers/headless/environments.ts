/**
 * Headless environments: create and PATCH answer an Operation (create's is `no_build`, not done,
 * as the spec says), list and get answer the Environment record, delete answers `{}` (204 with
 * no body under the documented answers). PATCH follows `updateMask` under the contract answers
 * and replaces the record under the documented ones.
 */
import { playsDocumented } from '../../config/answers.js';
import { badRequest, conflict } from '../../http/errors.js';
import { removeEnvironment } from '../../store/cascade.js';
import { newUuid } from '../../store/ids.js';
import { isDone, latestOperation, startOperation } from '../../store/operations.js';
import type { AppRec, EnvironmentRec } from '../../store/state.js';
import { newWebhookToken } from '../../store/webhooks.js';
import type { Environment, HeadlessPage } from '../../types/headless.js';
import type { Ctx, Handler } from '../context.js';
import { headlessPage } from '../paginate.js';
import { findApp, findEnvironment, headlessAccount } from './access.js';
import { deletedReply } from './deleted-reply.js';
import {
  checkEnvironmentFields,
  ENVIRONMENT_FIELDS,
  type EnvironmentField,
  type EnvironmentFields,
} from './environment-fields.js';
import { environmentName } from './names.js';
import { initialOperationView } from './operations.js';

/** The environment as the API shows it; `reconciling` while its latest operation is not done. */
export const environmentView = (ctx: Pick<Ctx, 'state' | 'clock'>, env: EnvironmentRec): Environment => ({
  name: environmentName(env),
  displayName: env.displayName,
  branch: env.branch,
  cmsEnvironment: env.cmsEnvironment,
  shellVariables: env.shellVariables.map((v) => ({ ...v })),
  createTime: env.createTime,
  updateTime: env.updateTime,
  reconciling: isReconciling(ctx, env),
});

function isReconciling(ctx: Pick<Ctx, 'state' | 'clock'>, env: EnvironmentRec): boolean {
  const latest = latestOperation(ctx.state, env);
  return latest !== undefined && !isDone(latest, ctx.clock.now());
}

function pathApp(ctx: Ctx): AppRec {
  return findApp(ctx, headlessAccount(ctx));
}

function assertDisplayNameFree(ctx: Ctx, app: AppRec, displayName: string, self?: EnvironmentRec): void {
  const taken = ctx.state.environments.some(
    (e) => e.account === app.account && e.app === app.appId && e !== self && e.displayName === displayName,
  );
  if (taken) throw conflict(`an environment named "${displayName}" already exists in app "${app.appId}"`);
}

export const createEnvironment: Handler = (ctx) => {
  const app = pathApp(ctx);
  const fields = checkEnvironmentFields(ctx, ctx.body ?? {}, ['displayName', 'branch']);
  assertDisplayNameFree(ctx, app, fields.displayName!);
  const now = ctx.clock.iso();
  const env: EnvironmentRec = {
    account: app.account,
    app: app.appId,
    // Ids are unique across apps too: the control routes find an environment by id alone.
    id: newUuid((id) => ctx.state.environments.some((e) => e.id === id)),
    displayName: fields.displayName!,
    branch: fields.branch!,
    cmsEnvironment: fields.cmsEnvironment ?? '',
    shellVariables: fields.shellVariables ?? [],
    createTime: now,
    updateTime: now,
    webhookToken: newWebhookToken(),
  };
  ctx.state.environments.push(env);
  return { status: 200, body: initialOperationView(startOperation(ctx, env, { kind: 'create' })) };
};

export const listEnvironments: Handler = (ctx) => {
  const app = pathApp(ctx);
  const { items, ...next } = headlessPage(
    ctx.state.environments.filter((e) => e.account === app.account && e.app === app.appId),
    ctx.query,
    'environments',
  );
  const body: HeadlessPage<'environments', Environment> = {
    environments: items.map((e) => environmentView(ctx, e)),
    ...next,
  };
  return { status: 200, body };
};

export const getEnvironment: Handler = (ctx) => {
  return { status: 200, body: environmentView(ctx, findEnvironment(ctx, pathApp(ctx))) };
};

/** The updateMask query parameter: required, comma-separated writable field names. */
function parseUpdateMask(raw: string | null): EnvironmentField[] {
  if (raw === null || raw.trim() === '') {
    throw badRequest(
      `updateMask is required: name the fields to change, comma-separated (${ENVIRONMENT_FIELDS.join(', ')})`,
    );
  }
  const names = raw.split(',').map((s) => s.trim());
  const unknown = names.filter((n) => !ENVIRONMENT_FIELDS.includes(n as EnvironmentField));
  if (unknown.length > 0) {
    throw badRequest(
      `updateMask names unknown field(s) ${unknown.map((n) => `"${n}"`).join(', ')}; use ${ENVIRONMENT_FIELDS.join(', ')}`,
    );
  }
  return [...new Set(names)] as EnvironmentField[];
}

/** Contract answers: `updateMask` names the fields to change, and the body holds exactly those. */
function maskedFields(ctx: Ctx): EnvironmentFields {
  const mask = parseUpdateMask(ctx.query.get('updateMask'));
  const body = ctx.body ?? {};
  const notInMask = Object.keys(body).filter((k) => !mask.includes(k as EnvironmentField));
  if (notInMask.length > 0)
    throw badRequest(`body field(s) ${notInMask.join(', ')} not named in updateMask; add them to it or leave them out`);
  const missing = mask.filter((f) => body[f] === undefined);
  if (missing.length > 0) throw badRequest(`updateMask names ${missing.join(', ')} but the body does not hold them`);
  return checkEnvironmentFields(ctx, body, []);
}

/**
 * Documented answers: the body is the whole record. `updateMask` is ignored, displayName and
 * branch are required, and a field left out is cleared.
 */
function replacementFields(ctx: Ctx): EnvironmentFields {
  const fields = checkEnvironmentFields(
    ctx,
    ctx.body ?? {},
    ['displayName', 'branch'],
    'a PATCH replaces the whole environment: send displayName and branch, and every field to keep',
  );
  return { cmsEnvironment: '', shellVariables: [], ...fields };
}

export const patchEnvironment: Handler = (ctx) => {
  const app = pathApp(ctx);
  const env = findEnvironment(ctx, app);
  const fields = playsDocumented(ctx.options) ? replacementFields(ctx) : maskedFields(ctx);
  if (fields.displayName !== undefined) assertDisplayNameFree(ctx, app, fields.displayName, env);
  Object.assign(env, fields, { updateTime: ctx.clock.iso() });
  return { status: 200, body: initialOperationView(startOperation(ctx, env, { kind: 'update' })) };
};

export const deleteEnvironment: Handler = (ctx) => {
  removeEnvironment(ctx.state, findEnvironment(ctx, pathApp(ctx)));
  return deletedReply(ctx);
};
