/**
 * Domains of an install: create, list, get, and ownership verification.
 *
 * Ownership rule at creation (spec, States table): a domain is born TXT_VERIFIED, with no TXT
 * key/value, when the caller's account already has a verified domain of the same name or a
 * verified parent of it (a TXT record at `example.com` proves control of `www.example.com`);
 * txt_verified_domain then names that verified domain. Otherwise it is TXT_VERIFICATION_PENDING
 * with a key/value to put in DNS. `duplicate` is true when another install has the same name.
 */
import { assertValid, conflict, invalid, notFound, type FieldError } from '../../http/errors.js';
import { stableUuid } from '../../store/seed.js';
import type { DomainRec, InstallRec } from '../../store/state.js';
import type { Ctx, Handler } from '../context.js';
import { hostingPage } from '../paginate.js';
import { domainView } from './domain-view.js';
import { findInstall, pathUuid } from './lookup.js';
import { pageLinkBase } from './page-link-base.js';
import { booleanField, isHostname, requiredString, uuidField } from './validate.js';

/** The domain named by the path, on the install named by the path (404 otherwise). */
export function findDomain(ctx: Ctx, install: InstallRec): DomainRec {
  const id = pathUuid(ctx, 'domain_id');
  const domain = ctx.state.domains.find((d) => d.id === id && d.install_id === install.id);
  if (!domain) throw notFound(`domain "${id}" of install "${install.name}"`);
  return domain;
}

function validate(ctx: Ctx, install: InstallRec, body: Record<string, unknown>): FieldError[] {
  const errors = [
    ...requiredString(ctx.name, 'name', body.name, 253),
    ...booleanField(ctx.name, 'primary', body.primary),
    ...uuidField(ctx.name, 'redirect_to', body.redirect_to, false),
  ];
  if (typeof body.name === 'string' && errors.every((e) => e.field !== 'name') && !isHostname(normalise(body.name))) {
    errors.push(invalid(ctx.name, 'name', `name must be a host name such as www.example.com, got "${body.name}"`));
  }
  if (typeof body.redirect_to === 'string' && errors.every((e) => e.field !== 'redirect_to')) {
    const target = body.redirect_to.toLowerCase();
    if (!ctx.state.domains.some((d) => d.id === target && d.install_id === install.id)) {
      errors.push({
        ...invalid(ctx.name, 'redirect_to', `redirect_to "${target}" is not a domain of install "${install.name}"`),
        type: 'value_unavailable',
      });
    }
  }
  return errors;
}

const normalise = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

export const createDomain: Handler = (ctx) => {
  const install = findInstall(ctx);
  const body = ctx.body ?? {};
  assertValid('domain', validate(ctx, install, body));
  const name = normalise(body.name as string);
  if (ctx.state.domains.some((d) => d.install_id === install.id && d.name === name)) {
    throw conflict(`Domain "${name}" already exists on install "${install.name}"`);
  }
  const accountInstalls = new Set(
    ctx.state.installs.filter((i) => i.account_id === install.account_id).map((i) => i.id),
  );
  const verifiedBy = ctx.state.domains.find(
    (d) =>
      accountInstalls.has(d.install_id) &&
      d.ownership_status === 'TXT_VERIFIED' &&
      (d.name === name || name.endsWith(`.${d.name}`)),
  );
  const target =
    typeof body.redirect_to === 'string'
      ? ctx.state.domains.find((d) => d.id === (body.redirect_to as string).toLowerCase())
      : undefined;
  const primary = body.primary === true;
  const now = ctx.clock.iso();
  const domain: DomainRec = {
    id: stableUuid('domain', install.name, name),
    install_id: install.id,
    name,
    duplicate: ctx.state.domains.some((d) => d.name === name && d.install_id !== install.id),
    primary,
    network_type: 'AN',
    secure_all_urls: true,
    redirects_to: target ? [{ id: target.id, name: target.name }] : [],
    ownership_status: verifiedBy ? 'TXT_VERIFIED' : 'TXT_VERIFICATION_PENDING',
    txt_verified_time: verifiedBy ? (verifiedBy.txt_verified_time ?? now) : null,
    txt_verified_domain: verifiedBy ? verifiedBy.name : null,
    txt_verification_key: verifiedBy ? null : `_hosting-verify.${name}`,
    txt_verification_value: verifiedBy ? null : stableUuid('txt', name),
    created_at: now,
  };
  if (primary) {
    ctx.state.domains.filter((d) => d.install_id === install.id).forEach((d) => (d.primary = false));
    install.primary_domain = name;
  }
  ctx.state.domains.push(domain);
  return { status: 201, body: domainView(domain, install) };
};

export const listDomains: Handler = (ctx) => {
  const install = findInstall(ctx);
  const views = ctx.state.domains.filter((d) => d.install_id === install.id).map((d) => domainView(d, install));
  return { status: 200, body: hostingPage(views, ctx.query, pageLinkBase(ctx), ctx.name) };
};

export const getDomain: Handler = (ctx) => {
  const install = findInstall(ctx);
  return { status: 200, body: domainView(findDomain(ctx, install), install) };
};

/** The emulator has no DNS to look at: verification always finds the TXT record in place. */
export const verifyDomain: Handler = (ctx) => {
  const install = findInstall(ctx);
  const domain = findDomain(ctx, install);
  if (domain.ownership_status !== 'TXT_VERIFIED') {
    domain.ownership_status = 'TXT_VERIFIED';
    domain.txt_verified_time = ctx.clock.iso();
    domain.txt_verified_domain = domain.name;
    domain.txt_verification_key = null;
    domain.txt_verification_value = null;
  }
  return { status: 200, body: domainView(domain, install) };
};
