/**
 * Who may touch what in the headless API: the caller's account must be the `{account}` of the
 * path (a headless account is a hosting account listed in state.headlessAccounts), and the app
 * and environment of the path must exist in it.
 */
import { notAuthorized, notFound } from '../../http/errors.js';
import type { AppRec, EnvironmentRec } from '../../store/state.js';
import type { Ctx } from '../context.js';

/** The `{account}` of the path, once the caller is allowed in it: unknown → 404, another account's → 403. */
export function headlessAccount(ctx: Ctx): string {
  const account = ctx.params.account!;
  if (!ctx.state.headlessAccounts.includes(account)) throw notFound(`headless account "${account}"`);
  if (!ctx.principal || ctx.principal.account.name !== account) {
    throw notAuthorized(`Permission denied: these credentials belong to another account than "accounts/${account}"`);
  }
  return account;
}

export function findApp(ctx: Ctx, account: string): AppRec {
  const appId = ctx.params.app!;
  const app = ctx.state.apps.find((a) => a.account === account && a.appId === appId);
  if (!app) throw notFound(`app "accounts/${account}/apps/${appId}"`);
  return app;
}

export function findEnvironment(ctx: Ctx, app: AppRec): EnvironmentRec {
  const id = ctx.params.environment!;
  const env = ctx.state.environments.find((e) => e.account === app.account && e.app === app.appId && e.id === id);
  if (!env) throw notFound(`environment "accounts/${app.account}/apps/${app.appId}/environments/${id}"`);
  return env;
}

/** The environment of the path, after the account and app checks, for routes under an environment. */
export function environmentOfPath(ctx: Ctx): EnvironmentRec {
  const account = headlessAccount(ctx);
  return findEnvironment(ctx, findApp(ctx, account));
}
