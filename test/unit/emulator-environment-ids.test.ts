/**
 * Environment ids: the emulator makes uuids; a seed may hold a uuid, or 24 or 8 hexadecimal
 * characters (older environments, older seeds), and nothing else.
 */
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../emulator/index.js';
import { isEnvironmentId, newUuid } from '../../emulator/store/ids.js';
import { stateFromSeed } from '../../emulator/store/seed.js';
import { UUID } from '../integration/helpers/ids.js';

function seedWith(...environments: { app?: string; id?: unknown; displayName: string }[]): Seed {
  const apps = [...new Set(environments.map((e) => e.app ?? 'web'))];
  return {
    accounts: [{ name: 'demo' }],
    headless: {
      accounts: ['demo'],
      apps: apps.map((appId) => ({
        account: 'demo',
        appId,
        environments: environments
          .filter((e) => (e.app ?? 'web') === appId)
          .map(({ id, displayName }) => ({ displayName, ...(id === undefined ? {} : { id: id as string }) })),
      })),
    },
  };
}

describe('environment ids in a seed', () => {
  // A uuid, 24 or 8 hexadecimal characters are kept, and answered by: emulator-answers.test.ts (older ids).
  it('derives a uuid from the names when the id is left out, the same on every start', () => {
    const seed = seedWith({ displayName: 'production' }, { displayName: 'staging' });
    const ids = stateFromSeed(seed, 0).environments.map((e) => e.id);
    expect(ids).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(ids[0]).not.toBe(ids[1]);
    expect(stateFromSeed(seed, 0).environments.map((e) => e.id)).toEqual(ids);
  });

  it.each([
    ...['staging', '', 12345678], // no hexadecimal id at all
    ...['E0A1B2C3', '3F6C1B2A-8D4E-4F1A-9B7C-2E5D8A0C4F13'], // upper case
    ...['0123456789ab', '5f3a9c0d1e2b4a6978c1d0e2f', 'e0a1b2c'], // 12, 25 and 7 characters
    ...['3f6c1b2a8d4e4f1a9b7c2e5d8a0c4f13', ' 3f6c1b2a-8d4e-4f1a-9b7c-2e5d8a0c4f13'], // a uuid without hyphens, with a space
  ])('refuses %j, naming the environment and the shapes it takes', (id) => {
    expect(() => stateFromSeed(seedWith({ id, displayName: 'production' }), 0)).toThrow(
      /^seed: environment "production" of app "web": id .* is not a lower-case uuid, or 24 lower-case hexadecimal characters \(older environments\), or 8 \(older seeds\)$/,
    );
  });

  it('refuses one id for two environments, in different apps too', () => {
    const id = 'e0a1b2c3';
    expect(() =>
      stateFromSeed(seedWith({ id, displayName: 'production' }, { app: 'blog', id, displayName: 'staging' }), 0),
    ).toThrow('seed: environment "staging" of app "blog": id "e0a1b2c3" is already the id of another environment');
  });
});

describe('ids the emulator makes', () => {
  it('newUuid makes version 4 uuids and skips one that is taken', () => {
    const seen: string[] = [];
    const first = newUuid();
    const second = newUuid((id) => {
      seen.push(id);
      return seen.length === 1; // the first one drawn is "taken"
    });
    expect([first, second]).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(seen).toHaveLength(2);
    expect(second).toBe(seen[1]);
    expect(isEnvironmentId(first)).toBe(true);
  });
});
