import { describe, it, expect } from 'vitest';
import * as nodePath from 'node:path';
import {
  isEmail,
  isInstallName,
  isPathSegment,
  isUuid,
  parseApiBaseUrl,
  parseBoolean,
  parseDuration,
  parseEnvVars,
  parseIntInRange,
  parseLines,
  parseList,
  quote,
  resolveInside,
  unquote,
} from '../../src/inputs/parsers.js';
import { parseWebhookUrl } from '../../src/api/webhook-url.js';

describe('parseBoolean', () => {
  it.each([
    ['true', false, true],
    ['True', false, true],
    ['TRUE', false, true],
    ['false', true, false],
    ['False', true, false],
    ['FALSE', true, false],
    [' true ', false, true],
    ['', true, true],
    ['', false, false],
  ])('%j (default %s) → %s', (value, fallback, expected) => {
    expect(parseBoolean(value, fallback)).toBe(expected);
  });

  it.each(['yes', 'no', '1', '0', 'on', 'tRue', 'y'])('rejects %j', (value) => {
    expect(() => parseBoolean(value, false)).toThrow(`"${value}" is not a boolean; use true or false`);
  });
});

describe('parseDuration', () => {
  it.each([
    ['90s', 90_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['1h 30m 15s', 5_415_000],
    ['2m30s', 150_000],
    ['15M', 900_000],
    ['120', 120_000],
    [' 45 ', 45_000],
  ])('%j → %d ms', (value, ms) => {
    expect(parseDuration(value)).toBe(ms);
  });

  it.each(['5 minutes', '1d', '-5', '-5m', '1.5h', 'm', 'abc', '30m1h', '', '1h-30m'])('rejects %j', (value) => {
    expect(() => parseDuration(value)).toThrow(/is not a duration; use 90s, 15m, 1h or seconds/);
  });

  it.each(['0', '0s', '0h0m'])('rejects zero %j', (value) => {
    expect(() => parseDuration(value)).toThrow(/no time at all/);
  });

  it('rejects a wait longer than a timer can hold', () => {
    expect(() => parseDuration('600h')).toThrow(/longer than 24 days/);
    expect(parseDuration('596h')).toBe(596 * 3_600_000);
  });
});

describe('parseList and parseLines', () => {
  it.each([
    ['a, b,c', ['a', 'b', 'c']],
    ['a\nb\n\n c \n', ['a', 'b', 'c']],
    ['a,\r\nb,,', ['a', 'b']],
    ['', []],
    [' , \n ', []],
  ])('parseList(%j)', (value, expected) => {
    expect(parseList(value)).toEqual(expected);
  });

  it('parseLines keeps commas, drops blanks and comments', () => {
    expect(parseLines('dist/a,b.txt\n\n# comment\n  *.log  \r\n')).toEqual(['dist/a,b.txt', '*.log']);
  });
});

describe('unquote (dotenv-style values)', () => {
  it.each([
    ['"a b"', 'a b'],
    ["'x'", 'x'],
    ['"it\'s"', "it's"],
    ['"a" "b"', 'a" "b'],
    ['"', '"'],
    ['""', ''],
    ['"open', '"open'],
    ['\'mixed"', '\'mixed"'],
    ['plain', 'plain'],
    ['in"side', 'in"side'],
  ])('%j → %j', (given, want) => {
    expect(unquote(given)).toBe(want);
  });
});

describe('parseEnvVars', () => {
  it('strips one pair of quotes around a value, as dotenv does', () => {
    expect(parseEnvVars('A="a b"\nB=\'x\'\nC= "  padded "')).toEqual([
      { key: 'A', value: 'a b' },
      { key: 'B', value: 'x' },
      { key: 'C', value: '  padded ' },
    ]);
  });

  it('reads KEY=VALUE lines, values may hold =', () => {
    const text = '# settings\nNODE_ENV=production\n\n  API_URL = https://x.test/?a=b&c=d \n_EMPTY=\nx1=y';
    expect(parseEnvVars(text)).toEqual([
      { key: 'NODE_ENV', value: 'production' },
      { key: 'API_URL', value: 'https://x.test/?a=b&c=d' },
      { key: '_EMPTY', value: '' },
      { key: 'x1', value: 'y' },
    ]);
  });

  it('returns an empty list for only comments', () => {
    expect(parseEnvVars('# nothing\n\n')).toEqual([]);
  });

  it.each([
    ['A=1\nB=2\nA=3', /line 3: A is already set on line 1/],
    ['A=1\nsupersecretvalue', /line 2 has no "="/],
    ['1A=x', /line 1: "1A" is not a variable name/],
    ['MY-VAR=x', /"MY-VAR" is not a variable name/],
    ['=value', /line 1: "" is not a variable name/],
    ['export A=1', /"export A" is not a variable name/],
  ])('rejects %j', (text, message) => {
    expect(() => parseEnvVars(text)).toThrow(message);
  });

  it('never echoes a value', () => {
    const attempts = ['A=hunter2\nA=hunter2', 'hunter2', 'B=hunter2\nhunter2'];
    for (const text of attempts) {
      expect(() => parseEnvVars(text)).toThrow();
      try {
        parseEnvVars(text);
      } catch (error) {
        expect((error as Error).message).not.toContain('hunter2');
      }
    }
  });
});

describe('predicates', () => {
  it.each([
    ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80', true],
    ['6F1C9A52-3B7E-4C1D-9A8E-2F4B5C6D7E80', true],
    ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e8', false],
    ['6f1c9a523b7e4c1d9a8e2f4b5c6d7e80', false],
    ['', false],
  ])('isUuid(%j) = %s', (value, expected) => expect(isUuid(value)).toBe(expected));

  it.each([
    ['demoprod', true],
    ['abc', true],
    ['a1234567890123', true],
    ['ab', false],
    ['a12345678901234', false],
    ['1abc', false],
    ['Demo', false],
    ['demo-prod', false],
  ])('isInstallName(%j) = %s', (value, expected) => expect(isInstallName(value)).toBe(expected));

  it.each([
    ['a@b.co', true],
    ['first.last+tag@mail.example.com', true],
    ['a@b', false],
    ['a b@c.com', false],
    ['@c.com', false],
    ['a@@c.com', false],
    ['a@c..com', false],
    ['a@.com', false],
  ])('isEmail(%j) = %s', (value, expected) => expect(isEmail(value)).toBe(expected));

  it.each([
    ['shop', true],
    ['my-app_2', true],
    ['a/b', false],
    ['a b', false],
    ['a?b', false],
    ['a%2F', false],
    ['..', false],
    ['', false],
  ])('isPathSegment(%j) = %s', (value, expected) => expect(isPathSegment(value)).toBe(expected));
});

describe('parseIntInRange', () => {
  it.each([
    ['0', 0],
    ['9', 9],
    [' 6 ', 6],
  ])('%j → %d', (value, n) => expect(parseIntInRange(value, 0, 9)).toBe(n));

  it.each(['10', '-1', '3.5', 'six', '', '1e1'])('rejects %j', (value) => {
    expect(() => parseIntInRange(value, 0, 9)).toThrow(/is not a whole number from 0 to 9/);
  });
});

describe('parseApiBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com/headless/', 'https://api.example.com/headless'],
    ['http://127.0.0.1:8080/headless', 'http://127.0.0.1:8080/headless'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('%j → %j', (value, expected) => expect(parseApiBaseUrl(value)).toBe(expected));

  it.each([
    ['not a url', /is not a URL/],
    ['ftp://api.example.com', /uses ftp; use https/],
    ['http://api.example.com', /plain http to api\.example\.com; use https/],
    ['https://user:pw@api.example.com', /has a user name or password/],
    ['https://api.example.com/v1', /ends in \/v1/],
    ['https://api.example.com/v1/', /ends in \/v1/],
    ['https://api.example.com/?x=1', /has a query or fragment/],
  ])('rejects %j', (value, message) => expect(() => parseApiBaseUrl(value)).toThrow(message));

  it('never echoes credentials found in the URL', () => {
    expect(() => parseApiBaseUrl('https://me:hunter2@api.example.com')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });
});

describe('parseWebhookUrl', () => {
  const base = 'https://api.example.com/wh/v1/accounts/demo/apps/shop/environments/env1/webhooks/webhook:';

  it('reads the action, the token and the path parts', () => {
    expect(parseWebhookUrl(`${base}purgeCache?token=s3cr%2Bt`)).toEqual({
      url: `${base}purgeCache?token=s3cr%2Bt`,
      token: 's3cr+t',
      action: 'purgeCache',
      account: 'demo',
      app: 'shop',
      environment: 'env1',
    });
  });

  it('accepts an unusual path as long as it names the action', () => {
    const parsed = parseWebhookUrl('http://127.0.0.1:9/hooks/x/webhooks/webhook:rebuild?token=t');
    expect(parsed).toMatchObject({ action: 'rebuild', app: null, environment: null, account: null });
  });

  it.each([
    ['nope', /is not a URL/],
    [`${base}rebuild`, /has no token query parameter/],
    [`${base}rebuild?token=`, /has no token query parameter/],
    ['https://api.example.com/wh/v1/whatever?token=SECRET', /has no \/webhooks\/webhook:\{action\}/],
    [`${base}explode?token=SECRET`, /names the action "explode"; expected rebuild, cleanRebuild or purgeCache/],
    [`http://hooks.example.com/webhooks/webhook:rebuild?token=SECRET`, /plain http to hooks\.example\.com/],
  ])('rejects %j without echoing the token', (value, message) => {
    let error: Error | undefined;
    try {
      parseWebhookUrl(value);
    } catch (caught) {
      error = caught as Error;
    }
    expect(error?.message).toMatch(message);
    expect(error?.message).not.toContain('SECRET');
    expect(error?.message).not.toContain('api.example.com/wh');
  });
});

describe('resolveInside', () => {
  const root = nodePath.resolve('/work/repo');

  it.each([
    ['.', root],
    ['web/dist', nodePath.join(root, 'web', 'dist')],
    ['./web/../site', nodePath.join(root, 'site')],
    [nodePath.join(root, 'abs'), nodePath.join(root, 'abs')],
  ])('%j stays inside', (target, expected) => {
    expect(resolveInside(root, root, target)).toBe(expected);
  });

  it.each(['..', '../other', 'web/../../x', nodePath.resolve('/etc')])('%j escapes', (target) => {
    expect(() => resolveInside(root, root, target)).toThrow(/is outside the workspace/);
  });

  it('resolves against a base below the root', () => {
    const base = nodePath.join(root, 'web');
    expect(resolveInside(root, base, '.deployignore')).toBe(nodePath.join(base, '.deployignore'));
    expect(resolveInside(root, base, '../.deployignore')).toBe(nodePath.join(root, '.deployignore'));
    expect(() => resolveInside(root, base, '../../x')).toThrow(/outside/);
  });

  it('does not mistake a sibling starting with ".." for an escape', () => {
    expect(resolveInside(root, root, '..foo')).toBe(nodePath.join(root, '..foo'));
  });
});

describe('quote', () => {
  it('cuts long values short', () => {
    expect(quote('x'.repeat(100))).toBe(JSON.stringify(`${'x'.repeat(57)}...`));
    expect(quote('a"b')).toBe('"a\\"b"');
  });
});
