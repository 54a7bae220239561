/** The health gate's inputs: health-expect's grammar as a table, health-url's template, the rules with wait. */
import { describe, expect, it } from 'vitest';
import { inputProblems } from '../helpers/step-context.js';
import { readInputs, stepInputs } from '../../src/engine/inputs.js';
import { parseStatusSet, statusMatches } from '../../src/release/health/expect.js';
import { describeHealthUrl, parseHealthUrl, resolveHealthUrl } from '../../src/release/health/health-url.js';

type Values = Record<string, string>;
const DEPLOY: Values = {
  'api-user-id': 'u',
  'api-password': 'p',
  'headless-api-url': 'https://headless.example.com',
  account: 'demo',
  app: 'shop',
  environment: 'staging',
};
const read = (values: Values) => readInputs((n) => values[n] ?? '', '/ws');

describe('health-expect', () => {
  it.each([
    ['200', [[200, 200]]],
    ['200-399', [[200, 399]]],
    [
      ' 200-299 , 301 ',
      [
        [200, 299],
        [301, 301],
      ],
    ],
    [
      '204,200 - 202',
      [
        [204, 204],
        [200, 202],
      ],
    ],
    ['100-599', [[100, 599]]],
  ])('reads %j', (value, ranges) => {
    expect(parseStatusSet(value).ranges).toEqual(ranges);
  });

  it.each([
    ['', /empty item/],
    ['200,', /empty item/],
    [',200', /empty item/],
    ['20x', /"20x" is not a status code or range/],
    ['2000', /"2000" is not a status code/],
    ['099', /"099" is not a status code/],
    ['600', /"600" is not a status code/],
    ['200-', /"200-" is not a status code/],
    ['200-299-300', /is not a status code/],
    ['299-200', /"299-200" runs backwards/],
    ['ok', /use codes from 100 to 599/],
  ])('refuses %j', (value, message) => {
    expect(() => parseStatusSet(value)).toThrow(message);
  });

  it.each([
    ['200-399', 200, true],
    ['200-399', 399, true],
    ['200-399', 199, false],
    ['200-399', 400, false],
    ['200-399', 500, false],
    ['200-299,301', 301, true],
    ['200-299,301', 302, false],
    ['204', 200, false],
  ])('%s holds %i: %s', (set, status, holds) => {
    expect(statusMatches(parseStatusSet(set), status)).toBe(holds);
  });
});

describe('health-url', () => {
  const values = { app: 'shop', environment: 'pr 12', 'environment-id': 'abc' };
  it('fills the placeholders in, URL-encoded', () => {
    expect(
      resolveHealthUrl(parseHealthUrl('https://{app}.example.com/{environment}/{environment-id}/health'), values, null),
    ).toBe('https://shop.example.com/pr%2012/abc/health');
  });
  it('takes the value without the spaces around it, and names it for the plan', () => {
    expect(parseHealthUrl('  url \n').kind).toBe('url');
    expect(describeHealthUrl(parseHealthUrl('url'))).toBe('the environment URL');
    expect(describeHealthUrl(parseHealthUrl(' https://{app}.example.com/up '))).toBe('https://{app}.example.com/up');
  });
  it('"url" is the url output', () => {
    expect(resolveHealthUrl(parseHealthUrl('url'), values, 'https://x.example.com/')).toBe('https://x.example.com/');
    expect(() => resolveHealthUrl(parseHealthUrl('URL'), values, null)).toThrow(/url output was not set/);
  });
  it('refuses plain http to a host that is not loopback, and unknown placeholders', () => {
    expect(() => parseHealthUrl('http://{app}.example.com')).toThrow(/give the https URL/);
    expect(() => parseHealthUrl('https://{branch}.example.com')).toThrow(/unknown placeholder "\{branch\}"/);
    expect(parseHealthUrl('http://127.0.0.1:8080/__sites/{environment-id}/').kind).toBe('template');
  });
});

describe('health inputs of the deploy', () => {
  it('are read into the deploy record, with their defaults', () => {
    const d = stepInputs(read({ ...DEPLOY, 'health-url': 'https://{app}.example.com' }), 'deploy')!;
    expect(d.health).toMatchObject({ expect: { source: '200-399' }, text: null, timeoutMs: 300_000 });
    const custom = stepInputs(
      read({
        ...DEPLOY,
        'health-url': 'https://{app}.example.com',
        'health-expect': '200',
        'health-text': 'Welcome',
        'health-timeout': '90s',
      }),
      'deploy',
    )!;
    expect(custom.health).toMatchObject({ expect: { ranges: [[200, 200]] }, text: 'Welcome', timeoutMs: 90_000 });
    expect(stepInputs(read(DEPLOY), 'deploy')!.health).toBeNull();
  });

  it('refuse health-url with wait: false, naming both and the fix', () => {
    expect(inputProblems({ ...DEPLOY, 'health-url': 'https://{app}.example.com', wait: 'false' })).toEqual([
      'input "health-url" is set while "wait" is false: the site can only be checked once the build is done; remove health-url, or set wait: true',
    ]);
  });

  it('refuse health-url "url" without environment-url', () => {
    expect(inputProblems({ ...DEPLOY, 'health-url': 'url' })).toEqual([
      'input "health-url" is "url", the url output, but "environment-url" is empty; set environment-url, or give the URL to check',
    ]);
    expect(inputProblems({ ...DEPLOY, 'health-url': 'url', 'environment-url': 'https://{app}.example.com' })).toEqual(
      [],
    );
  });

  it('name the input of a bad value', () => {
    expect(inputProblems({ ...DEPLOY, 'health-url': 'x', 'health-expect': '2xx', 'health-timeout': 'soon' })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^input "health-url": /),
        expect.stringMatching(/^input "health-expect": "2xx" is not a status code/),
        expect.stringMatching(/^input "health-timeout": "soon" is not a duration/),
      ]),
    );
  });

  it('warn about health options given without health-url', () => {
    expect(read({ ...DEPLOY, 'health-text': 'Welcome' }).warnings).toContain(
      'input "health-text" is set, but "health-url" is empty: nothing is checked',
    );
  });
});
