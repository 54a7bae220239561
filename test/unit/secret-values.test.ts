/**
 * Every form of every secret that main masks, listed exactly: a form left out would reach a log
 * unmasked, and a stray entry (such as "null") would mask ordinary text.
 */
import { describe, expect, it } from 'vitest';
import { secretValues } from '../../src/inputs/secrets.js';

const getter =
  (values: Record<string, string | undefined>) =>
  (name: string): string =>
    values[name] as string;

const sorted = (list: readonly string[]) => [...list].sort();

describe('secretValues, exactly', () => {
  it('reads trimmed values', () => {
    expect(sorted(secretValues(getter({ 'github-token': '  ghs_token \n' })))).toEqual(['ghs_token']);
  });

  it('treats a missing input as empty', () => {
    expect(secretValues(getter({}))).toEqual([]);
  });

  it('adds the Basic credential when only the password is given', () => {
    const basic = Buffer.from(':pw-secret').toString('base64');
    expect(sorted(secretValues(getter({ 'api-password': 'pw-secret' })))).toEqual(sorted(['pw-secret', basic]));
  });

  it('adds the Basic credential when only the user id is given', () => {
    const basic = Buffer.from('user-1:').toString('base64');
    expect(sorted(secretValues(getter({ 'api-user-id': 'user-1' })))).toEqual(sorted(['user-1', basic]));
  });

  it('lists a webhook token as given and URL-encoded', () => {
    expect(sorted(secretValues(getter({ 'webhook-token': 'a b/c' })))).toEqual(sorted(['a b/c', 'a%20b%2Fc']));
  });

  it('lists a webhook URL raw, normalised, and its token raw, decoded and re-encoded', () => {
    const raw = 'HTTPS://Hooks.Example/wh/v1/x?token=ab+cd&n=1';
    expect(sorted(secretValues(getter({ 'webhook-url': raw })))).toEqual(
      sorted([raw, 'https://hooks.example/wh/v1/x?token=ab+cd&n=1', 'ab+cd', 'ab cd', 'ab%20cd']),
    );
  });

  it('finds the token after "&" as well as after "?", and only a whole parameter named token', () => {
    const url = 'https://h.example/x?n=1&token=tk1&mytoken=zz';
    expect(sorted(secretValues(getter({ 'webhook-url': url })))).toEqual(sorted([url, 'tk1']));
  });

  it('adds nothing for a webhook URL without a token', () => {
    const url = 'https://h.example/x';
    expect(secretValues(getter({ 'webhook-url': url }))).toEqual([url]);
  });

  it('keeps the raw value of a webhook URL that is not a URL', () => {
    expect(secretValues(getter({ 'webhook-url': 'not a url?token=t0k' }))).toEqual(['not a url?token=t0k', 't0k']);
  });
});
