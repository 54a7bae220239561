/**
 * Plain http is allowed only to this machine, so the test of "this machine" must not be fooled
 * by names that merely start or end like it. One table for the loopback check (src/api/url.ts,
 * which the inputs use too), and the same hosts end to end through both URL parsers.
 */
import { describe, expect, it } from 'vitest';
import { assertSecureUrl, isLoopbackHost as clientIsLoopback } from '../../src/api/url.js';
import { parseApiBaseUrl as parseBaseUrl } from '../../src/inputs/parsers.js';
const inputIsLoopback = clientIsLoopback;

// Host names as URL.hostname spells them (lower case, IPv6 in brackets).
const HOSTS: [host: string, loopback: boolean][] = [
  ['localhost', true],
  ['127.0.0.1', true],
  ['127.1.2.3', true],
  ['127.255.255.255', true],
  ['[::1]', true],
  ['127.evil.example', false],
  ['127.0.0.1.evil.example', false],
  ['127.0.0.1.nip.io', false],
  ['localhost.evil.example', false],
  ['evil-localhost', false],
  ['mylocalhost', false],
  ['x127.0.0.1', false],
  ['0x7f.1', false],
  ['0x7f000001', false],
  ['2130706433', false],
  ['0177.0.0.1', false],
  ['128.0.0.1', false],
  ['10.0.0.1', false],
  ['0.0.0.0', false],
  ['[::ffff:7f00:1]', false],
  ['[::2]', false],
  ['', false],
];

describe.each([
  ['the client (src/api/url.ts)', clientIsLoopback],
  ['the input parser (src/util/parse.ts)', inputIsLoopback],
])('isLoopbackHost of %s', (_who, isLoopbackHost) => {
  it.each(HOSTS)('%j → %s', (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback));
});

// Through the URL parser: `0x7f.1` becomes 127.0.0.1 there, and that is where a connection goes,
// so it is loopback in a URL; the look-alike names stay names and are refused.
const URLS: [url: string, accepted: boolean][] = [
  ['http://127.0.0.1:4010', true],
  ['http://localhost:4010/headless', true],
  ['http://[::1]:4010', true],
  ['http://0x7f.1:4010', true],
  ['http://127.evil.example', false],
  ['http://127.0.0.1.evil.example', false],
  ['http://localhost.evil.example', false],
  ['http://evil.example/127.0.0.1', false],
  ['http://127.0.0.1@evil.example', false],
  ['http://[::ffff:127.0.0.1]', false],
];

describe('plain http end to end', () => {
  it.each(URLS)('the input parser: %s accepted = %s', (url, accepted) => {
    const parse = () => parseBaseUrl(url);
    if (accepted) expect(parse).not.toThrow();
    else expect(parse).toThrow(/uses plain http to /);
  });
  it.each(URLS)('the client: %s accepted = %s', (url, accepted) => {
    const check = () => assertSecureUrl(new URL(url), 'api-url');
    if (accepted) expect(check).not.toThrow();
    else expect(check).toThrow(/api-url uses plain http to /);
  });
});
