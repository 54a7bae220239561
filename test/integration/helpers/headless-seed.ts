import type { Seed } from '../../../emulator/index.js';
import { defaultSeed } from '../../../emulator/store/seed.js';

/** The default seed plus a second headless account, to show that one account cannot reach another's records. */
export const twoAccountSeed: Seed = {
  ...defaultSeed,
  accounts: [...defaultSeed.accounts, { name: 'other' }],
  credentials: [
    ...(defaultSeed.credentials ?? []),
    { userId: 'other-user', password: 'other-password', account: 'other', roles: 'owner' },
  ],
  sites: [...(defaultSeed.sites ?? []), { name: 'other', account: 'other', installs: [{ name: 'otherprod' }] }],
  headless: { accounts: ['demo', 'other'] },
};

export const OTHER_AUTH = `Basic ${Buffer.from('other-user:other-password').toString('base64')}`;
