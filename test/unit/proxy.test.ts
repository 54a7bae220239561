import { describe, expect, it } from 'vitest';
import {
  bypassesProxy,
  describeProxy,
  parseProxyUrl,
  proxyFor,
  proxySecrets,
  ProxyConfigError,
} from '../../src/api/proxy.js';

const P = 'http://proxy.corp:3128';

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
    // bare host:port means http; https proxies are kept
    ['https://a.example', { HTTPS_PROXY: 'proxy.corp:8080' }, 'http://proxy.corp:8080/'],
    ['https://a.example', { HTTPS_PROXY: 'https://secure.proxy:443' }, 'https://secure.proxy/'],
    // loopback is never proxied
    ['https://127.0.0.1:8443/x', { HTTPS_PROXY: P }, undefined],
    ['http://127.9.9.9/x', { HTTP_PROXY: P }, undefined],
    ['https://localhost/x', { HTTPS_PROXY: P }, undefined],
    ['https://LOCALHOST/x', { HTTPS_PROXY: P }, undefined],
    ['https://[::1]:8443/x', { HTTPS_PROXY: P }, undefined],
    ['https://localhost.example.com/x', { HTTPS_PROXY: P }, 'http://proxy.corp:3128/'],
  ])('%s with %j → %s', (url, env, expected) => {
    expect(proxyFor(new URL(url), env)?.url.href).toBe(expected);
  });

  it('takes the credentials out of the URL into a Basic Proxy-Authorization, decoded', () => {
    const choice = proxyFor(new URL('https://a.example'), { HTTPS_PROXY: 'http://us%40er:p%3Ass@proxy.corp:3128' });
    expect(choice?.url.href).toBe('http://proxy.corp:3128/');
    expect(choice?.authorization).toBe(`Basic ${Buffer.from('us@er:p:ss').toString('base64')}`);
  });

  it('keeps credentials that are not valid percent-encoding as they are', () => {
    const choice = proxyFor(new URL('https://a.example'), { HTTPS_PROXY: 'http://us%zz:p%E0%A4@proxy.corp:3128' });
    expect(choice?.authorization).toBe(`Basic ${Buffer.from('us%zz:p%E0%A4').toString('base64')}`);
  });

  it('is named in messages by host and port, never with its credentials', () => {
    const choice = proxyFor(new URL('https://a.example'), { HTTPS_PROXY: 'http://user:secret@proxy.corp:3128' });
    expect(describeProxy(choice!)).toBe('proxy.corp:3128');
  });

  it('refuses a proxy that is not a URL, naming the variable only', () => {
    expect(() => parseProxyUrl('http://u:secret@[x', 'HTTPS_PROXY')).toThrow(ProxyConfigError);
    expect(() => parseProxyUrl('http://u:secret@[x', 'HTTPS_PROXY')).toThrow(/^HTTPS_PROXY is not a URL/);
    expect(() => parseProxyUrl('http://u:secret@[x', 'HTTPS_PROXY')).not.toThrow(/secret/);
    expect(() => parseProxyUrl('socks5://proxy:1080', 'HTTPS_PROXY')).toThrow(/unsupported proxy scheme "socks5:"/);
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
    ['https://api.example.com', 'api.example.com:443', true],
    ['https://api.example.com', 'api.example.com:8443', false],
    ['https://api.example.com:8443', 'api.example.com:8443', true],
    ['http://api.example.com', 'api.example.com:80', true],
    ['http://api.example.com', 'api.example.com:443', false],
    ['https://10.1.2.3', '10.1.2.3', true],
    ['https://10.1.2.3:9000', '10.1.2.3:9000', true],
    ['https://[fd00::1]:9000', '[fd00::1]:9000', true],
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

  it('goes direct for a listed host although a proxy is set', () => {
    expect(proxyFor(new URL('https://api.example.com'), { HTTPS_PROXY: P, NO_PROXY: '.example.com' })).toBe(undefined);
  });
});

describe('proxySecrets', () => {
  it('lists every form of the proxy credentials, longest first', () => {
    const raw = 'http://proxy-user:p%40ss-w0rd@proxy.corp:3128';
    const secrets = proxySecrets({ HTTPS_PROXY: raw });
    expect(secrets).toEqual(
      expect.arrayContaining([
        raw,
        'proxy-user',
        'p%40ss-w0rd',
        'p@ss-w0rd',
        'proxy-user:p@ss-w0rd',
        Buffer.from('proxy-user:p@ss-w0rd').toString('base64'),
      ]),
    );
    expect([...secrets].sort((a, b) => b.length - a.length)).toEqual(secrets);
  });

  it('has nothing to mask for a proxy without credentials, or none at all', () => {
    expect(proxySecrets({ HTTPS_PROXY: P, HTTP_PROXY: 'proxy:3128' })).toEqual([]);
    expect(proxySecrets({})).toEqual([]);
  });

  it('passes over a variable that is not a URL, and still lists the others', () => {
    const secrets = proxySecrets({ HTTPS_PROXY: 'http://u:secret@[x', HTTP_PROXY: 'http://ddd:four-secret@p:1' });
    expect(secrets).toContain('four-secret');
    expect(secrets.some((s) => s.includes('[x'))).toBe(false);
  });

  it('reads all four variables', () => {
    const env = {
      https_proxy: 'http://aaa:one-secret@p:1',
      HTTPS_PROXY: 'http://bbb:two-secret@p:1',
      http_proxy: 'http://ccc:three-secret@p:1',
      HTTP_PROXY: 'http://ddd:four-secret@p:1',
    };
    const secrets = proxySecrets(env);
    for (const s of ['one-secret', 'two-secret', 'three-secret', 'four-secret']) expect(secrets).toContain(s);
  });
});
