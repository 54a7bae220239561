/** Emulator arrangements shared by the action tests: a seed with an existing app, and webhook look-ups. */
import type { RunningEmulator, Seed } from '../../../emulator/index.js';
import { defaultSeed } from '../../../emulator/store/seed.js';

export const EXISTING = {
  app: 'web',
  environmentId: '0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015',
  displayName: 'production',
  shellVariables: [{ key: 'KEEP', value: 'me' }],
} as const;

/** The default seed plus app `web` with environment `production` (id 0c3d9e2a-5b71-4f8e-a1d6-93b4c2e7f015) and one shell variable. */
export const seedWithApp: Seed = {
  ...defaultSeed,
  headless: {
    accounts: ['demo'],
    apps: [
      {
        account: 'demo',
        appId: EXISTING.app,
        environments: [
          {
            id: EXISTING.environmentId,
            displayName: EXISTING.displayName,
            cmsEnvironment: 'demoprod',
            shellVariables: EXISTING.shellVariables.map((v) => ({ ...v })),
          },
        ],
      },
    ],
  },
};

/** A display name the server chose: a title change (OSC), a screen clear, a CR and a C1 CSI. */
export const HOSTILE = {
  id: '7d2e4f60-1a3b-4c5d-8e9f-0a1b2c3d4e5f',
  displayName: 'x\x1b]0;owned\x07\x1b[2J\rforged\x9b1m',
};
/** seedWithApp, its app holding an environment named HOSTILE as well. */
export const seedWithHostileName: Seed = {
  ...seedWithApp,
  headless: {
    accounts: ['demo'],
    apps: seedWithApp.headless!.apps!.map((app) => ({
      ...app,
      environments: [...app.environments!, { ...HOSTILE, cmsEnvironment: 'demostg' }],
    })),
  },
};

export interface Webhooks {
  token: string;
  urls: { rebuild: string; cleanRebuild: string; purgeCache: string };
}

/** GET /__emulator/environments/{id}/webhooks: the token and trigger URLs a user copies from the portal. */
export async function webhooksOf(emulator: Pick<RunningEmulator, 'url'>, environmentId: string): Promise<Webhooks> {
  const res = await fetch(`${emulator.url}/__emulator/environments/${environmentId}/webhooks`);
  if (!res.ok) throw new Error(`webhooks of ${environmentId}: ${res.status}`);
  return (await res.json()) as Webhooks;
}
