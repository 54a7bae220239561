import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { VirtualClock } from '../../src/util/clock.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { control, hostingClient } from './helpers/hosting-http.js';

const SEED = fileURLToPath(new URL('../fixtures/seed-hosting.json', import.meta.url));

let emu: RunningEmulator;

beforeAll(async () => {
  // The virtual clock stands still, so each credential has exactly two requests until the test advances it.
  emu = await startEmulator({ seed: SEED, clock: new VirtualClock(), rateLimitPerSecond: 2 });
});
afterAll(() => emu.close());

describe('rate limit', () => {
  it('answers 429 with Retry-After past the rate, per credential, until time passes', async () => {
    const owner = hostingClient(emu.url, 'owner');
    expect((await owner.get('/v1/installs')).status).toBe(200);
    expect(
      (await owner.post('/v1/sites', { name: 'shop', account_id: '0a1b2c3d-0000-4000-8000-000000000001' })).status,
    ).toBe(201);
    const limited = await owner.get('/v1/ssh_keys');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toEqual({ message: expect.stringMatching(/too many requests/i) });
    expect(
      (await owner.post('/v1/sites', { name: 'shop2', account_id: '0a1b2c3d-0000-4000-8000-000000000001' })).status,
    ).toBe(429);
    expect((await control(emu.url).state()).sites.map((s: { name: string }) => s.name)).not.toContain('shop2');

    expect((await hostingClient(emu.url, 'full').get('/v1/ssh_keys')).status).toBe(200);

    await control(emu.url).advance(1);
    expect((await owner.get('/v1/ssh_keys')).status).toBe(200);
  });
});
