/**
 * SSL: ordering a certificate for a legacy-network domain (202 `{}`), and uploading
 * a third-party certificate. The spec gives the upload no status; it creates (or replaces) the
 * install's certificate, so it answers 201 Created with the certificate object, as every create.
 */
import { randomUUID } from 'node:crypto';
import { assertValid, badRequest, invalid } from '../../http/errors.js';
import type { ThirdPartyCertificate } from '../../types/hosting.js';
import type { Handler } from '../context.js';
import { findDomain } from './domains.js';
import { findInstall } from './lookup.js';
import { checkCertificatePair } from './pem.js';
import { emailField, optionalString, requiredString } from './validate.js';

const REGION_CODE = /^[A-Z]{2}$/;

export const orderSslCertificate: Handler = (ctx) => {
  const install = findInstall(ctx);
  const domain = findDomain(ctx, install);
  if ((domain.network_type ?? 'AN') !== 'LEGACY') {
    throw badRequest(
      `SSL certificates can be ordered only for legacy-network domains; "${domain.name}" is on ${domain.network_type ?? 'AN'}`,
      [
        {
          ...invalid(
            ctx.name,
            'domain_id',
            `domain "${domain.name}" is not on the legacy network`,
            `${ctx.name}.domain.not_legacy`,
          ),
          type: 'value_unavailable',
        },
      ],
    );
  }
  const b = ctx.body ?? {};
  const errors = [
    ...emailField(ctx.name, 'email_address', b.email_address, true),
    ...requiredString(ctx.name, 'given_name', b.given_name),
    ...requiredString(ctx.name, 'family_name', b.family_name),
    ...requiredString(ctx.name, 'region_code', b.region_code),
    ...optionalString(ctx.name, 'state', b.state),
    ...optionalString(ctx.name, 'city', b.city),
    ...optionalString(ctx.name, 'phone', b.phone, 32),
  ];
  if (typeof b.region_code === 'string' && b.region_code.trim() !== '' && !REGION_CODE.test(b.region_code)) {
    errors.push(
      invalid(
        ctx.name,
        'region_code',
        `region_code must be a two-letter ISO 3166-1 alpha-2 code such as US, got "${b.region_code}"`,
      ),
    );
  }
  assertValid('SSL certificate order', errors);
  const opt = (v: unknown) => (typeof v === 'string' ? v : null);
  ctx.state.sslOrders.push({
    id: randomUUID(),
    install_id: install.id,
    domain_id: domain.id,
    email_address: b.email_address as string,
    given_name: b.given_name as string,
    family_name: b.family_name as string,
    region_code: b.region_code as string,
    state: opt(b.state),
    city: opt(b.city),
    phone: opt(b.phone),
    created_at: ctx.clock.iso(),
  });
  return { status: 202, body: {} };
};

export const createThirdPartyCertificate: Handler = (ctx) => {
  const install = findInstall(ctx);
  const b = ctx.body ?? {};
  assertValid('third-party certificate', checkCertificatePair(ctx.name, b.certificate, b.private_key));
  const certificate = b.certificate as string;
  const privateKey = b.private_key as string;
  ctx.state.certificates = ctx.state.certificates.filter((c) => c.install_id !== install.id);
  ctx.state.certificates.push({
    install_id: install.id,
    certificate,
    private_key: privateKey,
    created_at: ctx.clock.iso(),
  });
  const body: ThirdPartyCertificate = { certificate, private_key: privateKey };
  return { status: 201, body };
};
