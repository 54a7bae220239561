/**
 * Checks a third-party certificate upload the way a server would before installing it: both
 * values are base64 of PEM, the certificate chain parses, the key parses, and the key belongs
 * to the end-entity (first) certificate. Messages never echo the key material.
 *
 * Every scan here is a single pass with indexOf or a character loop, never a backtracking
 * regular expression: these values are up to a megabyte of client text (a body of newlines
 * once made a regular expression here take tens of seconds).
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { invalid, type FieldError } from '../../http/errors.js';

const isAlphabet = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
const isLineBreak = (c: number) => c === 10 || c === 13;
const isSpace = (c: number) => c === 32 || c === 9 || isLineBreak(c);

/**
 * Base64 as tools write it: the alphabet and line breaks (at least one alphabet character), up
 * to two '=' of padding, then only white space.
 */
export function isBase64Text(v: string): boolean {
  let i = 0;
  let letters = 0;
  for (; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (isAlphabet(c)) letters++;
    else if (!isLineBreak(c)) break;
  }
  for (let pad = 0; pad < 2 && v.charCodeAt(i) === 61; pad++) i++;
  for (; i < v.length; i++) if (!isSpace(v.charCodeAt(i))) return false;
  return letters > 0;
}

function decode(v: string): string | null {
  return isBase64Text(v) ? Buffer.from(v, 'base64').toString('utf8') : null;
}

/** The `-----BEGIN CERTIFICATE-----` … `-----END CERTIFICATE-----` blocks of a text, in order. */
export function certificateBlocks(text: string): string[] {
  const begin = '-----BEGIN CERTIFICATE-----';
  const end = '-----END CERTIFICATE-----';
  const blocks: string[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(begin, from);
    if (start < 0) break;
    // At least one character between the markers; the end is searched once per block, so the
    // whole scan is linear even when BEGIN markers repeat without an END.
    const stop = text.indexOf(end, start + begin.length + 1);
    if (stop < 0) break;
    blocks.push(text.slice(start, stop + end.length));
    from = stop + end.length;
  }
  return blocks;
}

/** Whether a text holds a `-----BEGIN … PRIVATE KEY-----` line (any key type, upper-case letters and spaces). */
export function hasPrivateKeyBlock(text: string): boolean {
  const begin = '-----BEGIN ';
  const tail = 'PRIVATE KEY-----';
  for (let at = text.indexOf(begin); at >= 0; at = text.indexOf(begin, at + 1)) {
    let i = at + begin.length;
    // Upper-case letters and spaces up to the tail; a run ends at the first other character,
    // so runs never overlap and the total work stays linear.
    while (i < text.length && ((text.charCodeAt(i) >= 65 && text.charCodeAt(i) <= 90) || text.charCodeAt(i) === 32)) {
      if (text.startsWith(tail, i)) return true;
      i++;
    }
  }
  return false;
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
    const blocks = pem === null ? [] : certificateBlocks(pem);
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
    if (pem === null || !hasPrivateKeyBlock(pem)) {
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
