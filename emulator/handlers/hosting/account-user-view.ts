/**
 * Account users as the API shows them: `last_owner` only on owner-level users (true when no
 * other owner is left to manage the account), `installs` only on partial users.
 */
import type { AccountUser } from '../../../src/api/types.js';
import type { AccountUserRec } from '../../store/state.js';

const isOwner = (u: AccountUserRec) => u.roles.split(',').includes('owner');

export function accountUserView(u: AccountUserRec, all: readonly AccountUserRec[]): AccountUser {
  const { last_owner: _lastOwner, installs, ...rest } = u;
  const view: AccountUser = { ...rest };
  if (isOwner(u)) {
    view.last_owner = !all.some((o) => o !== u && o.account_id === u.account_id && isOwner(o));
  }
  if (u.roles.startsWith('partial')) view.installs = (installs ?? []).map((i) => ({ ...i }));
  return view;
}
