import { describe, expect, it } from 'vitest';
import { createRedactor, redact, redactTokens } from '../../src/util/redact.js';

describe('redactTokens', () => {
  it.each([
    ['https://h/wh/v1/x/webhooks/webhook:rebuild?token=abc123', 'https://h/wh/v1/x/webhooks/webhook:rebuild?token=***'],
    ['?a=1&token=abc&b=2', '?a=1&token=***&b=2'],
    ['url "https://h/x?TOKEN=Zz-9_" failed', 'url "https://h/x?TOKEN=***" failed'],
    ['access_token=xyz#frag', 'access_token=***#frag'],
    ['no secrets here', 'no secrets here'],
  ])('%s', (input, expected) => {
    expect(redactTokens(input)).toBe(expected);
  });
});

describe('createRedactor', () => {
  const r = createRedactor(['s3cr3t-pass', 'hook-token-1'], ['demo-user', 's3cr3t-pass']);

  it('replaces every known secret, wherever it appears', () => {
    expect(r('password s3cr3t-pass and s3cr3t-pass')).toBe('password *** and ***');
    expect(r('trigger hook-token-1')).toBe('trigger ***');
  });
  it('replaces the Basic credential, raw and base64', () => {
    const b64 = Buffer.from('demo-user:s3cr3t-pass').toString('base64');
    expect(r(`Authorization: Basic ${b64}`)).toBe('Authorization: Basic ***');
    expect(r('demo-user:s3cr3t-pass')).not.toContain('s3cr3t');
  });
  it('replaces the URL-encoded form of a secret', () => {
    const odd = createRedactor(['p@ss w/rd']);
    expect(odd(`x?p=${encodeURIComponent('p@ss w/rd')}`)).toBe('x?p=***');
  });
  it('replaces a longer secret whole when it contains a shorter one', () => {
    const nested = createRedactor(['abcd', 'abcdefgh']);
    expect(nested('abcdefgh')).toBe('***');
  });
  it('leaves very short and empty secrets alone rather than shredding text', () => {
    expect(createRedactor(['', undefined, 'a'])('a banana')).toBe('a banana');
  });
  // The boundary: 2 characters are left alone (they would shred ordinary words), 3 and up are
  // secrets like any other. Short passwords and tokens exist; they must not reach a log.
  it('leaves a 2-character secret alone', () => {
    expect(createRedactor(['pw'])('pw: a pwd')).toBe('pw: a pwd');
  });
  it.each([3, 4, 5, 6, 7, 8])('redacts a %i-character secret, raw and URL-encoded', (n) => {
    const secret = 'k#9Q/x&Z'.slice(0, n);
    const r = createRedactor([secret]);
    expect(r(`pass ${secret} end`)).toBe('pass *** end');
    expect(r(`?p=${encodeURIComponent(secret)}`)).toBe('?p=***');
  });
  it('redacts a 3-character password in its Basic form', () => {
    const r = createRedactor(['p4s'], ['u', 'p4s']);
    expect(r(`Basic ${Buffer.from('u:p4s').toString('base64')}`)).toBe('Basic ***');
  });
  it('redacts token query values even when the token is not known', () => {
    expect(redact('POST /wh/v1/a?token=unknown', [])).toBe('POST /wh/v1/a?token=***');
  });
});
