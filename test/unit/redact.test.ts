/**
 * Redaction (src/util/redact.ts): where a `token=` value ends, how short a known secret may be and
 * still be replaced, and every form a secret takes in text (as given, URL-encoded, a Basic pair and
 * its base64). The markdown-escaped form is tested with the summary, in markdown-escape.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createRedactor, redact, redactTokens, REDACTED } from '../../src/util/redact.js';

describe('redactTokens: the value runs to the next separator, and only that far', () => {
  it.each([
    ['https://h/wh/v1/x/webhooks/webhook:rebuild?token=abc123', 'https://h/wh/v1/x/webhooks/webhook:rebuild?token=***'],
    ['?a=1&token=abc&b=2', '?a=1&token=***&b=2'],
    ['access_token=xyz#frag', 'access_token=***#frag'],
    ['token=abc def', 'token=*** def'],
    ['token=abc\tdef', 'token=***\tdef'],
    ['"url?TOKEN=Zz-9_" said', '"url?TOKEN=***" said'],
    ["'url?token=abc' said", "'url?token=***' said"],
    ['<a href=x?token=abc>link</a>', '<a href=x?token=***>link</a>'],
    ['a token=one and Token=two', 'a token=*** and Token=***'],
    ['no secrets here', 'no secrets here'],
  ])('%j → %j', (input, expected) => expect(redactTokens(input)).toBe(expected));

  it('is what redact() does with no secrets, with the one marker', () => {
    expect(REDACTED).toBe('***');
    expect(redact('plain s3cret POST /wh/v1/a?token=unknown')).toBe('plain s3cret POST /wh/v1/a?token=***');
  });
});

describe('createRedactor', () => {
  it('replaces every known secret wherever it appears, and token values in the same pass', () => {
    const r = createRedactor(['s3cr3t-pass', 'hook-token-1']);
    expect(r('password s3cr3t-pass and s3cr3t-pass, trigger hook-token-1 at ?token=other')).toBe(
      'password *** and ***, trigger *** at ?token=***',
    );
  });

  // 2 characters are left alone (they would shred ordinary words); 3 and up are secrets like any
  // other: short passwords and tokens exist, and must not reach a log.
  it('leaves secrets shorter than three characters alone', () => {
    expect(createRedactor(['', undefined, 'a', 'pw'])('a banana, pw: a pwd')).toBe('a banana, pw: a pwd');
  });

  it.each([3, 4, 5, 6, 7, 8])('replaces a %i-character secret, as given and URL-encoded', (n) => {
    const secret = 'k#9Q/x&Z'.slice(0, n);
    expect(createRedactor([secret])(`pass ${secret} end ?p=${encodeURIComponent(secret)}`)).toBe('pass *** end ?p=***');
  });

  it('replaces the longest secret first, whatever order they were given in', () => {
    expect(createRedactor(['abc', 'abcdef', 'abcd'])('abcdef|abcd|abc')).toBe('***|***|***');
  });

  it.each([
    ['someuser', 'pw-123456'],
    ['u', 'p4s'], // a 3-character password, with a user id too short to be a secret alone
    ['usér', 'pässwörd'], // base64 of the UTF-8 bytes
  ])('replaces the Basic pair %s:%s as user:password and as base64', (user, password) => {
    const r = createRedactor([], [user, password]);
    const b64 = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
    expect(r(`Basic ${b64}, ${user}:${password}`)).toBe('Basic ***, ***');
  });

  it('replaces each half of the pair alone only when it was given as a secret', () => {
    expect(createRedactor([], ['someuser', 'pw-123456'])('user someuser')).toBe('user someuser');
    expect(createRedactor(['pw-123456'], ['someuser', 'pw-123456'])('pw-123456 someuser')).toBe('*** someuser');
  });
});
