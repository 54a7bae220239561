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

describe('parseBoolean', () => {
  it.each<[boolean, boolean, string[]]>([
    [true, false, ['true', 'True', 'TRUE', ' true ']],
    [false, true, ['false', 'False', 'FALSE']],
    [true, true, ['']],
    [false, false, ['']],
  ])('%s (default %s) from %j', (expected, fallback, values) => {
    for (const value of values) expect(parseBoolean(value, fallback), value).toBe(expected);
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
    ['15M', 900_000],
    ['120', 120_000],
    [' 45 ', 45_000],
  ])('%j → %d ms', (value, ms) => expect(parseDuration(value)).toBe(ms));

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
  ])('parseList(%j)', (value, expected) => expect(parseList(value)).toEqual(expected));

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
  ])('%j → %j', (given, want) => expect(unquote(given)).toBe(want));
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
    expect(parseEnvVars('# nothing\n\n')).toEqual([]);
  });

  it.each([
    ['A=1\nB=2\nA=3', /line 3: A is already set on line 1/],
    ['A=1\nsupersecretvalue', /line 2 has no "="/],
    ['1A=x', /line 1: "1A" is not a variable name/],
    ['MY-VAR=x', /"MY-VAR" is not a variable name/],
    ['=value', /line 1: "" is not a variable name/],
    ['export A=1', /"export A" is not a variable name/],
  ])('rejects %j', (text, message) => expect(() => parseEnvVars(text)).toThrow(message));

  it.each(['A=hunter2\nA=hunter2', 'hunter2', 'B=hunter2\nhunter2'])('never echoes a value: %j', (text) => {
    expect(() => parseEnvVars(text)).toThrow();
    expect(() => parseEnvVars(text)).not.toThrow(/hunter2/);
  });
});

/** The longest address the rule takes: 254 characters. */
const AT_254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;

describe('predicates', () => {
  const PREDICATES = { isUuid, isInstallName, isEmail, isPathSegment };
  it.each<[keyof typeof PREDICATES, string[], boolean]>([
    ['isUuid', ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80', '6F1C9A52-3B7E-4C1D-9A8E-2F4B5C6D7E80'], true],
    ['isUuid', ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e8', '6f1c9a523b7e4c1d9a8e2f4b5c6d7e80', ''], false],
    // Anchored at both ends: more on either side is not a uuid.
    ['isUuid', ['x6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80', '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e800'], false],
    ['isInstallName', ['demoprod', 'abc', 'a1234567890123'], true],
    ['isInstallName', ['ab', 'a12345678901234', '1abc', 'Demo', 'demo-prod'], false],
    ['isEmail', ['a@b.co', 'first.last+tag@mail.example.com', AT_254], true],
    [
      'isEmail',
      ['a@b', 'a b@c.com', '@c.com', 'a@@c.com', 'a@c..com', 'a@.com', `a${AT_254}`, 'dev@example.com and more'],
      false,
    ],
    ['isPathSegment', ['shop', 'my-app_2', '...', 'my.app'], true],
    ['isPathSegment', ['a/b', 'a b', 'a?b', 'a%2F', '..', '.', ''], false],
  ])('%s(%j) = %s', (name, values, expected) => {
    for (const value of values) expect(PREDICATES[name](value), value).toBe(expected);
  });
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
  ])('%j → %j', (value, expected) => expect(parseApiBaseUrl(value)).toBe(expected));

  // The rules of a secure base URL are src/api/url.ts's (url.test.ts); here, that they apply, and /v1.
  it.each([
    ['https://api.example.com/v1', /ends in \/v1/],
    ['https://api.example.com/V1/', /ends in \/v1/],
    ['https://api.example.com/?x=1', /has a query or fragment/],
    ['https://me:hunter2@api.example.com', /has a user name or password/],
  ])('rejects %j, echoing no credentials', (value, message) => {
    expect(() => parseApiBaseUrl(value)).toThrow(message);
    expect(() => parseApiBaseUrl(value)).not.toThrow(/hunter2/);
  });
});

describe('resolveInside', () => {
  const root = nodePath.resolve('/work/repo');

  it.each([
    ['.', root],
    ['web/dist', nodePath.join(root, 'web', 'dist')],
    ['./web/../site', nodePath.join(root, 'site')],
    [nodePath.join(root, 'abs'), nodePath.join(root, 'abs')],
    ['..foo', nodePath.join(root, '..foo')], // a sibling starting with "..": no escape
  ])('%j stays inside', (target, expected) => expect(resolveInside(root, root, target)).toBe(expected));

  it.each(['..', '../other', 'web/../../x', nodePath.resolve('/etc')])('%j escapes', (target) => {
    expect(() => resolveInside(root, root, target)).toThrow(/is outside the workspace/);
  });

  it('resolves against a base below the root', () => {
    const base = nodePath.join(root, 'web');
    expect(resolveInside(root, base, '.deployignore')).toBe(nodePath.join(base, '.deployignore'));
    expect(resolveInside(root, base, '../.deployignore')).toBe(nodePath.join(root, '.deployignore'));
    expect(() => resolveInside(root, base, '../../x')).toThrow(/outside/);
  });
});

describe('quote', () => {
  it('cuts long values short', () => {
    expect(quote('x'.repeat(100))).toBe(JSON.stringify(`${'x'.repeat(57)}...`));
    expect(quote('a"b')).toBe('"a\\"b"');
  });
});

describe('the parsers at their edges', () => {
  it.each<[string, () => unknown, unknown]>([
    ['quote keeps 60 characters whole', () => quote('a'.repeat(60)), `"${'a'.repeat(60)}"`],
    ['quote cuts 61', () => quote('a'.repeat(61)), `"${'a'.repeat(57)}..."`],
    ['unquote drops only quotes', () => unquote('xabx'), 'xabx'],
    [
      'parseEnvVars drops indented comments, blank lines',
      () => parseEnvVars('  # a = b\n \nK=v'),
      [{ key: 'K', value: 'v' }],
    ],
    ['parseIntInRange takes the top of the range', () => parseIntInRange('100', 1, 100), 100],
    ['parseIntInRange takes the bottom of the range', () => parseIntInRange('1', 1, 100), 1],
    ['parseIntInRange takes two digits', () => parseIntInRange('42', 1, 100), 42],
    [
      'parseApiBaseUrl drops every trailing slash',
      () => parseApiBaseUrl('https://h.example/b//'),
      'https://h.example/b',
    ],
    ['parseApiBaseUrl keeps /v1x', () => parseApiBaseUrl('https://h.example/v1x'), 'https://h.example/v1x'],
    ['parseApiBaseUrl keeps a /v1/ inside', () => parseApiBaseUrl('https://h.example/v1/x'), 'https://h.example/v1/x'],
  ])('%s', (_case, parse, want) => {
    expect(parse()).toEqual(want);
  });

  it.each<[string, () => unknown, string]>([
    ['one below the range', () => parseIntInRange('0', 1, 100), '"0" is not a whole number from 1 to 100'],
    ['one above the range', () => parseIntInRange('101', 1, 100), '"101" is not a whole number from 1 to 100'],
    ['a path ending in /v1/, any case', () => parseApiBaseUrl('https://h.example/api/V1/'), 'ends in /v1; give the'],
  ])('refuses %s', (_case, parse, message) => {
    expect(parse).toThrow(message);
  });
});
