/**
 * The edges of the proxy rules: URLs without a scheme, credentials given in part, NO_PROXY
 * entries with ports, which variable a message names, and the exact list of proxy secrets.
 * Each case is one a planted bug would get wrong.
 */
import { describe, expect, it } from 'vitest';
import { bypassesProxy, parseProxyUrl, proxyFor, proxySecrets, ProxyConfigError } from '../../src/api/proxy.js';

const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

describe('parseProxyUrl', () => {
  it('reads a bare host:port as http even when "://" appears later in the value', () => {
    expect(parseProxyUrl('proxy.example:3128/a://b', 'HTTPS_PROXY').url.href).toBe('http://proxy.example:3128/');
  });

  it('sends a user name alone, or a password alone, as Basic credentials', () => {
    expect(parseProxyUrl('http://user@proxy.example:3128', 'HTTPS_PROXY').authorization).toBe(basic('user:'));
    expect(parseProxyUrl('http://:pw@proxy.example:3128', 'HTTPS_PROXY').authorization).toBe(basic(':pw'));
    expect(parseProxyUrl('http://proxy.example:3128', 'HTTPS_PROXY')).toEqual({
      url: new URL('http://proxy.example:3128'),
    });
  });

  it('throws a ProxyConfigError by that name', () => {
    let error: unknown;
    try {
      parseProxyUrl('http://[bad', 'HTTP_PROXY');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ProxyConfigError);
    expect((error as Error).name).toBe('ProxyConfigError');
  });
});

describe('proxyFor names the variable it read', () => {
  it.each([
    ['https://api.example.com/', { HTTPS_PROXY: 'http://[bad' }, /^HTTPS_PROXY is not a URL/],
    ['http://api.example.com/', { HTTP_PROXY: 'http://[bad' }, /^HTTP_PROXY is not a URL/],
  ])('%s', (target, env, message) => {
    expect(() => proxyFor(new URL(target), env)).toThrow(message);
  });
});

describe('bypassesProxy: ports in NO_PROXY', () => {
  it('compares an entry port with the default port of the scheme', () => {
    expect(bypassesProxy(new URL('https://h.example/'), { NO_PROXY: 'h.example:443' })).toBe(true);
    expect(bypassesProxy(new URL('https://h.example/'), { NO_PROXY: 'h.example:80' })).toBe(false);
    expect(bypassesProxy(new URL('http://h.example/'), { NO_PROXY: 'h.example:80' })).toBe(true);
  });

  it('takes a port only at the end of an entry', () => {
    expect(bypassesProxy(new URL('https://h.example/'), { NO_PROXY: 'h.example:443x' })).toBe(false);
  });

  it('reads a bracketed IPv6 address with a port', () => {
    expect(bypassesProxy(new URL('http://[2001:db8::5]:8080/'), { NO_PROXY: '[2001:db8::5]:8080' })).toBe(true);
    expect(bypassesProxy(new URL('http://[2001:db8::5]:8081/'), { NO_PROXY: '[2001:db8::5]:8080' })).toBe(false);
  });
});

describe('proxySecrets, exactly', () => {
  it('lists the trimmed variable, each part, the pair and its base64, longest first', () => {
    const raw = 'http://someone:pw3@proxy.example:3128';
    expect(proxySecrets({ HTTPS_PROXY: `  ${raw} ` })).toEqual([
      raw,
      Buffer.from('someone:pw3').toString('base64'),
      'someone:pw3',
      'someone',
      'pw3',
    ]);
  });

  it('reads a variable without a scheme', () => {
    expect(proxySecrets({ http_proxy: 'someone:secret9@proxy.example:3128' })).toContain('secret9');
  });

  it('reads a variable without a scheme even when "://" appears later in it', () => {
    expect(proxySecrets({ HTTP_PROXY: 'someone:secret9@proxy.example:3128/x://y' })).toContain('secret9');
  });

  it('leaves out parts shorter than three characters, which would shred the log', () => {
    expect(proxySecrets({ HTTP_PROXY: 'http://someone:pw@proxy.example' })).not.toContain('pw');
  });

  it('lists a user name given without a password', () => {
    expect(proxySecrets({ HTTP_PROXY: 'http://someone@proxy.example' })).toContain('someone');
  });
});
