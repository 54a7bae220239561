/**
 * The hosting client's refusals against the emulator over real HTTP (default seed): what each says
 * to check. (Its methods, each call and read: client-faults.test.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { createClient } from '../../src/api/client.js';
import { AuthenticationError, BadRequest, NotFound } from '../../src/api/errors.js';
import { collect } from '../../src/api/paginate.js';

let emu: RunningEmulator;
beforeAll(async () => void (emu = await startEmulator()));
afterAll(() => emu.close());

const failure = (p: Promise<unknown>) => p.then(() => expect.fail('expected a failure')).catch((e: Error) => e);

it('the hosting client’s refusals say what to check: the fields of a bad request, a name not found, credentials (never the password)', async () => {
  const c = createClient({
    hostingUrl: emu.hostingUrl,
    credentials: { userId: 'demo-user', password: 'demo-password' },
  });
  const bad = (await failure(c.createSite({ name: '', account_id: 'nope' }))) as BadRequest;
  expect(bad).toBeInstanceOf(BadRequest);
  expect(bad.errors.map((e) => e.field).sort()).toEqual(['account_id', 'name']);
  expect(bad.message).toMatch(/^POST \/v1\/sites: bad request \(400\): .*; check "name", "account_id"$/);

  const prod = (await collect(c.iterateInstalls())).find((i) => i.name === 'demoprod')!;
  const missing = await failure(c.getDomain(prod.id, '00000000-0000-4000-8000-000000000000'));
  expect(missing).toBeInstanceOf(NotFound);
  expect(missing.message).toContain('check the name or id');
  await c.close();

  const wrong = createClient({
    hostingUrl: emu.hostingUrl,
    credentials: { userId: 'demo-user', password: 'wrong-pass' },
  });
  const refused = await failure(wrong.listInstalls());
  await wrong.close();
  expect(refused).toBeInstanceOf(AuthenticationError);
  expect(refused.message).toMatch(
    /^GET \/v1\/installs: authentication failed \(401\).*check api-user-id and api-password/,
  );
  expect(JSON.stringify(refused) + refused.message).not.toContain('wrong-pass');
});
