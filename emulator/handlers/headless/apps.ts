/**
 * Headless apps: create (200, no body), list, get, delete (with their environments and
 * operations; 200 `{}`, or 204 with no body under the documented answers).
 */
import { assertValid, badRequest, conflict, invalid, type FieldError } from '../../http/errors.js';
import { removeApp } from '../../store/cascade.js';
import type { AppRec } from '../../store/state.js';
import { REGIONS, type App, type HeadlessPage } from '../../types/headless.js';
import type { Handler } from '../context.js';
import { headlessPage } from '../paginate.js';
import { findApp, headlessAccount } from './access.js';
import { deletedReply } from './deleted-reply.js';
import { appName } from './names.js';

/**
 * An app id is one DNS-label-like segment: a lower-case letter, then up to 62 lower-case
 * letters, digits or hyphens, not ending in a hyphen (it ends up in hostnames and paths).
 */
export const APP_ID_PATTERN = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const appView = (app: AppRec): App => ({ name: appName(app), region: app.region, createTime: app.createTime });

function checkAppBody(body: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const regions = REGIONS.map((r) => `regions/${r}`);
  if (typeof body.region !== 'string' || !regions.includes(body.region)) {
    const got = body.region === undefined ? 'nothing' : JSON.stringify(body.region);
    errors.push(invalid('app', 'region', `region must be one of ${regions.join(', ')}; got ${got}`));
  }
  if (!isPlainObject(body.uploadable) || Object.keys(body.uploadable).length > 0) {
    errors.push(invalid('app', 'uploadable', 'uploadable must be an empty object {} (apps are fed by direct upload)'));
  }
  return errors;
}

export const createApp: Handler = (ctx) => {
  const account = headlessAccount(ctx);
  const appId = ctx.query.get('appId');
  if (!appId) throw badRequest('appId is required: pass the new app id as the query parameter appId');
  if (!APP_ID_PATTERN.test(appId)) {
    throw badRequest(
      `appId "${appId}" is not valid: use 1 to 63 lower-case letters, digits or hyphens, starting with a letter and not ending with a hyphen`,
    );
  }
  assertValid('app', checkAppBody(ctx.body ?? {}));
  if (ctx.state.apps.some((a) => a.account === account && a.appId === appId)) {
    throw conflict(`app "accounts/${account}/apps/${appId}" already exists`);
  }
  ctx.state.apps.push({ account, appId, region: ctx.body!.region as string, createTime: ctx.clock.iso() });
  return { status: 200 };
};

export const listApps: Handler = (ctx) => {
  const account = headlessAccount(ctx);
  const { items, ...next } = headlessPage(
    ctx.state.apps.filter((a) => a.account === account),
    ctx.query,
    'apps',
  );
  const body: HeadlessPage<'apps', App> = { apps: items.map(appView), ...next };
  return { status: 200, body };
};

export const getApp: Handler = (ctx) => {
  const app = findApp(ctx, headlessAccount(ctx));
  return { status: 200, body: appView(app) };
};

export const deleteApp: Handler = (ctx) => {
  removeApp(ctx.state, findApp(ctx, headlessAccount(ctx)));
  return deletedReply(ctx);
};
