/**
 * The proxy decision of src/api/proxy.ts as tables: which variable a request reads, what NO_PROXY
 * and loopback leave direct, how a proxy URL and its credentials are read, and every form of those
 * credentials that must be masked. Messages name the variable, never its value.
 */
import { describe, expect, it } from 'vitest';
import { bypassesProxy, describeProxy, proxyFor, proxySecrets, ProxyConfigError } from '../../src/api/proxy.js';

const P = 'http://proxy.corp:3128';
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

describe('proxyFor', () => {
  it.each<[string, Record<string, string>, string | undefined]>([
    // which variable, by scheme
    ['https://api.example.com/v1', { HTTPS_PROXY: P }, 'http://proxy.corp:3128/'],
    ['https://api.example.com/v1', { https_proxy: P }, 'http://proxy.corp:3128/'],
    ['https://api.example.com/v1', { HTTP_PROXY: P }, undefined],
    ['http://api.example.com/v1', { HTTP_PROXY: P }, 'http://proxy.corp:3128/'],
    ['http://api.example.com/v1', { http_proxy: P }, 'http://proxy.corp:3128/'],
    ['http://api.example.com/v1', { HTTPS_PROXY: P }, undefined],
    ['https://api.example.com/v1', {}, undefined],
    ['https://api.example.com/v1', { HTTPS_PROXY: '  ' }, undefined],
    // lower case wins, unless empty
    ['https://a.example', { https_proxy: 'http://low:1', HTTPS_PROXY: 'http://up:2' }, 'http://low:1/'],
    ['https://a.example', { https_proxy: '', HTTPS_PROXY: 'http://up:2' }, 'http://up:2/'],
    // bare host:port means http (even with "://" later in the value); https proxies are kept
    ['https://a.example', { HTTPS_PROXY: 'proxy.corp:8080' }, 'http://proxy.corp:8080/'],
    ['https://a.example', { HTTPS_PROXY: 'proxy.corp:3128/a://b' }, 'http://proxy.corp:3128/'],
    ['https://a.example', { HTTPS_PROXY: 'https://secure.proxy:443' }, 'https://secure.proxy/'],
    // loopback is never proxied; NO_PROXY is read first
    ['https://127.0.0.1:8443/x', { HTTPS_PROXY: P }, undefined],
    ['http://127.9.9.9/x', { HTTP_PROXY: P }, undefined],
    ['https://LOCALHOST/x', { HTTPS_PROXY: P }, undefined],
    ['https://[::1]:8443/x', { HTTPS_PROXY: P }, undefined],
    ['https://localhost.example.com/x', { HTTPS_PROXY: P }, 'http://proxy.corp:3128/'],
    ['https://api.example.com', { HTTPS_PROXY: P, NO_PROXY: '.example.com' }, undefined],
  ])('%s with %j → %s', (url, env, expected) => expect(proxyFor(new URL(url), env)?.url.href).toBe(expected));

  it.each([
    ['http://us%40er:p%3Ass@proxy.corp:3128', 'us@er:p:ss'], // decoded
    ['http://us%zz:p%E0%A4@proxy.corp:3128', 'us%zz:p%E0%A4'], // not valid percent-encoding: as it is
    ['http://user@proxy.corp:3128', 'user:'],
    ['http://:pw@proxy.corp:3128', ':pw'],
    ['http://proxy.corp:3128', undefined], // none: no Proxy-Authorization
  ])('takes the credentials of %s out of the URL into a Basic Proxy-Authorization', (raw, pair) => {
    const choice = proxyFor(new URL('https://a.example'), { HTTPS_PROXY: raw });
    const url = new URL('http://proxy.corp:3128');
    expect(choice).toEqual(pair === undefined ? { url } : { url, authorization: basic(pair) });
    expect(describeProxy(choice!)).toBe('proxy.corp:3128');
  });

  it.each([
    ['https://api.example.com/', { HTTPS_PROXY: 'http://u:secret@[x' }, /^HTTPS_PROXY is not a URL/],
    ['http://api.example.com/', { HTTP_PROXY: 'http://u:secret@[bad' }, /^HTTP_PROXY is not a URL/],
    ['https://api.example.com/', { HTTPS_PROXY: 'socks5://u:secret@proxy:1080' }, /unsupported proxy scheme "socks5:"/],
  ])('refuses a proxy for %s that it cannot use, naming the variable only: %j', (url, env, message) => {
    const choose = () => proxyFor(new URL(url), env);
    expect(choose).toThrow(
      expect.objectContaining({ name: 'ProxyConfigError', message: expect.stringMatching(message) }),
    );
    expect(choose).toThrow(ProxyConfigError);
    expect(choose).not.toThrow(/secret/);
  });
});

describe('bypassesProxy (NO_PROXY)', () => {
  it.each<[string, string, boolean]>([
    ['https://api.example.com', '', false],
    ['https://api.example.com', '*', true],
    ['https://api.example.com', ' * ', true],
    ['https://api.example.com', 'api.example.com', true],
    ['https://API.EXAMPLE.COM', 'api.example.com', true],
    ['https://api.example.com', 'API.Example.com', true],
    ['https://api.example.com', 'example.com', true],
    ['https://api.example.com', '.example.com', true],
    ['https://api.example.com', '*.example.com', true],
    ['https://example.com', '.example.com', false],
    ['https://badexample.com', 'example.com', false],
    ['https://badexample.com', '.example.com', false],
    ['https://api.example.com', 'other.com, api.example.com', true],
    ['https://api.example.com', 'other.com,,', false],
    // An empty entry matches nothing, not even a host written with its final dot.
    ['https://api.example.com.', 'other.com,,', false],
    ['https://api.example.com.', 'example.com.', true],
    // An entry is one name: a line break inside does not start another entry.
    ['https://b.example', 'a.example\nb.example:443', false],
    // A port, only at the end of an entry, compared with the default port of the scheme.
    ['https://api.example.com', 'api.example.com:443', true],
    ['https://api.example.com', 'api.example.com:80', false],
    ['https://api.example.com', 'api.example.com:443x', false],
    ['https://api.example.com', 'api.example.com:8443', false],
    ['https://api.example.com:8443', 'api.example.com:8443', true],
    ['http://api.example.com', 'api.example.com:80', true],
    ['http://api.example.com', 'api.example.com:443', false],
    ['https://10.1.2.3', '10.1.2.3', true],
    ['https://10.1.2.3:9000', '10.1.2.3:9000', true],
    ['https://[fd00::1]:9000', '[fd00::1]:9000', true],
    ['https://[fd00::1]:9001', '[fd00::1]:9000', false],
    ['https://[fd00::1]:9000', '[fd00::1]', true],
    ['https://127.0.0.1', '', true],
  ])('%s with NO_PROXY=%j → %s', (url, noProxy, expected) => {
    expect(bypassesProxy(new URL(url), { NO_PROXY: noProxy })).toBe(expected);
  });

  it('reads no_proxy first, NO_PROXY when it is unset or empty', () => {
    const url = new URL('https://api.example.com');
    expect(bypassesProxy(url, { no_proxy: 'api.example.com', NO_PROXY: 'other' })).toBe(true);
    expect(bypassesProxy(url, { no_proxy: 'other', NO_PROXY: 'api.example.com' })).toBe(false);
    expect(bypassesProxy(url, { no_proxy: '', NO_PROXY: 'api.example.com' })).toBe(true);
  });
});

describe('proxySecrets', () => {
  it('lists the trimmed variable, each part as written and decoded, the pair and its base64, longest first', () => {
    const raw = 'http://proxy-user:p%40ss@proxy.corp:3128';
    expect(proxySecrets({ HTTPS_PROXY: `  ${raw} ` })).toEqual([
      raw,
      Buffer.from('proxy-user:p@ss').toString('base64'),
      'proxy-user:p@ss',
      'proxy-user',
      'p%40ss',
      'p@ss',
    ]);
  });

  const FOUR = {
    https_proxy: 'a:one-secret@p:1',
    HTTPS_PROXY: 'b:two-secret@p',
    http_proxy: 'c:3-secret@p',
    HTTP_PROXY: 'd:4th-secret@p',
  };
  it.each<[string, Record<string, string>, string[], string[]]>([
    ['no credentials, or no proxy', { HTTPS_PROXY: P, HTTP_PROXY: 'proxy:3128' }, [], ['proxy']],
    ['all four variables, with a scheme or without', FOUR, ['one-secret', 'two-secret', '3-secret', '4th-secret'], []],
    [
      'one that is not a URL, passed over',
      { HTTPS_PROXY: 'http://u:sec@[x', HTTP_PROXY: 'd:4th-secret@p' },
      ['4th-secret'],
      ['sec'],
    ],
    ['no scheme, "://" later', { HTTP_PROXY: 'someone:secret9@proxy.example:3128/x://y' }, ['secret9'], []],
    ['a user name alone', { HTTP_PROXY: 'http://someone@proxy.example' }, ['someone'], []],
    // Parts shorter than three characters would shred the log.
    ['a short password', { HTTP_PROXY: 'http://someone:pw@proxy.example' }, ['someone'], ['pw']],
  ])('reads %s', (_what, env, listed, unlisted) => {
    const secrets = proxySecrets(env);
    for (const s of listed) expect(secrets).toContain(s);
    for (const s of unlisted) expect(secrets).not.toContain(s);
    if (listed.length === 0) expect(secrets).toEqual([]);
  });
});
