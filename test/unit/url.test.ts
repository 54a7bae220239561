import { describe, expect, it } from 'vitest';
import {
  isLoopbackHost,
  joinUrl,
  parseBaseUrl,
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
    expect(() => resolvePageLink(base, 'https://evil.example/v1/x')).toThrow(/another origin/);
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
