/** The near-miss rule and the shape of a server-made environment id, by table. */
import { describe, expect, it } from 'vitest';
import { looseKey, nearMiss, oneLetterApart } from '../../src/step-kit/near-miss.js';
import { looksLikeEnvironmentId } from '../../src/api/environment-id.js';

describe('nearMiss', () => {
  it.each([
    ['Production', ['production', 'staging'], 'production'],
    ['staging-preview', ['Staging Preview'], 'Staging Preview'],
    ['shop_front', ['shop-front', 'shop'], 'shop-front'],
    ['SHOP FRONT', ['shopfront'], 'shopfront'],
    ['staging', ['staging', 'Staging'], 'Staging'],
    ['production', ['production'], null],
    ['prod', ['production'], null],
    ['staging2', ['staging'], null],
    ['new', [], null],
    // One letter off (oneLetterApart's table), for names of five or more characters.
    ['stagng', ['staging'], 'staging'],
    ['storfront', ['storefront', 'shop'], 'storefront'],
    ['Stagng', ['staging'], 'staging'], // with case as well
    ['stag_ng', ['staging'], 'staging'], // the loose key is compared: stagng
    // Not a typo: digits, short names, two letters off, or exactly the same text.
    ['pr-13', ['pr-12'], null],
    ['pr-120', ['pr-12'], null],
    ['staging3', ['staging2'], null],
    ['release-v2', ['release-v1'], null],
    ['prod', ['prd'], null], // four letters: too short for a slip to be told from a name
    ['proda', ['prod'], null], // the existing name is too short too
    ['gnitsag', ['staging'], null],
    // Five characters is long enough, for the name given and for the existing one.
    ['stagr', ['stage'], 'stage'],
    ['stagge', ['stage'], 'stage'],
    ['stag', ['stage'], null],
  ] as [string, string[], string | null][])('%j among %j → %j', (wanted, existing, want) => {
    expect(nearMiss(wanted, existing)).toBe(want);
  });

  it('prefers the same loose key to a name one letter apart', () => {
    expect(nearMiss('Staging', ['stagin', 'staging'])).toBe('staging');
  });

  it('ignores only case, spaces, - and _', () => {
    expect(looseKey(' A-b_C d ')).toBe('abcd');
    expect(looseKey('a.b')).toBe('a.b');
  });
});

describe('looksLikeEnvironmentId', () => {
  it.each([
    ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80', true],
    ['6F1C9A52-3B7E-4C1D-9A8E-2F4B5C6D7E80', true],
    ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e8', false], // one short
    ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e801', false], // one long
    ['6f1c9a523b7e4c1d9a8e2f4b5c6d7e80', false], // no dashes: 32 hex is no shape of ours
    ['6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e8g', false],
    ['5f2b8c1d9e0a4b3c2d1e0f9a', true], // 24 hex: older environments
    ['5f2b8c1d9e0a4b3c2d1e0f9', false],
    ['5f2b8c1d9e0a4b3c2d1e0f9ab', false],
    ['e0a1b2c3', true], // 8 hex: seeds written for earlier emulators
    ['E0A1B2C3', true],
    ['12345678', true],
    ['e0a1b2c', false],
    ['e0a1b2c3d', false],
    ['e0a1b2cg', false],
    ['production', false],
    ['previews', false],
    ['pr-42', false],
  ] as [string, boolean][])('%j → %s', (value, want) => {
    expect(looksLikeEnvironmentId(value)).toBe(want);
  });
});

describe('oneLetterApart', () => {
  it.each([
    ['abcde', 'abcdf', true],
    ['abcde', 'abcd', true],
    ['abcd', 'abcde', true],
    ['abcde', 'bacde', true],
    ['abcde', 'abced', true],
    ['abcde', 'abcde', false],
    ['abcde', 'badce', false],
    ['abcde', 'abc', false],
    ['abcd1', 'abcd2', false],
    ['abcd', 'abcd1', false],
    ['a1cde', '1acde', false],
    ['aaaa', 'aaa', true],
    // A letter changed and one added, or two changed, is two slips; a swap is one.
    ['staging', 'stagxyng', false],
    ['staging', 'stxaing', false], // two changed; the first matches the swap's second
    ['staging', 'stgxing', false], // two changed; the second matches the swap's first
    ['staging', 'stgaxing', false], // a swap and a letter added
  ] as [string, string, boolean][])('%j and %j → %s', (a, b, want) => {
    expect(oneLetterApart(a, b)).toBe(want);
    expect(oneLetterApart(b, a)).toBe(want);
  });
});
