/**
 * The URL rules of src/api/url.ts, which the inputs and the client share, tested here once: which
 * URLs credentials may travel on (https, or plain http to this machine only, which look-alike
 * names must not pass for), how route paths and page links are built on a base (never leaving
 * its origin or path), how untrusted text is quoted in messages; and a whole webhook URL, whose
 * token no refusal echoes. Besides, the class of an IP address (src/api/address-class.ts): which
 * addresses are public, the only ones a redirect to another host may lead to.
 */
import { describe, expect, it } from 'vitest';
import { addressClass, isPublicAddress, type AddressClass } from '../../src/api/address-class.js';
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
import { parseWebhookUrl } from '../../src/api/webhook-url.js';

/** The message of the UnsafeUrlError `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UnsafeUrlError);
    expect((err as Error).name).toBe('UnsafeUrlError');
    return (err as Error).message;
  }
  throw new Error('expected an UnsafeUrlError');
}

describe('isLoopbackHost (host names as URL.hostname spells them)', () => {
  it.each(['localhost', 'LocalHost', '127.0.0.1', '127.1.2.3', '127.255.255.255', '[::1]', '::1'])('%j is', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    ...['127.0.0.256', '127.0.256.1', '127.256.0.1', '127.0.0.1000', '127.0.0', '127.0.0.1.', '1270.0.0.1', '27.0.0.1'],
    ...['x127.0.0.1', '127.0.0.1x', '127.evil.example', '127.0.0.1.evil.example', 'localhost.evil.example'],
    ...['evil-localhost', 'mylocalhost', '0x7f.1', '0x7f000001', '2130706433', '0177.0.0.1', '[::ffff:7f00:1]'],
    ...['128.0.0.1', '10.0.0.1', '0.0.0.0', '[::2]', ''],
  ])('%j is not', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('addressClass: what an address a resolver answered leads to', () => {
  // Each class with the edges of its ranges; embedded IPv4 (mapped, compatible, NAT64) as its IPv4.
  it.each<[AddressClass, string]>([
    ['public', '8.8.8.8 203.0.113.10 9.255.255.255 11.0.0.0 100.63.255.255 100.128.0.0 126.255.255.255'],
    ['public', '128.0.0.0 169.253.255.255 169.255.0.0 172.15.255.255 172.32.0.0 192.167.255.255 223.255.255.255'],
    ['public', '2001:db8::10 2606:4700::1111 ::ffff:8.8.8.8 64:ff9b::808:808 fbff::1 fe7f::1'],
    ['loopback', '127.0.0.1 127.255.255.254 ::1 ::ffff:127.0.0.1 ::ffff:7f00:1 0:0:0:0:0:ffff:7f00:1 ::127.0.0.1'],
    ['loopback', '64:ff9b::127.0.0.1 64:ff9b::7f00:1'],
    ['private', '10.0.0.5 10.255.255.255 172.16.0.1 172.31.255.255 192.168.1.1 ::ffff:10.0.0.5 fec0::1'],
    ['private', '64:ff9b:1::a00:5'],
    ['link-local', '169.254.169.254 169.254.0.0 fe80::1 FE80::1 febf::1 fe80::1%eth0 ::ffff:169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1 100.127.255.255'],
    ['unique-local', 'fc00::1 fd00::1 fdff:ffff::1 fd12:3456:789a::1'],
    ['unspecified', '0.0.0.0 0.1.2.3 :: 0:0:0:0:0:0:0:0 ::ffff:0.0.0.0'],
    ['multicast', '224.0.0.1 239.255.255.255 ff02::1 ff0e::1'],
    ['broadcast', '255.255.255.255'],
    ['reserved', '240.0.0.1 255.255.255.254'],
    ['not an IP', 'localhost example.com [::1] 127.1 0x7f.0.0.1 1.2.3.4.5 ::ffff:1.2.3.256'],
  ])('%s: %s', (kind, list) => {
    for (const address of list.split(' ')) {
      expect([address, addressClass(address)]).toEqual([address, kind]);
      expect(isPublicAddress(address)).toBe(kind === 'public');
    }
  });
});

describe('checkSecureUrl', () => {
  // Through the URL parser `0x7f.1` becomes 127.0.0.1, where a connection goes, so it is loopback
  // in a URL; the look-alike names stay names and are refused.
  it.each(['http://127.0.0.1:4010', 'http://localhost:4010/headless', 'http://[::1]:4010', 'http://0x7f.1:4010'])(
    'accepts plain http to %s',
    (url) => expect(() => checkSecureUrl(url)).not.toThrow(),
  );

  it.each([
    ...['http://127.evil.example', 'http://127.0.0.1.evil.example', 'http://localhost.evil.example'],
    ...['http://evil.example/127.0.0.1', 'http://127.0.0.1@evil.example', 'http://[::ffff:127.0.0.1]'],
  ])('refuses plain http to %s', (url) => expect(refusal(() => checkSecureUrl(url))).toMatch(/^uses plain http to /));

  // A base URL (checkBaseUrl) is a secure URL with no query or fragment.
  it.each([
    [
      'http://build.example/',
      /^uses plain http to build\.example; use https, .*unencrypted .*127\.0\.0\.0\/8 and ::1\)$/,
    ],
    ['ws://h.example/', /^uses ws; use https$/],
    ['file:///etc/passwd', /^uses file; use https$/],
    ['https://u@h.example/', /^has a user name or password in it/],
    ['https://:p@h.example/', /^has a user name or password in it/],
    ['::secret-token::', /^is not a URL; give one such as https:\/\/api\.example\.com$/],
    ['https://h.example/#part', /^has a query or fragment; give the base URL only$/],
    ['https://h.example/?a', /^has a query or fragment; give the base URL only$/],
  ])('refuses %s as a base, saying why', (url, why) => expect(refusal(() => checkBaseUrl(url))).toMatch(why));

  it('trims the URL, keeping a base path, and allows a query where it is no base (a webhook URL’s token)', () => {
    expect(checkBaseUrl(' https://h.example/base ').pathname).toBe('/base');
    expect(checkSecureUrl('  https://h.example/x?token=t \n').href).toBe('https://h.example/x?token=t');
  });

  it('puts the label of the input first, with one space (parseBaseUrl, assertSecureUrl)', () => {
    expect(refusal(() => parseBaseUrl('ftp://h', 'api-url'))).toBe('api-url uses ftp; use https');
    expect(parseBaseUrl('http://[::1]:8080/headless', 'api-url').pathname).toBe('/headless');
    expect(() => assertSecureUrl(new URL('https://h.example/x?token=1'), 'webhook-url')).not.toThrow();
    expect(refusal(() => assertSecureUrl(new URL('http://h.example/x'), 'webhook-url'))).toMatch(
      /^webhook-url uses plain http to h\.example;/,
    );
  });
});

describe('joinUrl and basePath', () => {
  it.each([
    ['https://api.example.com', '/v1/installs', 'https://api.example.com/v1/installs'],
    ['https://api.example.com/', '/v1/installs', 'https://api.example.com/v1/installs'],
    ['http://127.0.0.1:8080/headless', '/v1/apps', 'http://127.0.0.1:8080/headless/v1/apps'],
    ['http://127.0.0.1:8080/headless/', '/v1/apps', 'http://127.0.0.1:8080/headless/v1/apps'],
    ['https://h.example/a/b//', 'v1/x', 'https://h.example/a/b/v1/x'],
    ['https://h.example/p', '/fu/v1/e/c:upload', 'https://h.example/p/fu/v1/e/c:upload'],
  ])('%s + %s', (base, path, expected) => expect(joinUrl(new URL(base), path).href).toBe(expected));

  it('adds the query, keeping false, 0 and empty values and leaving out undefined ones', () => {
    const url = joinUrl(new URL('https://h.example/'), '/v1/x', { limit: 100, n: 0, dry: false, s: '', id: undefined });
    expect(url.href).toBe('https://h.example/v1/x?limit=100&n=0&dry=false&s=');
  });

  it.each(['/v1/accounts/../../x', '/v1/./x', '/v1/accounts/%2e%2e/x'])('refuses the dot segments of %s', (path) => {
    expect(refusal(() => joinUrl(new URL('https://h.example/headless'), path))).toBe(
      `path "${path}" has a "." or ".." segment; not sending it`,
    );
  });

  it('drops every trailing slash of a base path and nothing else', () => {
    expect(basePath(new URL('https://h.example/'))).toBe('');
    expect(basePath(new URL('https://h.example/a//'))).toBe('/a');
    expect(basePath(new URL('https://h.example/a/b'))).toBe('/a/b');
  });
});

describe('quoteUntrusted', () => {
  it.each<[string, string, number?]>([
    ['a"b\\c\u202e\u0007é', '"a\\"b\\\\c\\u202e\\u0007\\u00e9"'],
    [' ~', '" ~"'], // the printable ASCII range, from space to tilde, as is
    ['\u001f\u007f', '"\\u001f\\u007f"'], // the characters either side of it escaped
    ['\n', '"\\u000a"'], // four hex digits
    ['a'.repeat(200), `"${'a'.repeat(200)}"`],
    ['a'.repeat(201), `"${'a'.repeat(200)}…"`],
    ['abc', '"abc"', 3],
    ['abcdef', '"abc…"', 3],
  ])('%j → %s (at most %s characters)', (text, quoted, max) => expect(quoteUntrusted(text, max)).toBe(quoted));
});

describe('resolvePageLink: links keep the origin and base path of the input URL', () => {
  const base = new URL('https://api.example.com/hosting/');

  it.each([
    ['/v1/installs?offset=2', 'https://api.example.com/hosting/v1/installs?offset=2'],
    ['/hosting/v1/installs?offset=2', 'https://api.example.com/hosting/v1/installs?offset=2'],
    ['v1/installs?offset=2', 'https://api.example.com/hosting/v1/installs?offset=2'],
    ['/hosting', 'https://api.example.com/hosting'],
    ['/hostingv1/x', 'https://api.example.com/hosting/hostingv1/x'],
    ['https://api.example.com/hosting/v1/x', 'https://api.example.com/hosting/v1/x'],
    ['https://API.example.com:443/hosting/v1/x', 'https://api.example.com/hosting/v1/x'],
    // Encoded slashes stay inside one path segment; they do not make a host.
    ['/%2F%2Fother-host/x', 'https://api.example.com/hosting/%2F%2Fother-host/x'],
    ['%2f%2fother-host/x', 'https://api.example.com/hosting/%2f%2fother-host/x'],
    ['/%5Cother-host/x', 'https://api.example.com/hosting/%5Cother-host/x'],
    // Dot segments are resolved, and the base path is kept.
    ['/../../../x', 'https://api.example.com/hosting/x'],
    ['/%2e%2e/%2e%2e/x', 'https://api.example.com/hosting/x'],
  ])('resolves %j within the base: %s', (link, expected) => expect(resolvePageLink(base, link).href).toBe(expected));

  it('resolves against a base without a path', () => {
    expect(resolvePageLink(new URL('https://h.example'), '/v1/x?limit=100&offset=200').href).toBe(
      'https://h.example/v1/x?limit=100&offset=200',
    );
  });

  it.each([
    ...['//other-host/x', '/\\other-host/x', '\\\\other-host\\x', '/\t/other-host/x', '\n//other-host/x'],
    ...[' //other-host/x', 'https://other/x', 'https://other/hosting/v1/installs', 'http:other'],
    ...['http://api.example.com/hosting/v1/x', 'https://api.example.com:8443/hosting/v1/x'],
    ...['https://api.example.com.evil.example/hosting/v1/x', 'javascript:alert(1)', 'data:text/plain,x'],
    ...['ftp://api.example.com/x', 'https://u:p@api.example.com/hosting/v1/x', 'https://u@api.example.com/v1/x'],
  ])('refuses %j, naming it escaped, before any request', (link) => {
    const message = refusal(() => resolvePageLink(base, link));
    expect(message).toMatch(
      /^page link ".*" (points away from https:\/\/api\.example\.com|carries credentials); not following it \(no request was sent\)$/,
    );
    expect(message).not.toMatch(/[\t\n]/);
  });

  it('refuses a link to another scheme on the same host and port, and one that is not a URL', () => {
    expect(refusal(() => resolvePageLink(new URL('http://127.0.0.1:8080/h'), 'https://127.0.0.1:8080/h/x'))).toMatch(
      /points away from http:\/\/127\.0\.0\.1:8080;/,
    );
    expect(refusal(() => resolvePageLink(base, 'http://[bad'))).toBe(
      'page link "http://[bad" is not a URL; not following it (no request was sent)',
    );
  });
});

describe('relativePath (for messages: never the query)', () => {
  const hook = 'http://127.0.0.1:1/headless/wh/v1/a/webhook:rebuild?token=secret';
  it.each([
    ['http://127.0.0.1:1/headless', hook, '/wh/v1/a/webhook:rebuild'],
    [undefined, hook, '/headless/wh/v1/a/webhook:rebuild'],
    ['https://other.example/headless', hook, '/headless/wh/v1/a/webhook:rebuild'],
    ['https://h.example/api', 'https://h.example/api/v1/x', '/v1/x'],
    ['https://h.example/api', 'https://h.example/apiv1/x', '/apiv1/x'],
    ['https://h.example/', 'https://h.example/v1/x', '/v1/x'],
  ])('base %s, %s → %s', (base, url, path) => {
    expect(relativePath(base === undefined ? undefined : new URL(base), new URL(url))).toBe(path);
  });
});

const HOOK = 'https://api.example.com/wh/v1/accounts/demo/apps/shop/environments/env1/webhooks/webhook:';

describe('parseWebhookUrl (src/api/webhook-url.ts): a whole webhook URL as copied from the portal', () => {
  it('reads the action, the decoded token and the path parts, and keeps the URL trimmed', () => {
    expect(parseWebhookUrl(`  ${HOOK}purgeCache?token=s3cr%2Bt \n`)).toEqual({
      url: `${HOOK}purgeCache?token=s3cr%2Bt`,
      token: 's3cr+t',
      action: 'purgeCache',
      account: 'demo',
      app: 'shop',
      environment: 'env1',
    });
  });

  it.each([
    // The marker right at the start of the path, and an unusual path that names the action.
    ['https://hooks.example/webhooks/webhook:rebuild?token=t0k', [null, null, null]],
    ['http://127.0.0.1:9/hooks/x/webhooks/webhook:rebuild?token=t', [null, null, null]],
    // A path part with a broken percent-escape is kept as written, instead of failing.
    [
      'https://h.example/v1/accounts/a%ZZ/apps/shop%20x/environments/e1/webhooks/webhook:rebuild?token=t',
      ['a%ZZ', 'shop x', 'e1'],
    ],
  ])('accepts %s', (url, parts) => {
    const parsed = parseWebhookUrl(url);
    expect(parsed.action).toBe('rebuild');
    expect([parsed.account, parsed.app, parsed.environment]).toEqual(parts);
  });

  it.each([
    ['nope SECRET', /^is not a URL/],
    [`${HOOK}rebuild`, /^has no token query parameter/],
    [`${HOOK}rebuild?token=`, /^has no token query parameter/],
    ['https://api.example.com/wh/v1/whatever?token=SECRET', /^has no \/webhooks\/webhook:\{action\} in its path/],
    [`${HOOK}explode?token=SECRET`, /^names the action "explode"; expected rebuild, cleanRebuild or purgeCache$/],
    [`${HOOK}${'x'.repeat(50)}?token=SECRET`, new RegExp(`^names the action "${'x'.repeat(40)}";`)],
    ['http://hooks.example.com/webhooks/webhook:rebuild?token=SECRET', /^uses plain http to hooks\.example\.com/],
  ])('refuses %j without echoing the URL or its token', (value, message) => {
    const refused = refusal(() => parseWebhookUrl(value));
    expect(refused).toMatch(message);
    expect(refused).not.toContain('SECRET');
    expect(refused).not.toContain('api.example.com/wh');
  });
});
