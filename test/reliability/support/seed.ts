/**
 * The seed the suites start the emulator from: the emulator's default world (docs/emulator.md), with an API user
 * whose password is long and unusual enough that finding it in a log cannot be a coincidence,
 * and whatever headless apps a suite needs to exist beforehand.
 */
import { defaultSeed, type Seed } from '../../../emulator/store/seed.js';

export const API_USER = 'reliability-user';
export const API_PASSWORD = 'rel-Pw-5f0c1e9a7b2d4c6e8a0b';
export const BASIC_CREDENTIALS = Buffer.from(`${API_USER}:${API_PASSWORD}`).toString('base64');

export interface SeedApp {
  appId: string;
  environments?: { displayName: string; shellVariables?: { key: string; value: string }[] }[];
}

export function reliabilitySeed(apps: readonly SeedApp[] = []): Seed {
  return {
    ...defaultSeed,
    credentials: [{ userId: API_USER, password: API_PASSWORD, account: 'demo', roles: 'owner' }],
    headless: {
      accounts: ['demo'],
      apps: apps.map((a) => ({ account: 'demo', appId: a.appId, region: 'US-C', environments: a.environments ?? [] })),
    },
  };
}

/** Inputs every deploy or install copy needs, pointed at an emulator. */
export function baseInputs(emulator: { hostingUrl: string; headlessUrl: string }): Record<string, string> {
  return {
    'api-user-id': API_USER,
    'api-password': API_PASSWORD,
    'api-url': emulator.hostingUrl,
    'headless-api-url': emulator.headlessUrl,
    account: 'demo',
  };
}
