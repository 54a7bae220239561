/**
 * Site transfers: one by site and id, and the list of transfers initiated from an account
 * (Owner, or Full with Billing, only: spec, Authentication 4). The single record is visible to
 * the origin and the destination account, with the same role rule; statuses follow the clock.
 */
import { requireOwnerOrFullBilling } from '../../http/auth.js';
import { notAuthorized, notFound } from '../../http/errors.js';
import type { SiteTransferRec } from '../../store/state.js';
import { advanceSiteTransfer } from '../../store/transitions.js';
import type { SiteTransfer } from '../../types/hosting.js';
import type { Handler } from '../context.js';
import { hostingPage } from '../paginate.js';
import { findOwnAccount, pathUuid, principalOf } from './lookup.js';
import { pageLinkBase } from './page-link-base.js';

function transferView(t: SiteTransferRec): SiteTransfer {
  return {
    id: t.id,
    site: t.site,
    installs: [...t.installs],
    origin_account: t.origin_account,
    destination_account: t.destination_account,
    status: t.status,
    scheduled_time: t.scheduled_time,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

export const getSiteTransfer: Handler = (ctx) => {
  const p = principalOf(ctx);
  const siteId = pathUuid(ctx, 'site_id');
  const id = pathUuid(ctx, 'transfer_id');
  const transfer = ctx.state.siteTransfers.find((t) => t.id === id && t.site_id === siteId);
  if (!transfer) throw notFound(`site transfer "${id}" of site "${siteId}"`);
  const party = transfer.account_id === p.account.id || transfer.destination_account === p.account.name;
  if (!party)
    throw notAuthorized(`You are not authorized to see site transfer "${id}": your account is not part of it`);
  if (p.credential.roles !== 'owner' && p.credential.roles !== 'full,billing') {
    throw notAuthorized('Viewing a site transfer requires Owner, or Full with Billing, access');
  }
  advanceSiteTransfer(transfer, ctx.clock.now());
  return { status: 200, body: transferView(transfer) };
};

export const listSiteTransfers: Handler = (ctx) => {
  const account = findOwnAccount(ctx);
  requireOwnerOrFullBilling(principalOf(ctx));
  const now = ctx.clock.now();
  const transfers = ctx.state.siteTransfers.filter((t) => t.account_id === account.id);
  transfers.forEach((t) => advanceSiteTransfer(t, now));
  return { status: 200, body: hostingPage(transfers.map(transferView), ctx.query, pageLinkBase(ctx), ctx.name) };
};
