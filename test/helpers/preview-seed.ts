/**
 * An app whose environments' names start one another: `pr-12` listed before `pr-1`, and an id
 * of `pr-1` that starts the id of `pr-12`. A look-up that matches a prefix, or stops at the
 * first name that starts with the one it was given, finds the wrong environment; the tests of
 * the steps that delete or trigger by name start from here.
 */
import type { Seed } from '../../emulator/index.js';
import { defaultSeed } from '../../emulator/store/seed.js';

export const PREVIEWS = {
  account: 'demo',
  app: 'shop',
  /** 24 hexadecimal characters that start with `pr1`'s id. */
  pr12: { id: 'e0a1b2c3d4e5f60718293a4b', displayName: 'pr-12' },
  /** 8 hexadecimal characters: an older environment's id. */
  pr1: { id: 'e0a1b2c3', displayName: 'pr-1' },
  staging: { id: '5d0c3a1e-7b2f-4e8a-9c61-0f3d2b4a6e71', displayName: 'staging' },
} as const;

export const previewSeed: Seed = {
  ...defaultSeed,
  headless: {
    accounts: [PREVIEWS.account],
    apps: [
      {
        account: PREVIEWS.account,
        appId: PREVIEWS.app,
        environments: [PREVIEWS.pr12, PREVIEWS.pr1, PREVIEWS.staging].map((e) => ({ ...e })),
      },
    ],
  },
};
