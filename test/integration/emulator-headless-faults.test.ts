import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { call } from './helpers/headless-http.js';
import { startHeadless } from './helpers/start-headless.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startHeadless({ faults: '503:1' });
});
afterAll(() => emu.close());

const setFaults = async (faults: string) => {
  expect((await call(emu, 'POST', '/__emulator/faults', { body: { faults }, auth: null })).status).toBe(200);
};
const createApp = () =>
  call(emu, 'POST', '/v1/accounts/demo/apps?appId=web', { body: { region: 'regions/US-C', uploadable: {} } });

describe('headless API under injected faults', () => {
  it('answers 503 with the headless error body and Retry-After, changing nothing', async () => {
    const res = await createApp();
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json).toEqual({ error: { code: 503, message: expect.any(String), status: 'UNAVAILABLE' } });
    expect(emu.state.apps).toHaveLength(0);

    await setFaults('');
    expect((await createApp()).status).toBe(200);
    expect(emu.state.apps).toHaveLength(1);
  });

  it('drops the connection on a reset fault, changing nothing', async () => {
    emu.reset();
    await setFaults('reset:1');
    await expect(
      request(`${emu.headlessUrl}/v1/accounts/demo/apps?appId=web`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ region: 'regions/US-C', uploadable: {} }),
      }),
    ).rejects.toThrow();
    await setFaults('');
    expect(emu.state.apps).toHaveLength(0);
    expect((await call(emu, 'GET', '/v1/accounts/demo/apps')).json).toEqual({ apps: [] });
  });
});
