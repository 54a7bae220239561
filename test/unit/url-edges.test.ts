/**
 * The edges of the URL rules: exact boundaries of loopback addresses and of message quoting,
 * surrounding white space, fragments, and labels on errors. Each case is one a planted bug (an
 * off-by-one, a dropped check) would get wrong.
 */
import { describe, expect, it } from 'vitest';
import {
  assertSecureUrl,
  basePath,
  checkBaseUrl,
  checkSecureUrl,
  isLoopbackHost,
  joinUrl,
  parseBaseUrl,
  quoteUntrusted,
  relativePath,
  resolvePageLink,
  UnsafeUrlError,
} from '../../src/api/url.js';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UnsafeUrlError);
    expect((err as Error).name).toBe('UnsafeUrlError');
    return (err as Error).message;
  }
  throw new Error('expected a throw');
}

describe('isLoopbackHost: boundaries', () => {
  it.each([
    ['::1', true],
    ['[::1]', true],
    ['Localhost', true],
    ['127.0.0.255', true],
    ['127.255.0.0', true],
    ['127.0.256.1', false],
    ['127.256.0.1', false],
    ['127.0.0.1.', false],
    ['x127.0.0.1', false],
    ['127.0.0.1x', false],
    ['127.0.0', false],
    ['1270.0.0.1', false],
    ['27.0.0.1', false],
    ['127.0.0.1000', false],
    ['[::2]', false],
    ['', false],
  ])('%j → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('checkSecureUrl', () => {
  it('trims white space around the URL before reading it', () => {
    expect(checkSecureUrl('  https://h.example/x \n').href).toBe('https://h.example/x');
  });

  it('accepts http to loopback and names the host it refuses, with what is allowed', () => {
    expect(checkSecureUrl('http://127.0.0.1:8080/').port).toBe('8080');
    const m = messageOf(() => checkSecureUrl('http://build.example/'));
    expect(m).toBe(
      'uses plain http to build.example; use https, since credentials and tokens would cross the network ' +
        'unencrypted (plain http is allowed only for localhost, 127.0.0.0/8 and ::1)',
    );
  });

  it('names the scheme it refuses without its colon', () => {
    expect(messageOf(() => checkSecureUrl('ws://h.example/'))).toBe('uses ws; use https');
    expect(messageOf(() => checkSecureUrl('file:///etc/passwd'))).toBe('uses file; use https');
  });

  it('refuses a user name alone and a password alone', () => {
    expect(messageOf(() => checkSecureUrl('https://u@h.example/'))).toMatch(/^has a user name or password in it/);
    expect(messageOf(() => checkSecureUrl('https://:p@h.example/'))).toMatch(/^has a user name or password in it/);
  });

  it('allows a query on a URL that is not a base (a webhook URL carries its token there)', () => {
    expect(checkSecureUrl('https://h.example/x?token=t').search).toBe('?token=t');
  });

  it('never echoes a URL it cannot read', () => {
    expect(messageOf(() => checkSecureUrl('::secret-token::'))).toBe(
      'is not a URL; give one such as https://api.example.com',
    );
  });
});

describe('checkBaseUrl and parseBaseUrl', () => {
  it('refuses a fragment as well as a query', () => {
    expect(messageOf(() => checkBaseUrl('https://h.example/#part'))).toBe(
      'has a query or fragment; give the base URL only',
    );
    expect(messageOf(() => checkBaseUrl('https://h.example/?a'))).toBe(
      'has a query or fragment; give the base URL only',
    );
    expect(checkBaseUrl('https://h.example/base').pathname).toBe('/base');
  });

  it('puts the label first, with one space', () => {
    expect(messageOf(() => parseBaseUrl('ftp://h', 'api-url'))).toBe('api-url uses ftp; use https');
  });
});

describe('assertSecureUrl', () => {
  it('passes a secure URL and labels the reason it refuses another', () => {
    expect(() => assertSecureUrl(new URL('https://h.example/x?token=1'), 'webhook-url')).not.toThrow();
    expect(() => assertSecureUrl(new URL('http://[::1]:9/x'), 'webhook-url')).not.toThrow();
    expect(messageOf(() => assertSecureUrl(new URL('http://h.example/x'), 'webhook-url'))).toMatch(
      /^webhook-url uses plain http to h\.example;/,
    );
  });
});

describe('basePath and joinUrl', () => {
  it('drops every trailing slash and nothing else', () => {
    expect(basePath(new URL('https://h.example/'))).toBe('');
    expect(basePath(new URL('https://h.example/a//'))).toBe('/a');
    expect(basePath(new URL('https://h.example/a/b'))).toBe('/a/b');
  });

  it('keeps a false query value and sets each key once', () => {
    const url = joinUrl(new URL('https://h.example'), '/v1/x', { dry: false, n: 0, s: '' });
    expect(url.search).toBe('?dry=false&n=0&s=');
  });

  it('names a refused path quoted', () => {
    expect(messageOf(() => joinUrl(new URL('https://h.example'), '/v1/../x'))).toBe(
      'path "/v1/../x" has a "." or ".." segment; not sending it',
    );
  });
});

describe('quoteUntrusted: boundaries', () => {
  it('keeps text of exactly the limit whole and cuts one character more, marking the cut', () => {
    expect(quoteUntrusted('a'.repeat(200))).toBe(`"${'a'.repeat(200)}"`);
    expect(quoteUntrusted('a'.repeat(201))).toBe(`"${'a'.repeat(200)}…"`);
    expect(quoteUntrusted('abcdef', 3)).toBe('"abc…"');
    expect(quoteUntrusted('abc', 3)).toBe('"abc"');
  });

  it('keeps printable ASCII from space to tilde, and escapes DEL and the characters either side', () => {
    expect(quoteUntrusted(' ~')).toBe('" ~"');
    expect(quoteUntrusted('\u001f\u007f')).toBe('"\\u001f\\u007f"');
  });

  it('pads short code points to four hex digits', () => {
    expect(quoteUntrusted('\n')).toBe('"\\u000a"');
  });
});

describe('resolvePageLink: messages and prefixes', () => {
  it('says why it refuses a link that cannot be parsed', () => {
    expect(messageOf(() => resolvePageLink(new URL('https://h.example'), 'http://[bad'))).toBe(
      'page link "http://[bad" is not a URL; not following it (no request was sent)',
    );
  });

  it('refuses a link to another scheme on the same host and port', () => {
    const base = new URL('http://127.0.0.1:8080/h');
    expect(() => resolvePageLink(base, 'https://127.0.0.1:8080/h/v1/x')).toThrow(/points away from/);
  });

  it('names the credentials it refuses to send', () => {
    expect(messageOf(() => resolvePageLink(new URL('https://h.example'), 'https://u@h.example/v1/x'))).toMatch(
      /carries credentials; not following it/,
    );
  });

  it('keeps a link equal to the prefix, and prefixes a path that only starts with the same letters', () => {
    const base = new URL('https://h.example/api');
    expect(resolvePageLink(base, '/api').href).toBe('https://h.example/api');
    expect(resolvePageLink(base, '/apiv1/x').href).toBe('https://h.example/api/apiv1/x');
  });
});

describe('relativePath: prefix boundaries', () => {
  it('strips the prefix only at a segment boundary', () => {
    const base = new URL('https://h.example/api');
    expect(relativePath(base, new URL('https://h.example/apiv1/x'))).toBe('/apiv1/x');
    expect(relativePath(base, new URL('https://h.example/api/v1/x'))).toBe('/v1/x');
    expect(relativePath(new URL('https://h.example/'), new URL('https://h.example/v1/x'))).toBe('/v1/x');
  });
});
