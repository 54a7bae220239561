/**
 * The deploy's look-ups read every page. The headless API lists apps and environments 100 to a
 * page (the most it gives), so the record that matters may be last on the first page or first on
 * the second. A look-up that stops after one page does what the user pays for: it creates
 * `shop_front` next to an existing `shop-front`, or a second environment `Staging` next to
 * `staging`, and the run stays green. In-process against the emulator, with the record at each
 * place around the page boundary.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import type { Client } from '../../src/api/client.js';
import { findApp } from '../../src/steps/deploy/ensure-app.js';
import { findDeployEnvironment } from '../../src/steps/deploy/ensure-environment.js';
import type { DeployInputs } from '../../src/steps/deploy/inputs.js';
import type { LookupContext } from '../../src/step-kit/step.js';
import { VirtualClock } from '../../src/util/clock.js';
import { clientFor } from '../helpers/step-context.js';

const clock = new VirtualClock(Date.UTC(2026, 10, 1));
let emulator: RunningEmulator | undefined;
let client: Client | undefined;

afterEach(async () => {
  await client?.close();
  await emulator?.close();
  client = undefined;
  emulator = undefined;
});

/** Names that are near nothing the tests ask for: a letter apart only in their digits. */
const fillers = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

async function lookups(apps: { appId: string; environments?: string[] }[]): Promise<LookupContext> {
  emulator = await startEmulator({
    port: 0,
    clock,
    seed: {
      accounts: [{ name: 'demo' }],
      credentials: [{ userId: 'demo-user', password: 'demo-password', account: 'demo', roles: 'owner' }],
      headless: {
        accounts: ['demo'],
        apps: apps.map((a) => ({
          account: 'demo',
          appId: a.appId,
          environments: (a.environments ?? []).map((displayName) => ({ displayName })),
        })),
      },
    },
  });
  client = clientFor(emulator.url, clock);
  return { client, signal: new AbortController().signal } as LookupContext;
}

const deploy = (app: string, environment = 'production') =>
  ({ account: 'demo', app, environment, createMissing: true }) as DeployInputs;

// The record after `before` others: last on the first page (99), first on the second (100), later (101, 250).
const PLACES = [99, 100, 101, 250];

describe('an app nearly named, on any page', () => {
  it.each(PLACES)('after %i other apps: a near miss, not a new app', async (before) => {
    const ctx = await lookups([...fillers(before, 'filler-').map((appId) => ({ appId })), { appId: 'shop-front' }]);
    await expect(findApp(ctx, deploy('shop_front'))).rejects.toThrow(
      'app "shop_front" does not exist, but app "shop-front" does',
    );
  });

  it('exactly a page of other apps and none near: missing, to be created', async () => {
    const ctx = await lookups(fillers(100, 'filler-').map((appId) => ({ appId })));
    await expect(findApp(ctx, deploy('shop_front'))).resolves.toBeNull();
  });
});

describe("an app's environment, on any page", () => {
  it.each(PLACES)('after %i other environments: found by display name, not created again', async (before) => {
    const ctx = await lookups([{ appId: 'shop', environments: [...fillers(before, 'preview '), 'Staging EU'] }]);
    const found = await findDeployEnvironment(ctx, deploy('shop', 'Staging EU'), true);
    expect(found?.displayName).toBe('Staging EU');
  });

  it.each(PLACES)('after %i other environments: a near miss, not a new environment', async (before) => {
    const ctx = await lookups([{ appId: 'shop', environments: [...fillers(before, 'preview '), 'Staging EU'] }]);
    await expect(findDeployEnvironment(ctx, deploy('shop', 'staging-eu'), true)).rejects.toThrow(
      'app "shop" has no environment "staging-eu", but it has "Staging EU"',
    );
  });
});
