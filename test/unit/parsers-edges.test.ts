/**
 * The edges of the input parsers: exact lengths, anchors of patterns, white space around
 * lines. Each case is one a planted bug (an off-by-one, a pattern that matches only part of
 * the value) would get wrong.
 */
import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isPathSegment,
  isUuid,
  parseApiBaseUrl,
  parseEnvVars,
  parseIntInRange,
  quote,
} from '../../src/inputs/parsers.js';

describe('quote', () => {
  it('keeps a value of 60 characters whole and cuts one of 61', () => {
    expect(quote('a'.repeat(60))).toBe(`"${'a'.repeat(60)}"`);
    expect(quote('a'.repeat(61))).toBe(`"${'a'.repeat(57)}..."`);
  });
});

describe('parseEnvVars', () => {
  it('drops indented comments and lines of white space only', () => {
    expect(parseEnvVars('  # a comment = not a variable\n   \nKEY=v')).toEqual([{ key: 'KEY', value: 'v' }]);
  });
});

describe('isUuid', () => {
  const id = '123e4567-e89b-12d3-a456-426614174000';
  it('matches the whole value only', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid(`x${id}`)).toBe(false);
    expect(isUuid(`${id}0`)).toBe(false);
  });
});

describe('isEmail', () => {
  it('accepts 254 characters and refuses 255', () => {
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
  });
  it('matches the whole value only', () => {
    expect(isEmail('dev@example.com')).toBe(true);
    expect(isEmail('dev@example.com and more')).toBe(false);
  });
});

describe('isPathSegment', () => {
  it('refuses the dot segments and accepts names with dots', () => {
    expect(isPathSegment('.')).toBe(false);
    expect(isPathSegment('..')).toBe(false);
    expect(isPathSegment('...')).toBe(true);
    expect(isPathSegment('my.app')).toBe(true);
  });
});

describe('parseIntInRange', () => {
  it('accepts numbers of several digits and both ends of the range', () => {
    expect(parseIntInRange('100', 1, 100)).toBe(100);
    expect(parseIntInRange('1', 1, 100)).toBe(1);
    expect(parseIntInRange('42', 1, 100)).toBe(42);
  });
  it('refuses one below the range and one above, naming the range', () => {
    expect(() => parseIntInRange('0', 1, 100)).toThrow('"0" is not a whole number from 1 to 100');
    expect(() => parseIntInRange('101', 1, 100)).toThrow('"101" is not a whole number from 1 to 100');
  });
});

describe('parseApiBaseUrl', () => {
  it('drops every trailing slash', () => {
    expect(parseApiBaseUrl('https://h.example/base//')).toBe('https://h.example/base');
  });
  it('refuses a path that ends in /v1 only', () => {
    expect(() => parseApiBaseUrl('https://h.example/api/V1/')).toThrow('ends in /v1; give the base URL without it');
    expect(parseApiBaseUrl('https://h.example/v1x')).toBe('https://h.example/v1x');
    expect(parseApiBaseUrl('https://h.example/v1/hosting')).toBe('https://h.example/v1/hosting');
  });
});
