/**
 * Every form of every secret that main masks, listed exactly: a form left out would reach a log
 * unmasked, and a stray entry (such as "null") would mask ordinary text.
 */
import { describe, expect, it } from 'vitest';
import { secretValues } from '../../src/inputs/secrets.js';

const getter = (values: Record<string, string>) => (name: string) => values[name] as string;
const basic = (credentials: string) => Buffer.from(credentials).toString('base64');
const URL_FORMS = ['HTTPS://Hooks.Example/wh/v1/x?token=ab+cd&n=1', 'https://hooks.example/wh/v1/x?token=ab+cd&n=1'];

describe('secretValues, exactly', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['a trimmed value', { 'github-token': '  ghs_token \n' }, ['ghs_token']],
    ['the key kept archives are signed with', { 'archive-key': 'k3y' }, ['k3y']],
    ['no secret, and a missing input read as empty', { app: 'shop' }, []],
    ['the Basic credential of a password alone', { 'api-password': 'pw-secret' }, ['pw-secret', basic(':pw-secret')]],
    ['the Basic credential of a user id alone', { 'api-user-id': 'user-1' }, ['user-1', basic('user-1:')]],
    ['a webhook token as given and URL-encoded', { 'webhook-token': 'a b/c' }, ['a b/c', 'a%20b%2Fc']],
    // Its token raw, decoded and encoded again; the URL raw and normalised.
    ['a webhook URL', { 'webhook-url': URL_FORMS[0]! }, [...URL_FORMS, 'ab+cd', 'ab cd', 'ab%20cd']],
    // After "&" as well as after "?", and only a whole parameter named token.
    [
      'a token after "&"',
      { 'webhook-url': 'https://h.example/x?n=1&token=tk1&mytoken=zz' },
      ['https://h.example/x?n=1&token=tk1&mytoken=zz', 'tk1'],
    ],
    ['a webhook URL without a token', { 'webhook-url': 'https://h.example/x' }, ['https://h.example/x']],
    ['a webhook URL that is not a URL', { 'webhook-url': 'not a url?token=t0k' }, ['not a url?token=t0k', 't0k']],
  ])('%s', (_case, values, secrets) => {
    expect([...secretValues(getter(values))].sort()).toEqual([...secrets].sort());
  });

  it('lists every secret of every input together, longest first', () => {
    const values = {
      'api-user-id': 'user',
      'api-password': 'pw',
      'webhook-token': 'a b',
      'github-token': 'ghs_x',
      app: 'shop',
    };
    const secrets = secretValues(getter(values));
    expect([...secrets].sort()).toEqual(['user', 'pw', basic('user:pw'), 'a b', 'a%20b', 'ghs_x'].sort());
    expect([...secrets].sort((a, b) => b.length - a.length)).toEqual(secrets);
  });
});
