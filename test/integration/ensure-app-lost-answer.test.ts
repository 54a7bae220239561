/**
 * The answer to "create app" lost after the service acted: the step looks for the app before
 * repeating, and must take what it finds as ours only when it is in the region asked for. An
 * app another job made in another region is not ours: the run fails naming both regions,
 * instead of deploying into an app in the wrong region and saying all went well.
 *
 * A proxy in front of the emulator stands for a gateway: it lets the create through, then
 * answers 502 instead of passing the service's answer back.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { createClient } from '../../src/api/client.js';
import { Conflict } from '../../src/api/errors.js';
import { createApp } from '../../src/steps/deploy/ensure-app.js';
import type { DeployInputs } from '../../src/steps/deploy/inputs.js';
import { realClock } from '../../src/util/clock.js';
import { testContext } from '../helpers/step-context.js';

const CREDENTIALS = { userId: 'demo-user', password: 'demo-password' };
const BASIC = `Basic ${Buffer.from('demo-user:demo-password').toString('base64')}`;

let emulator: RunningEmulator;
let proxy: Server;
let proxyUrl: string;
/** Runs once, just before the first create reaches the emulator; then the answer is dropped. */
let beforeLostCreate: (() => Promise<void>) | null = null;

async function createDirectly(app: string, region: string): Promise<void> {
  const res = await fetch(`${emulator.headlessUrl}/v1/accounts/demo/apps?appId=${app}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/json' },
    body: JSON.stringify({ region: `regions/${region}`, uploadable: {} }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
  const target = new URL(emulator.url);
  proxy = createServer((req, res) => {
    const isCreate = req.method === 'POST' && /\/v1\/accounts\/demo\/apps\?appId=/.test(req.url ?? '');
    const hook = isCreate ? beforeLostCreate : null;
    if (hook) beforeLostCreate = null;
    void (hook ?? (async () => {}))().then(() => {
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          if (hook) {
            // The service acted; a gateway on the way lost its answer and says 502.
            answer.resume();
            answer.on('end', () => {
              res.writeHead(502, { 'content-type': 'application/json' });
              res.end(JSON.stringify({ error: { code: 502, message: 'bad gateway', status: 'UNAVAILABLE' } }));
            });
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((r) => proxy.close(r));
  await emulator.close();
});
beforeEach(() => {
  emulator.reset();
  beforeLostCreate = null;
});

function context() {
  const client = createClient({ headlessUrl: `${proxyUrl}/headless`, credentials: CREDENTIALS });
  const { ctx, log, written } = testContext({ client, clock: realClock });
  const outputs = new Proxy({} as Record<string, string>, {
    get: (_t, name) => Object.fromEntries(written)[String(name)],
  });
  const d = { account: 'demo', app: 'shop', region: 'US-C', createMissing: true } as unknown as DeployInputs;
  return { ctx, d, log, outputs, close: () => client.close() };
}

describe('create app after a lost answer', () => {
  it('does not take an app in another region as ours: fails naming both regions', async () => {
    const { ctx, d, log, outputs, close } = context();
    // Another job creates the app in EU-W just before ours arrives: the service answers ours
    // 409, and that answer is lost.
    beforeLostCreate = () => createDirectly('shop', 'EU-W');
    try {
      const failure = await createApp(ctx, d).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(Conflict);
      expect(String((failure as Error).message)).toMatch(/exists in regions\/EU-W, not regions\/US-C/);
    } finally {
      await close();
    }
    expect(log.lines.some((l) => /create app "shop": the answer was lost .* had not taken effect/.test(l))).toBe(true);
    expect(outputs['app-created']).toBeUndefined();
    expect(emulator.state.apps.map((a) => [a.appId, a.region])).toEqual([['shop', 'regions/EU-W']]);
  });

  it('takes the app in the region asked for as the effect of its own create, and does not repeat it', async () => {
    const { ctx, d, log, outputs, close } = context();
    // The create goes through (the hook does nothing first); only its answer is lost.
    beforeLostCreate = async () => {};
    try {
      await expect(createApp(ctx, d)).resolves.toEqual({ created: false });
    } finally {
      await close();
    }
    expect(log.lines).toContain('create app "shop": the answer was lost (status 502) but it had taken effect');
    expect(outputs['app-created']).toBe('false');
    expect(emulator.state.apps.map((a) => [a.appId, a.region])).toEqual([['shop', 'regions/US-C']]);
    expect(emulator.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
