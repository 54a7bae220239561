/**
 * Failures without an answer (src/api/network-failure.ts): the kind of each system code, the code
 * found under fetch's wrappers, and the words of each kind, naming the host, the code and the
 * input the URL came from. Whether a kind may have reached the server is the retry table's.
 */
import { describe, expect, it } from 'vitest';
import { classifyCode, describeFailure, errorCode, type NetworkFailure } from '../../src/api/network-failure.js';

describe('classifyCode', () => {
  it.each<[NetworkFailure, (string | undefined)[]]>([
    ['certificate', ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT']],
    ['certificate', ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID']],
    ['tls', ['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_TLS_HANDSHAKE_TIMEOUT', 'EPROTO']],
    ['dns', ['ENOTFOUND', 'EAI_AGAIN']],
    ['refused', ['ECONNREFUSED', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']],
    ['reset', ['ECONNRESET', 'UND_ERR_SOCKET']],
    ['timeout', ['ETIMEDOUT']],
    ['broken', ['SOMETHING_ELSE', undefined]],
  ])('%s: %j', (kind, codes) => {
    for (const code of codes) expect(classifyCode(code), code).toBe(kind);
  });
});

describe('errorCode', () => {
  it('finds the system code under fetch-style wrappers, skipping undici’s abort code', () => {
    const inner = Object.assign(new Error('x'), { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    const outer = new TypeError('fetch failed', { cause: inner });
    expect(errorCode(Object.assign(new Error('request failed'), { cause: outer }))).toBe(
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    );
    expect(errorCode(Object.assign(new Error('aborted'), { code: 'UND_ERR_ABORTED' }))).toBeUndefined();
    expect(errorCode('text')).toBeUndefined();
  });
});

describe('describeFailure', () => {
  const base = { host: 'h.example:8443', source: 'webhook-url', code: 'X' };
  const P = { proxy: 'p.corp:3128' };
  it.each<[NetworkFailure, object, RegExp]>([
    [
      'certificate',
      { code: 'BAD' },
      /^the certificate of h\.example:8443 is not trusted \(BAD\); nothing was sent; check webhook-url; /,
    ],
    [
      'certificate',
      { code: 'BAD' },
      /if h\.example:8443 uses a certificate from a private CA .* set NODE_EXTRA_CA_CERTS/,
    ],
    // A wrong name is the input's to fix, not a CA's.
    [
      'certificate',
      { code: 'HOSTNAME_MISMATCH' },
      /not valid for that name .*; check the host name in webhook-url: [^;]*$/,
    ],
    ['certificate', { code: 'CERT_HAS_EXPIRED' }, /outside its validity period \(CERT_HAS_EXPIRED\); .*renewed/],
    ['dns', {}, /^host h\.example:8443 does not resolve \(X\); check the host name in webhook-url/],
    ['dns', P, /^proxy host p\.corp:3128 does not resolve .* list h\.example in NO_PROXY/],
    ['refused', {}, /^could not connect to h\.example:8443 \(X\); check webhook-url \(host and port\)/],
    ['refused', P, /^could not connect to the proxy p\.corp:3128 .*HTTPS_PROXY.* h\.example in NO_PROXY/],
    ['proxy', { ...P, code: '502' }, /^the proxy p\.corp:3128 would not open a tunnel to h\.example:8443 \(502\)/],
    ['proxy-auth', { ...P, code: '407' }, /^the proxy p\.corp:3128 asked for credentials \(407\); .* HTTPS_PROXY/],
    ['tls', {}, /^TLS handshake with h\.example:8443 failed \(X\); .*scheme and port in webhook-url/],
    ['reset', {}, /^connection to h\.example:8443 dropped before an answer \(X\); check webhook-url/],
    ['timeout', { message: 'no progress within 30s' }, /^no answer from h\.example:8443: no progress within 30s; /],
    ['broken', {}, /^answer from h\.example:8443 cut off or malformed \(X\); check webhook-url/],
  ])('words %s %j', (failure, more, words) => {
    const w = describeFailure({ ...base, failure, ...more });
    expect(`${w.detail}; ${w.advice}`).toMatch(words);
  });
});
