/** GET /v1/ssh_keys: the keys of the caller's account. */
import type { SshKey } from '../../types/hosting.js';
import type { Handler } from '../context.js';
import { hostingPage } from '../paginate.js';
import { principalOf } from './lookup.js';
import { pageLinkBase } from './page-link-base.js';

export const listSshKeys: Handler = (ctx) => {
  const account = principalOf(ctx).account;
  const keys: SshKey[] = ctx.state.sshKeys
    .filter((k) => k.account_id === account.id)
    .map((k) => ({ comment: k.comment, created_at: k.created_at, fingerprint: k.fingerprint, uuid: k.uuid }));
  return { status: 200, body: hostingPage(keys, ctx.query, pageLinkBase(ctx), ctx.name) };
};
