/** HTTP Basic authentication against the seed's credentials, and the role rules of the spec. */
import { timingSafeEqual } from 'node:crypto';
import type { Principal } from '../handlers/context.js';
import type { InstallRec, State } from '../store/state.js';
import { notAuthorized, unauthenticated } from './errors.js';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function authenticate(state: State, header: string | undefined): Principal {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) throw unauthenticated('Authentication required: send HTTP Basic credentials (API user id and password)');
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthenticated();
  const userId = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const credential = state.credentials.find((c) => c.userId === userId && same(c.password, password));
  if (!credential) throw unauthenticated();
  const account = state.accounts.find((a) => a.id === credential.accountId);
  if (!account) throw unauthenticated();
  return { credential, account };
}

export const isPartial = (p: Principal) => p.credential.roles.startsWith('partial');

/** Whether the caller may see (and act on) an install: its own account, and for partial users only their installs. */
export function canAccessInstall(p: Principal, install: InstallRec): boolean {
  if (install.account_id !== p.account.id) return false;
  return !isPartial(p) || p.credential.installIds.includes(install.id);
}

/** Owner, or Full with Billing: what listing site transfers needs (spec, Authentication 4). */
export function requireOwnerOrFullBilling(p: Principal): void {
  if (p.credential.roles !== 'owner' && p.credential.roles !== 'full,billing') {
    throw notAuthorized('Listing site transfers requires Owner, or Full with Billing, access');
  }
}

/** Account-level changes (sites, users, install copies) are not for partial users. */
export function requireFullAccess(p: Principal, what: string): void {
  if (isPartial(p)) throw notAuthorized(`A partial user may not ${what}`);
}
