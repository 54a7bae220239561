/**
 * Checks a third-party certificate upload the way a server would before installing it: both
 * values are base64 of PEM, the certificate chain parses, the key parses, and the key belongs
 * to the end-entity (first) certificate. Messages never echo the key material.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { invalid, type FieldError } from '../../errors.js';

const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}\s*$/;
const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function decode(v: string): string | null {
  return BASE64.test(v) ? Buffer.from(v, 'base64').toString('utf8') : null;
}

export function checkCertificatePair(resource: string, certificate: unknown, privateKey: unknown): FieldError[] {
  const errors: FieldError[] = [];
  let leaf: X509Certificate | null = null;
  let key: KeyObject | null = null;

  if (typeof certificate !== 'string' || certificate === '') {
    errors.push(
      invalid(
        resource,
        'certificate',
        'certificate is required: base64 of the PEM certificate chain',
        `${resource}.certificate.required`,
      ),
    );
  } else {
    const pem = decode(certificate);
    const blocks = pem?.match(CERT_BLOCK) ?? [];
    if (pem === null) errors.push(invalid(resource, 'certificate', 'certificate must be base64-encoded PEM'));
    else if (blocks.length === 0)
      errors.push(invalid(resource, 'certificate', 'certificate holds no PEM CERTIFICATE block'));
    else {
      try {
        const chain = blocks.map((b) => new X509Certificate(b));
        leaf = chain[0]!;
      } catch {
        errors.push(invalid(resource, 'certificate', 'certificate chain does not parse as X.509'));
      }
    }
  }

  if (typeof privateKey !== 'string' || privateKey === '') {
    errors.push(
      invalid(
        resource,
        'private_key',
        'private_key is required: base64 of the PEM private key',
        `${resource}.private_key.required`,
      ),
    );
  } else {
    const pem = decode(privateKey);
    if (pem === null || !/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
      errors.push(invalid(resource, 'private_key', 'private_key must be base64-encoded PEM of a PRIVATE KEY'));
    } else {
      try {
        key = createPrivateKey(pem);
      } catch {
        errors.push(invalid(resource, 'private_key', 'private_key does not parse (an encrypted key is not accepted)'));
      }
    }
  }

  if (leaf && key && !leaf.checkPrivateKey(key)) {
    errors.push(
      invalid(
        resource,
        'private_key',
        'private_key does not match the certificate',
        `${resource}.private_key.mismatch`,
      ),
    );
  }
  return errors;
}
