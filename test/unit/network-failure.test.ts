import { describe, expect, it } from 'vitest';
import { classifyCode, describeFailure, errorCode, nothingSent } from '../../src/api/network-failure.js';

describe('classifyCode', () => {
  it.each([
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'certificate'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'certificate'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'certificate'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'certificate'],
    ['CERT_HAS_EXPIRED', 'certificate'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'certificate'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['EPROTO', 'tls'],
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'refused'],
    ['EHOSTUNREACH', 'refused'],
    ['UND_ERR_CONNECT_TIMEOUT', 'refused'],
    ['ECONNRESET', 'reset'],
    ['UND_ERR_SOCKET', 'reset'],
    ['ETIMEDOUT', 'timeout'],
    ['SOMETHING_ELSE', 'broken'],
    [undefined, 'broken'],
  ])('%s → %s', (code, kind) => {
    expect(classifyCode(code)).toBe(kind);
  });

  it('says which kinds cannot have reached the server', () => {
    expect(['certificate', 'tls', 'dns', 'refused', 'proxy', 'proxy-auth'].every((k) => nothingSent(k as never))).toBe(
      true,
    );
    expect(['reset', 'timeout', 'broken'].some((k) => nothingSent(k as never))).toBe(false);
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
  const base = { host: 'api.corp.example:8443', source: 'headless-api-url' };

  it('names the host, the code, the input and NODE_EXTRA_CA_CERTS for an untrusted certificate', () => {
    const w = describeFailure({ ...base, failure: 'certificate', code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect(w.detail).toBe('the certificate of api.corp.example:8443 is not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE)');
    expect(w.advice).toMatch(/^nothing was sent; check headless-api-url; .*NODE_EXTRA_CA_CERTS/);
  });

  it('sends a wrong name to the input, not to NODE_EXTRA_CA_CERTS', () => {
    const w = describeFailure({ ...base, failure: 'certificate', code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(w.detail).toContain('not valid for that name (ERR_TLS_CERT_ALTNAME_INVALID)');
    expect(w.advice).toContain('check the host name in headless-api-url');
    expect(w.advice).not.toContain('NODE_EXTRA_CA_CERTS');
  });

  it('words each kind with the host and the input it came from', () => {
    const words = (failure: Parameters<typeof describeFailure>[0]['failure'], more = {}) => {
      const w = describeFailure({ ...base, source: 'webhook-url', failure, code: 'X', ...more });
      return `${w.detail}; ${w.advice}`;
    };
    expect(words('dns')).toBe(
      "host api.corp.example:8443 does not resolve (X); check the host name in webhook-url and the runner's DNS",
    );
    expect(words('refused')).toBe(
      'could not connect to api.corp.example:8443 (X); check webhook-url (host and port) and that the service is up',
    );
    expect(words('refused', { proxy: 'proxy.corp:3128' })).toBe(
      'could not connect to the proxy proxy.corp:3128 (X); check HTTPS_PROXY, or list api.corp.example in NO_PROXY to connect directly',
    );
    expect(words('proxy', { proxy: 'proxy.corp:3128', code: '502' })).toContain(
      'the proxy proxy.corp:3128 would not open a tunnel to api.corp.example:8443 (502)',
    );
    expect(words('proxy-auth', { proxy: 'proxy.corp:3128', code: '407' })).toContain(
      'the proxy proxy.corp:3128 asked for credentials (407); put the proxy',
    );
    expect(words('tls')).toContain('check the scheme and port in webhook-url');
    expect(words('reset')).toContain('check webhook-url and the network');
    expect(words('timeout', { message: 'no progress within 30s' })).toContain(
      'no answer from api.corp.example:8443: no progress within 30s',
    );
  });
});
