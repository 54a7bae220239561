/**
 * Account users of the caller's account: list (`{results}`, no page envelope) and create.
 * Creating needs Owner or Full access (either with Billing); only an Owner may add an Owner.
 * install_ids go with partial roles only and must name installs of the account. Emails are
 * unique within an account, compared case-insensitively (409).
 */
import { randomUUID } from 'node:crypto';
import { assertValid, conflict, invalid, notAuthorized, type FieldError } from '../../http/errors.js';
import type { AccountRec, AccountUserRec } from '../../store/state.js';
import type { AccountUserCreated, AccountUserList, UserRole } from '../../types/hosting.js';
import type { Ctx, Handler } from '../context.js';
import { accountUserView } from './account-user-view.js';
import { findOwnAccount, principalOf } from './lookup.js';
import { arrayField, emailField, enumField, objectField, requiredString, uuidItem } from './validate.js';

export const ROLES: readonly UserRole[] = ['owner', 'full', 'full,billing', 'partial', 'partial,billing'];
const USER_FIELDS = ['account_id', 'first_name', 'last_name', 'email', 'roles', 'install_ids'] as const;

function validate(ctx: Ctx, account: AccountRec, user: unknown): FieldError[] {
  const r = ctx.name;
  if (user === undefined) return [invalid(r, 'user', 'user is required', `${r}.user.required`)];
  const shape = objectField(r, 'user', user, USER_FIELDS);
  if (shape.length > 0) return shape;
  const u = user as Record<string, unknown>;
  const errors = [
    ...requiredString(r, 'user.account_id', u.account_id),
    ...requiredString(r, 'user.first_name', u.first_name, 100),
    ...requiredString(r, 'user.last_name', u.last_name, 100),
    ...emailField(r, 'user.email', u.email, true),
    ...enumField(r, 'user.roles', u.roles, ROLES, true),
    ...arrayField(r, 'user.install_ids', u.install_ids, uuidItem),
  ];
  if (typeof u.account_id === 'string' && u.account_id.trim() !== '' && u.account_id.toLowerCase() !== account.id) {
    errors.push(invalid(r, 'user.account_id', `user.account_id must be the account of the path, "${account.id}"`));
  }
  if (u.install_ids !== undefined && typeof u.roles === 'string' && !u.roles.startsWith('partial')) {
    errors.push(
      invalid(r, 'user.install_ids', 'install_ids can be given only with the partial or partial,billing role'),
    );
  }
  if (Array.isArray(u.install_ids)) {
    u.install_ids.forEach((id, i) => {
      const known =
        typeof id === 'string' &&
        ctx.state.installs.some((x) => x.id === id.toLowerCase() && x.account_id === account.id);
      if (typeof id === 'string' && uuidItem(id) === null && !known) {
        errors.push({
          ...invalid(r, `user.install_ids[${i}]`, `install "${id}" is not an install of this account`),
          type: 'value_unavailable',
        });
      }
    });
  }
  return errors;
}

export const createAccountUser: Handler = (ctx) => {
  const p = principalOf(ctx);
  const account = findOwnAccount(ctx);
  if (p.credential.roles !== 'owner' && !p.credential.roles.startsWith('full')) {
    throw notAuthorized('Adding account users requires Owner or Full access');
  }
  const user = (ctx.body ?? {}).user;
  assertValid('account user', validate(ctx, account, user));
  const u = user as { first_name: string; last_name: string; email: string; roles: UserRole; install_ids?: string[] };
  if (u.roles === 'owner' && p.credential.roles !== 'owner') throw notAuthorized('Only an Owner may add another Owner');
  const email = u.email.trim();
  if (
    ctx.state.accountUsers.some((x) => x.account_id === account.id && x.email.toLowerCase() === email.toLowerCase())
  ) {
    throw conflict(`A user with email "${email}" already exists in this account`);
  }
  const rec: AccountUserRec = {
    user_id: randomUUID(),
    account_id: account.id,
    first_name: u.first_name.trim(),
    last_name: u.last_name.trim(),
    email,
    phone: '',
    invite_accepted: false,
    mfa_enabled: false,
    roles: u.roles,
    ...(u.roles.startsWith('partial')
      ? {
          installs: (u.install_ids ?? []).map((id) => {
            const install = ctx.state.installs.find((x) => x.id === id.toLowerCase())!;
            return { id: install.id, name: install.name };
          }),
        }
      : {}),
  };
  ctx.state.accountUsers.push(rec);
  const body: AccountUserCreated = {
    message: `Invitation sent to ${email}`,
    account_user: accountUserView(rec, ctx.state.accountUsers),
  };
  return { status: 201, body };
};

export const listAccountUsers: Handler = (ctx) => {
  const account = findOwnAccount(ctx);
  const users = ctx.state.accountUsers.filter((u) => u.account_id === account.id);
  const body: AccountUserList = { results: users.map((u) => accountUserView(u, ctx.state.accountUsers)) };
  return { status: 200, body };
};
