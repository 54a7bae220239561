import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { VirtualClock } from '../../src/util/clock.js';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { routes } from '../../src/api/routes.js';
import { control, hostingClient, type Json, type RawInit } from './helpers/hosting-http.js';

const SEED = fileURLToPath(new URL('../fixtures/seed-hosting.json', import.meta.url));
const ACME = '0a1b2c3d-0000-4000-8000-000000000001';
const ACMEPROD = '1a000000-0000-4000-8000-000000000001';
const ACMESTG = '1a000000-0000-4000-8000-000000000002';
const MAX_JSON = 16 * 1024;

let emu: RunningEmulator;
let owner: ReturnType<typeof hostingClient>;
let ctl: ReturnType<typeof control>;

beforeAll(async () => {
  emu = await startEmulator({ seed: SEED, clock: new VirtualClock(), random: () => 0, maxJsonBytes: MAX_JSON });
  owner = hostingClient(emu.url, 'owner');
  ctl = control(emu.url);
});
afterAll(() => emu.close());
afterEach(() => ctl.faults(''));

const json = (body: unknown): RawInit => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

describe('strict requests leave the state unchanged', () => {
  const site = { name: 'shop', account_id: ACME };
  const copy = { source_environment_id: ACMEPROD, destination_environment_id: ACMESTG };

  it.each<[string, string, string, RawInit, number, RegExp]>([
    ['an unknown query parameter', 'GET', '/v1/installs?account=acme', {}, 400, /Unknown query parameter: account/],
    [
      'an unknown body field',
      'POST',
      '/v1/sites',
      json({ ...site, color: 'red' }),
      400,
      /Unknown field in request body: color/,
    ],
    ['an unknown install copy field', 'POST', '/v1/install_copy', json({ ...copy, force: true }), 400, /force/],
    [
      'malformed JSON',
      'POST',
      '/v1/sites',
      { body: '{"name": "shop",', headers: { 'content-type': 'application/json' } },
      400,
      /Malformed JSON/,
    ],
    ['a JSON array', 'POST', '/v1/sites', json([site]), 400, /JSON object/],
    [
      'a wrong content-type',
      'POST',
      '/v1/sites',
      { body: JSON.stringify(site), headers: { 'content-type': 'text/plain' } },
      400,
      /Content-Type/,
    ],
    ['a huge body', 'POST', '/v1/sites', json({ name: 'x'.repeat(MAX_JSON * 4), account_id: ACME }), 413, /exceeds/],
    ['a query parameter on a route without any', 'GET', `/v1/accounts/${ACME}/limits?limit=1`, {}, 400, /limit/],
    ['a PATCH with an unknown field', 'PATCH', `/v1/installs/${ACMESTG}`, json({ name: 'renamed' }), 400, /name/],
  ])('answers %s with its status and a message', async (_what, method, path, init, status, message) => {
    const before = await ctl.state();
    const res = await owner.raw(method, path, init);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    if (status === 400) expect(res.body.errors).toEqual(expect.any(Array));
    expect(await ctl.state()).toEqual(before);
  });

  it('names unknown fields and parameters in errors[]', async () => {
    const res = await owner.raw('GET', '/v1/ssh_keys?page=2&sort=name');
    expect(res.body.errors.map((e: Json) => [e.field, e.code, e.type])).toEqual([
      ['page', 'unknown_parameter', 'invalid_value'],
      ['sort', 'unknown_parameter', 'invalid_value'],
    ]);
  });

  it('checks credentials before the body', async () => {
    const res = await fetch(`${emu.url}/v1/sites`, {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
  });

  it('answers 404 with a message for an unknown route', async () => {
    const res = await owner.get('/v1/nothing');
    expect(res.status).toBe(404);
    expect((res.body as Json).message).toMatch(/no such route/);
  });
});

describe('faults', () => {
  it.each([
    ['500', 500, null],
    ['502', 502, null],
    ['503', 503, '1'],
    ['429', 429, '1'],
  ])(
    'answers every hosting route of the route table with the %s fault, changing nothing',
    async (fault, status, retryAfter) => {
      const before = await ctl.state();
      await ctl.faults(`${fault}:1`);
      const hosting = Object.entries(routes).filter(([, r]) => r.api === 'hosting');
      // The table is the source of truth: a route added to it is covered here without an edit.
      expect(hosting.length).toBeGreaterThanOrEqual(19);
      for (const [name, r] of hosting) {
        // Real ids, so that a route which skipped the fault would act (and change the state).
        const path = r.path
          .replace('{install_id}', ACMEPROD)
          .replace('{account_id}', ACME)
          .replace(/\{[a-z_]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await owner.raw(r.method, path, r.body ? json({}) : {});
        expect(res.status, `${name}: ${r.method} ${path}`).toBe(status);
        expect(res.headers.get('retry-after'), name).toBe(retryAfter);
        expect(res.body.message, name).toBeTruthy();
      }
      await ctl.faults('');
      expect(await ctl.state()).toEqual(before);
      expect((await owner.get('/v1/installs')).status).toBe(200);
    },
  );

  it('drops the connection on the reset fault', async () => {
    await ctl.faults('reset:1');
    await expect(fetch(`${emu.url}/v1/installs`)).rejects.toThrow();
  });
});
