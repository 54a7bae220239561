/**
 * health-expect's grammar as a table, and what health-url adds to environment-url's template (whose
 * rules environment-url.test.ts holds): the word `url`. The rules with wait: inputs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parseStatusSet, statusMatches } from '../../src/release/health/expect.js';
import { describeHealthUrl, parseHealthUrl, resolveHealthUrl } from '../../src/release/health/health-url.js';

describe('health-expect', () => {
  it.each([
    ['200', ['200-200']],
    ['200-399', ['200-399']],
    [' 200-299 , 301 ', ['200-299', '301-301']],
    ['204,200 - 202', ['204-204', '200-202']],
    ['100-599', ['100-599']],
  ])('reads %j', (value, ranges) => {
    expect(parseStatusSet(value).ranges.map((range) => range.join('-'))).toEqual(ranges);
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
});
