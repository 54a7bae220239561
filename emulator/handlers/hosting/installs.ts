/** GET /v1/installs and PATCH /v1/installs/{install_id}. */
import { canAccessInstall, requireFullAccess } from '../../http/auth.js';
import { assertValid, conflict, invalid } from '../../http/errors.js';
import { advanceInstall } from '../../store/transitions.js';
import type { InstallEnvironment } from '../../types/hosting.js';
import type { Handler } from '../context.js';
import { hostingPage } from '../paginate.js';
import { installListItem, installView } from './install-view.js';
import { accountFilter, findInstall, principalOf } from './lookup.js';
import { pageLinkBase } from './page-link-base.js';
import { enumField, notNull, uuidField } from './validate.js';

export const ENVIRONMENTS: readonly InstallEnvironment[] = ['production', 'staging', 'development'];

/** A partial user sees only its installs; an account_id filter naming another account matches nothing. */
export const listInstalls: Handler = (ctx) => {
  const p = principalOf(ctx);
  const account = accountFilter(ctx);
  const now = ctx.clock.now();
  const visible = ctx.state.installs.filter(
    (i) => canAccessInstall(p, i) && (account === null || i.account_id === account),
  );
  visible.forEach((i) => advanceInstall(i, now));
  return { status: 200, body: hostingPage(visible.map(installListItem), ctx.query, pageLinkBase(ctx), ctx.name) };
};

/**
 * Moves an install to another site of its account and/or another environment slot. A site holds
 * one install per environment, so taking an occupied slot is a 409. Partial users may not
 * reorganise sites (403).
 */
export const updateInstall: Handler = (ctx) => {
  const install = findInstall(ctx);
  requireFullAccess(principalOf(ctx), 'move installs between sites or environments');
  const body = ctx.body ?? {};
  const errors = [
    ...notNull(ctx.name, body, ['site_id', 'environment']),
    ...uuidField(ctx.name, 'site_id', body.site_id, false),
    ...enumField(ctx.name, 'environment', body.environment, ENVIRONMENTS, false),
  ];
  const siteId = typeof body.site_id === 'string' ? body.site_id.toLowerCase() : undefined;
  if (errors.length === 0 && siteId !== undefined) {
    const site = ctx.state.sites.find((s) => s.id === siteId);
    if (!site || site.account_id !== install.account_id) {
      errors.push({
        ...invalid(ctx.name, 'site_id', `site_id "${siteId}" is not a site of the install's account`),
        type: 'value_unavailable',
      });
    }
  }
  assertValid('install update', errors);

  const targetSite = siteId ?? install.site_id;
  const targetEnv = (body.environment as InstallEnvironment | undefined) ?? install.environment;
  const occupant = ctx.state.installs.find(
    (i) =>
      i !== install &&
      targetSite !== null &&
      i.site_id === targetSite &&
      targetEnv !== null &&
      i.environment === targetEnv,
  );
  if (occupant) {
    throw conflict(
      `The ${targetEnv} environment of site "${targetSite}" is already filled by install "${occupant.name}"`,
    );
  }
  install.site_id = targetSite;
  install.environment = targetEnv;
  advanceInstall(install, ctx.clock.now());
  return { status: 200, body: installView(install) };
};
