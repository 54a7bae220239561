/**
 * Path parameters → records, with one rule everywhere: an id that is not a uuid is a Bad Request
 * naming the parameter; a record that does not exist is Not found; a record that exists but the
 * caller may not touch (another account, or an install outside a partial user's list) is Not
 * authorized.
 */
import { canAccessInstall } from '../../http/auth.js';
import { badRequest, invalid, notAuthorized, notFound } from '../../http/errors.js';
import type { AccountRec, InstallRec } from '../../store/state.js';
import type { Ctx, Principal } from '../context.js';
import { isUuid } from './validate.js';

/** Hosting routes all use Basic auth, so the server has always set a principal. */
export function principalOf(ctx: Ctx): Principal {
  if (!ctx.principal) throw new Error(`${ctx.name}: hosting handler called without a principal`);
  return ctx.principal;
}

/** The path parameter `name`, which must be a uuid. */
export function pathUuid(ctx: Ctx, name: string): string {
  const value = ctx.params[name] ?? '';
  if (!isUuid(value)) {
    throw badRequest(`Invalid ${name} "${value}": must be a uuid`, [
      invalid(ctx.name, name, `${name} must be a uuid, got "${value}"`, `${ctx.name}.${name}.not_uuid`),
    ]);
  }
  return value.toLowerCase();
}

export function findInstall(ctx: Ctx, param = 'install_id'): InstallRec {
  const id = pathUuid(ctx, param);
  const install = ctx.state.installs.find((i) => i.id === id);
  if (!install) throw notFound(`install "${id}"`);
  if (!canAccessInstall(principalOf(ctx), install)) {
    throw notAuthorized(`You are not authorized to access install "${id}"`);
  }
  return install;
}

/** The account named by the path, which must be the caller's own. */
export function findOwnAccount(ctx: Ctx, param = 'account_id'): AccountRec {
  const id = pathUuid(ctx, param);
  const account = ctx.state.accounts.find((a) => a.id === id);
  if (!account) throw notFound(`account "${id}"`);
  if (account.id !== principalOf(ctx).account.id) {
    throw notAuthorized(`You are not authorized to access account "${id}": your credentials belong to another account`);
  }
  return account;
}

/**
 * The `account_id` query filter of list routes: a uuid (else 400). An account the caller is not
 * in filters everything out (an empty page), as these lists have no Not authorized outcome.
 */
export function accountFilter(ctx: Ctx): string | null {
  const raw = ctx.query.get('account_id');
  if (raw === null) return null;
  if (!isUuid(raw)) {
    throw badRequest(`Invalid account_id "${raw}": must be a uuid`, [
      invalid(ctx.name, 'account_id', `account_id must be a uuid, got "${raw}"`, `${ctx.name}.account_id.not_uuid`),
    ]);
  }
  return raw.toLowerCase();
}
