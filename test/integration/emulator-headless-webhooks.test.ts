import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import {
  call,
  createAppWithEnvironment,
  DEMO_AUTH,
  makeZip,
  repositoryPart,
  upload,
  webhooks,
} from './helpers/headless-http.js';
import { startHeadless } from './helpers/start-headless.js';

let emu: RunningEmulator;
let env: string;
let envId: string;
beforeAll(async () => {
  emu = await startHeadless({ buildSeconds: 10 });
});
afterAll(() => emu.close());
beforeEach(async () => {
  emu.reset();
  env = await createAppWithEnvironment(emu, 'web');
  envId = env.split('/').pop()!;
});

const hooks = () => webhooks(emu, envId);
/** POSTs a whole trigger URL, as a portal user or a scheduled job would: no Authorization header. */
const trigger = (url: string, headers: Record<string, string> = {}) => call(emu, 'POST', url, { auth: null, headers });
const latest = async () => (await call(emu, 'GET', `/v1/${env}/operations/no_build`)).json;

describe('headless webhooks', () => {
  it('rebuild and cleanRebuild build the last upload again; purgeCache is only recorded', async () => {
    const zip = await makeZip({ 'package.json': '{}' });
    await upload(emu, env, [repositoryPart(zip)]);
    emu.clock.advance(10_000);
    const uploaded = await latest();
    const { urls } = await hooks();
    expect(urls.rebuild).toBe(
      `${emu.headlessUrl}/wh/v1/${env}/webhooks/webhook:rebuild?token=${(await hooks()).token}`,
    );

    for (const action of ['rebuild', 'cleanRebuild'] as const) {
      const res = await trigger(urls[action]);
      expect(res.status).toBe(200);
      const op = emu.state.operations.at(-1)!;
      expect(op).toMatchObject({ kind: action, uploadIndex: 0, failure: null });
      expect((await latest()).name).toBe(`${env}/operations/no_build`);
      emu.clock.advance(10_000);
      const done = await latest();
      expect(done).toMatchObject({ name: `${env}/operations/${op.id}`, done: true });
      expect(done.metadata.deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
      expect(done.metadata.deployment).not.toBe(uploaded.metadata.deployment);
    }

    const operations = emu.state.operations.length;
    const purge = await trigger(urls.purgeCache);
    expect(purge.status).toBe(200);
    expect(emu.state.operations).toHaveLength(operations);
    expect(emu.state.webhookCalls.map((c) => c.action)).toEqual(['rebuild', 'cleanRebuild', 'purgeCache']);
    expect(emu.state.webhookCalls.at(-1)).toMatchObject({
      account: 'demo',
      app: 'web',
      environment: envId,
      at: emu.clock.iso(),
    });
  });

  it('fails a rebuild of an environment that never had an upload', async () => {
    expect((await trigger((await hooks()).urls.rebuild)).status).toBe(200);
    emu.clock.advance(10_000);
    const op = await latest();
    expect(op.done).toBe(true);
    expect(op.error.message).toMatch(/nothing to rebuild; upload the application code first/);
  });

  it('refuses a missing token, every prefix and extension of it, and Basic credentials: 401, unechoed, unrecorded', async () => {
    const { urls, token } = await hooks();
    const base = urls.rebuild.split('?')[0]!;
    const missing = await trigger(base);
    expect(missing.json.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    expect((await trigger(base, { authorization: DEMO_AUTH })).status).toBe(401);
    const tries = [
      ...Array.from({ length: token.length }, (_, n) => token.slice(0, n)).filter((t) => t !== ''),
      ...['0', 'a', '-', '%00', token].map((more) => token + more),
      token.slice(1),
      ` ${token}`,
      `${token} `,
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
      token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    ];
    expect(tries.length).toBe(token.length - 1 + 10);
    for (const t of tries) {
      const res = await trigger(`${base}?token=${encodeURIComponent(t)}`);
      expect(res.status, `token of ${t.length} characters`).toBe(401);
      if (t.length > 8) expect(res.text).not.toContain(t.trim());
    }
    expect(emu.state.webhookCalls).toHaveLength(0);
    // The whole token still works: the refusals above were about the token, not the URL.
    expect((await trigger(urls.rebuild)).status).toBe(200);
  });

  const UNKNOWN_ACTION = /unknown webhook action "deploy": use rebuild, cleanRebuild, purgeCache/;
  it.each([
    ['an unknown action, with the token', 'ENV/webhooks/webhook:deploy?token=TOKEN', 400, UNKNOWN_ACTION],
    [
      'an unknown action, without it (the token comes first)',
      `ENV/webhooks/webhook:deploy?token=${'0'.repeat(32)}`,
      401,
      /./,
    ],
    ['an unknown query parameter', 'ENV/webhooks/webhook:rebuild?token=TOKEN&debug=1', 400, /debug/],
    [
      'an unknown environment',
      'accounts/demo/apps/web/environments/0badc0de/webhooks/webhook:rebuild?token=TOKEN',
      404,
      /0badc0de/,
    ],
  ])('answers %s with %i', async (_what, path, status, message) => {
    const url = `${emu.headlessUrl}/wh/v1/${path.replace('ENV', env).replace('TOKEN', (await hooks()).token)}`;
    const res = await trigger(url);
    expect(res.status).toBe(status);
    expect(res.json.error.message).toMatch(message);
  });

  it('stops the old URLs on regenerate, and every URL on delete', async () => {
    const before = await hooks();
    const regenerated = (
      await call(emu, 'POST', `/__emulator/environments/${envId}/webhooks:regenerate`, { auth: null })
    ).json;
    expect(regenerated.token).not.toBe(before.token);
    expect((await trigger(before.urls.purgeCache)).status).toBe(401);
    expect((await trigger(regenerated.urls.purgeCache)).status).toBe(200);

    expect((await call(emu, 'DELETE', `/__emulator/environments/${envId}/webhooks`, { auth: null })).status).toBe(200);
    const gone = await trigger(regenerated.urls.purgeCache);
    expect(gone.status).toBe(401);
    expect(gone.json.error.message).toMatch(/regenerated or deleted/);
    expect(emu.state.webhookCalls).toHaveLength(1);
  });
});
