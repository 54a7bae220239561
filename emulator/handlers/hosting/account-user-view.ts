/**
 * Account users as the API shows them: `last_owner` only on owner-level users (true when no
 * other owner is left to manage the account), `installs` only on partial users.
 */
import type { AccountUserRec } from '../../store/state.js';
import type { AccountUser } from '../../types/hosting.js';

const isOwner = (u: AccountUserRec) => u.roles.split(',').includes('owner');

export function accountUserView(u: AccountUserRec, all: readonly AccountUserRec[]): AccountUser {
  const view: AccountUser = {
    user_id: u.user_id,
    account_id: u.account_id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    invite_accepted: u.invite_accepted,
    mfa_enabled: u.mfa_enabled,
    roles: u.roles,
  };
  if (isOwner(u)) {
    view.last_owner = !all.some((o) => o !== u && o.account_id === u.account_id && isOwner(o));
  }
  if (u.roles.startsWith('partial')) view.installs = (u.installs ?? []).map((i) => ({ ...i }));
  return view;
}
