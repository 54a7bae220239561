/**
 * POST and GET /v1/sites. Site names are unique within an account (a second "blog" is a 409).
 * A partial user sees the sites that hold one of its installs, each showing only those installs,
 * and may not create sites.
 */
import { randomUUID } from 'node:crypto';
import { canAccessInstall, isPartial, requireFullAccess } from '../../http/auth.js';
import { assertValid, conflict, notAuthorized } from '../../http/errors.js';
import type { SiteRec } from '../../store/state.js';
import type { Handler } from '../context.js';
import { hostingPage } from '../paginate.js';
import { accountFilter, principalOf } from './lookup.js';
import { pageLinkBase } from './page-link-base.js';
import { siteView } from './site-view.js';
import { requiredString, uuidField } from './validate.js';

export const createSite: Handler = (ctx) => {
  const p = principalOf(ctx);
  const body = ctx.body ?? {};
  assertValid('site', [
    ...requiredString(ctx.name, 'name', body.name, 100),
    ...uuidField(ctx.name, 'account_id', body.account_id, true),
  ]);
  const accountId = (body.account_id as string).toLowerCase();
  if (accountId !== p.account.id) {
    throw notAuthorized(
      `You are not authorized to create sites in account "${accountId}": your credentials belong to another account`,
    );
  }
  requireFullAccess(p, 'create sites');
  const name = (body.name as string).trim();
  if (ctx.state.sites.some((s) => s.account_id === accountId && s.name === name)) {
    throw conflict(`A site named "${name}" already exists in this account`);
  }
  const site: SiteRec = {
    id: randomUUID(),
    name,
    account_id: accountId,
    group_name: null,
    tags: [],
    created_at: ctx.clock.iso(),
    sandbox: false,
    transferable: true,
  };
  ctx.state.sites.push(site);
  return { status: 201, body: siteView(site, []) };
};

export const listSites: Handler = (ctx) => {
  const p = principalOf(ctx);
  const account = accountFilter(ctx);
  const installs = ctx.state.installs.filter((i) => canAccessInstall(p, i));
  const partial = isPartial(p);
  const sites = ctx.state.sites.filter(
    (s) =>
      s.account_id === p.account.id &&
      (account === null || s.account_id === account) &&
      (!partial || installs.some((i) => i.site_id === s.id)),
  );
  const views = sites.map((s) => siteView(s, installs));
  return { status: 200, body: hostingPage(views, ctx.query, pageLinkBase(ctx), ctx.name) };
};
