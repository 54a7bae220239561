import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  joinUrl,
  parseBaseUrl,
  quoteUntrusted,
  relativePath,
  resolvePageLink,
  UnsafeUrlError,
} from '../../src/api/url.js';

describe('joinUrl', () => {
  it.each([
    ['https://api.example.com', '/v1/installs', 'https://api.example.com/v1/installs'],
    ['https://api.example.com/', '/v1/installs', 'https://api.example.com/v1/installs'],
    [
      'http://127.0.0.1:8080/headless',
      '/v1/accounts/demo/apps',
      'http://127.0.0.1:8080/headless/v1/accounts/demo/apps',
    ],
    [
      'http://127.0.0.1:8080/headless/',
      '/v1/accounts/demo/apps',
      'http://127.0.0.1:8080/headless/v1/accounts/demo/apps',
    ],
    ['https://h.example/a/b//', 'v1/x', 'https://h.example/a/b/v1/x'],
    [
      'https://h.example/p',
      '/fu/v1/accounts/a/apps/b/environments/c:upload',
      'https://h.example/p/fu/v1/accounts/a/apps/b/environments/c:upload',
    ],
  ])('%s + %s', (base, path, expected) => {
    expect(joinUrl(new URL(base), path).href).toBe(expected);
  });

  it('adds the query, leaving out undefined values', () => {
    const url = joinUrl(new URL('https://h.example/'), '/v1/installs', {
      limit: 100,
      offset: 0,
      account_id: undefined,
    });
    expect(url.href).toBe('https://h.example/v1/installs?limit=100&offset=0');
  });
});

describe('parseBaseUrl', () => {
  it('accepts https anywhere and http on loopback', () => {
    expect(parseBaseUrl('https://api.example.com', 'api-url').host).toBe('api.example.com');
    for (const u of ['http://localhost:1', 'http://127.0.0.1:9', 'http://127.1.2.3', 'http://[::1]:8080/headless']) {
      expect(() => parseBaseUrl(u, 'api-url')).not.toThrow();
    }
  });
  it('refuses plain http to another host, saying why', () => {
    expect(() => parseBaseUrl('http://api.example.com', 'api-url')).toThrow(UnsafeUrlError);
    expect(() => parseBaseUrl('http://api.example.com', 'api-url')).toThrow(/api-url uses plain http .* unencrypted/);
    expect(() => parseBaseUrl('http://10.0.0.1', 'headless-api-url')).toThrow(/headless-api-url/);
    expect(() => parseBaseUrl('http://127.0.0.1.example.com', 'api-url')).toThrow(UnsafeUrlError);
  });
  it('refuses other schemes, queries, credentials and non-URLs', () => {
    expect(() => parseBaseUrl('ftp://h', 'api-url')).toThrow(/api-url uses ftp; use https/);
    expect(() => parseBaseUrl('https://h/?x=1', 'api-url')).toThrow(/query/);
    expect(() => parseBaseUrl('https://u:p@h/', 'api-url')).toThrow(/user name or password/);
    expect(() => parseBaseUrl('not a url', 'api-url')).toThrow(/not a URL/);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['[::1]', true],
    ['128.0.0.1', false],
    ['127.0.0.256', false],
    ['localhost.example.com', false],
    ['0.0.0.0', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('resolvePageLink', () => {
  it('resolves a path against a base without prefix', () => {
    expect(resolvePageLink(new URL('https://h.example'), '/v1/installs?limit=100&offset=200').href).toBe(
      'https://h.example/v1/installs?limit=100&offset=200',
    );
  });
  it('adds the base prefix when the link lacks it, and keeps it when present', () => {
    const base = new URL('https://h.example/api/');
    expect(resolvePageLink(base, '/v1/sites?offset=100').href).toBe('https://h.example/api/v1/sites?offset=100');
    expect(resolvePageLink(base, '/api/v1/sites?offset=100').href).toBe('https://h.example/api/v1/sites?offset=100');
  });
  it('follows an absolute link on the same origin only', () => {
    const base = new URL('https://h.example');
    expect(resolvePageLink(base, 'https://h.example/v1/x?offset=1').href).toBe('https://h.example/v1/x?offset=1');
    expect(() => resolvePageLink(base, 'https://evil.example/v1/x')).toThrow(/points away from https:\/\/h\.example/);
  });
});

describe('relativePath', () => {
  it('strips the base prefix and never includes the query', () => {
    const base = new URL('http://127.0.0.1:1/headless');
    const url = new URL('http://127.0.0.1:1/headless/wh/v1/accounts/a/webhook:rebuild?token=secret');
    expect(relativePath(base, url)).toBe('/wh/v1/accounts/a/webhook:rebuild');
    expect(relativePath(undefined, url)).toBe('/headless/wh/v1/accounts/a/webhook:rebuild');
    expect(relativePath(new URL('https://other.example/headless'), url)).toBe(
      '/headless/wh/v1/accounts/a/webhook:rebuild',
    );
  });
});

describe('resolvePageLink: links keep the origin and base path of the input URL', () => {
  const base = new URL('https://api.example.com/hosting');
  it.each([
    '//other-host/x',
    '/\\other-host/x',
    '\\\\other-host\\x',
    '/\t/other-host/x',
    '\n//other-host/x',
    ' //other-host/x',
    'https://other/x',
    'https://other/hosting/v1/installs',
    'http:other',
    'http://api.example.com/hosting/v1/x',
    'https://api.example.com:8443/hosting/v1/x',
    'https://api.example.com.evil.example/hosting/v1/x',
    'https://u:p@api.example.com/hosting/v1/x',
    'javascript:alert(1)',
    'data:text/plain,x',
    'ftp://api.example.com/x',
  ])('refuses %j, naming it escaped, before any request', (link) => {
    let message = '';
    try {
      resolvePageLink(base, link);
    } catch (err) {
      expect(err).toBeInstanceOf(UnsafeUrlError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/^page link ".*" (points away from https:\/\/api\.example\.com|carries credentials)/);
    expect(message).toContain('no request was sent');
    expect(message).not.toMatch(/[\t\n]/);
  });

  it.each([
    ['/v1/installs?offset=2', 'https://api.example.com/hosting/v1/installs?offset=2'],
    ['/hosting/v1/installs?offset=2', 'https://api.example.com/hosting/v1/installs?offset=2'],
    ['v1/installs?offset=2', 'https://api.example.com/hosting/v1/installs?offset=2'],
    ['https://api.example.com/hosting/v1/x', 'https://api.example.com/hosting/v1/x'],
    ['https://API.example.com:443/hosting/v1/x', 'https://api.example.com/hosting/v1/x'],
    // Encoded slashes stay inside one path segment; they do not make a host.
    ['/%2F%2Fother-host/x', 'https://api.example.com/hosting/%2F%2Fother-host/x'],
    ['%2f%2fother-host/x', 'https://api.example.com/hosting/%2f%2fother-host/x'],
    ['/%5Cother-host/x', 'https://api.example.com/hosting/%5Cother-host/x'],
    // Dot segments are resolved, and the base path is kept.
    ['/../../../x', 'https://api.example.com/hosting/x'],
    ['/%2e%2e/%2e%2e/x', 'https://api.example.com/hosting/x'],
  ])('resolves %j within the base: %s', (link, expected) => {
    expect(resolvePageLink(base, link).href).toBe(expected);
  });

  it('escapes what it names: quotes, backslashes, controls, bidi and non-ASCII', () => {
    expect(quoteUntrusted('a"b\\c\u202e\u0007é')).toBe('"a\\"b\\\\c\\u202e\\u0007\\u00e9"');
    expect(quoteUntrusted('x'.repeat(300))).toHaveLength(2 + 200 + 1);
  });
});

describe('joinUrl refuses dot segments that would leave the base path', () => {
  it.each(['/v1/accounts/../../x', '/v1/./x', '/v1/accounts/%2e%2e/x'])('%s', (path) => {
    expect(() => joinUrl(new URL('https://h.example/headless'), path)).toThrow(/has a "\." or "\.\." segment/);
  });
});
