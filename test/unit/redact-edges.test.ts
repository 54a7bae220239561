/**
 * The edges of the redaction rules: where a `token=` value ends, how short a secret may be and
 * still be replaced, and the forms a Basic pair takes. Each case is one a planted bug (an
 * off-by-one, a dropped separator) would get wrong.
 */
import { describe, expect, it } from 'vitest';
import { createRedactor, redact, redactTokens, REDACTED } from '../../src/util/redact.js';

describe('redactTokens: the value runs to the next separator, and only that far', () => {
  it.each([
    ['?token=abc&next=1', '?token=***&next=1'],
    ['?token=abc#frag', '?token=***#frag'],
    ['token=abc def', 'token=*** def'],
    ['token=abc\tdef', 'token=***\tdef'],
    ['"url?token=abc" said', '"url?token=***" said'],
    ["'url?token=abc' said", "'url?token=***' said"],
    ['<a href=x?token=abc>link</a>', '<a href=x?token=***>link</a>'],
    ['a token=one and token=two', 'a token=*** and token=***'],
    ['Token=abc', 'Token=***'],
  ])('%j → %j', (input, expected) => {
    expect(redactTokens(input)).toBe(expected);
  });

  it('uses the one marker everywhere', () => {
    expect(REDACTED).toBe('***');
    expect(redact('token=x')).toBe(`token=${REDACTED}`);
  });
});

describe('createRedactor: which secrets are replaced', () => {
  it('replaces a secret of three characters, the shortest it trusts not to shred text', () => {
    expect(createRedactor(['xyz'])('a xyz b')).toBe('a *** b');
    expect(createRedactor(['xy'])('a xy b')).toBe('a xy b');
  });

  it('replaces the secret as given and URL-encoded, each in its own place', () => {
    const r = createRedactor(['a b/c']);
    expect(r('raw a b/c, encoded a%20b%2Fc')).toBe('raw ***, encoded ***');
  });

  it('replaces the Basic pair as user:password and as base64, and each half alone only when it is a secret', () => {
    const r = createRedactor([], ['someuser', 'pw-123456']);
    const b64 = Buffer.from('someuser:pw-123456', 'utf8').toString('base64');
    expect(r(`Basic ${b64}`)).toBe('Basic ***');
    expect(r('someuser:pw-123456')).toBe('***');
    // The halves were not given as secrets: the user id alone stays readable.
    expect(r('user someuser')).toBe('user someuser');
  });

  it('replaces the base64 of a pair with non-ASCII characters as UTF-8 encodes it', () => {
    const r = createRedactor([], ['usér', 'pässwörd']);
    const b64 = Buffer.from('usér:pässwörd', 'utf8').toString('base64');
    expect(r(b64)).toBe(REDACTED);
  });

  it('replaces the longest secret first even when the shorter one was given first', () => {
    const r = createRedactor(['abc', 'abcdef', 'abcd']);
    expect(r('abcdef|abcd|abc')).toBe('***|***|***');
  });

  it('redacts token values as well as known secrets in one pass', () => {
    const r = createRedactor(['s3cret']);
    expect(r('s3cret at ?token=other')).toBe('*** at ?token=***');
  });

  it('redact() with no secrets only redacts token values', () => {
    expect(redact('plain s3cret ?token=t')).toBe('plain s3cret ?token=***');
  });
});
