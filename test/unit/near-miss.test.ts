/** The near-miss rule and the shape of a server-made environment id, by table. */
import { describe, expect, it } from 'vitest';
import { looksLikeEnvironmentId, looseKey, nearMiss } from '../../src/steps/common/near-miss.js';

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
  ] as [string, string[], string | null][])('%j among %j → %j', (wanted, existing, want) => {
    expect(nearMiss(wanted, existing)).toBe(want);
  });

  it('ignores only case, spaces, - and _', () => {
    expect(looseKey(' A-b_C d ')).toBe('abcd');
    expect(looseKey('a.b')).toBe('a.b');
  });
});

describe('looksLikeEnvironmentId', () => {
  it.each([
    ['e0a1b2c3', true],
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
