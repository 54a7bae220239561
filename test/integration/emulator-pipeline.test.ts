/**
 * The stages every API request goes through (emulator/http/pipeline.ts), on both APIs: strict
 * query and body checks that change nothing, credentials before the body, unknown routes,
 * injected faults on every row of the route table, and the rate limit per credential; and the
 * seed, read as strictly before the emulator starts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator, type Seed } from '../../emulator/index.js';
import { RateLimiter } from '../../emulator/http/rate-limit.js';
import { defaultSeed } from '../../emulator/store/seed.js';
import { routes } from '../../src/api/routes.js';
import { HOSTING_SEED, ID, startHosting, json, type Hosting, type Json, type RawInit } from './helpers/hosting-http.js';

const { acme: ACME, acmeprod: ACMEPROD, acmestg: ACMESTG } = ID;
const MAX_JSON = 16 * 1024;

let emu: RunningEmulator;
let as: Hosting['as'];
let ctl: Hosting['ctl'];
beforeAll(async () => ({ emu, as, ctl } = await startHosting({ maxJsonBytes: MAX_JSON })));
afterAll(() => emu.close());
afterEach(() => ctl.faults(''));

describe('strict requests leave the state unchanged', () => {
  const site = { name: 'shop', account_id: ACME };

  // How a JSON body is read is unit-tested (readJsonObject); malformed JSON shows it is wired.
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
    ['malformed JSON', 'POST', '/v1/sites', { ...json(site), body: '{"name": "shop",' }, 400, /Malformed JSON/],
    ['a huge body', 'POST', '/v1/sites', json({ name: 'x'.repeat(MAX_JSON * 4), account_id: ACME }), 413, /exceeds/],
    ['a query parameter on a route without any', 'GET', `/v1/accounts/${ACME}/limits?limit=1`, {}, 400, /limit/],
    ['a PATCH with an unknown field', 'PATCH', `/v1/installs/${ACMESTG}`, json({ name: 'renamed' }), 400, /name/],
  ])('answers %s with its status and a message', async (_what, method, path, init, status, message) => {
    const before = await ctl.state();
    const res = await as().raw(method, path, init);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    if (status === 400) expect(res.body.errors).toEqual(expect.any(Array));
    expect(await ctl.state()).toEqual(before);
  });

  it('names unknown fields and parameters in errors[]', async () => {
    const res = await as().raw('GET', '/v1/ssh_keys?page=2&sort=name');
    const unknown = (field: string) => [field, 'unknown_parameter', 'invalid_value'];
    expect(res.body.errors.map((e: Json) => [e.field, e.code, e.type])).toEqual([unknown('page'), unknown('sort')]);
  });

  it('checks credentials before the body, and answers 404 with a message for an unknown route', async () => {
    const res = await fetch(`${emu.url}/v1/sites`, { method: 'POST', ...json({}), body: '{' });
    expect(res.status).toBe(401);
    const unknown = await as().get('/v1/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no such route/);
  });
});

describe('faults', () => {
  /** The error body of each API: hosting `{message}`, headless `{error: {code, message, status}}`. */
  const errorBody = (api: string, status: number, name: string) =>
    api === 'hosting'
      ? { message: expect.any(String) }
      : { error: { code: status, message: expect.any(String), status: name } };

  it.each([
    ['500', 500, null, 'INTERNAL'],
    ['502', 502, null, 'UNAVAILABLE'],
    ['503', 503, '1', 'UNAVAILABLE'],
    ['429', 429, '1', 'RESOURCE_EXHAUSTED'],
  ])(
    'answers every route of the route table with the %s fault, changing nothing',
    async (fault, status, retryAfter, headless) => {
      const before = await ctl.state();
      await ctl.faults(`${fault}:1`);
      const all = Object.entries(routes);
      // The table is the source of truth: a route added to it is covered here without an edit.
      expect(all.filter(([, r]) => r.api === 'hosting').length).toBeGreaterThanOrEqual(19);
      for (const [name, r] of all) {
        // Real ids and a valid app, so that a route which skipped the fault would act (and change the state).
        const path =
          (r.api === 'headless' ? '/headless' : '') +
          r.path
            .replace('{install_id}', ACMEPROD)
            .replace('{account_id}', ACME)
            .replace('{account}', 'acme')
            .replace('{app}', 'web')
            .replace(/\{[a-z_]+\}/g, '00000000-0000-4000-8000-000000000000') +
          (name === 'createApp' ? '?appId=web' : '');
        const body = name === 'createApp' ? { region: 'regions/US-C', uploadable: {} } : {};
        const res = await as().raw(r.method, path, r.body ? json(body) : {});
        expect(res.status, `${name}: ${r.method} ${path}`).toBe(status);
        expect(res.headers.get('retry-after'), name).toBe(retryAfter);
        expect(res.body, name).toEqual(errorBody(r.api, status, headless));
      }
      await ctl.faults('');
      expect(await ctl.state()).toEqual(before);
      expect((await as().get('/v1/installs')).status).toBe(200);
    },
  );

  it('drops the connection on the reset fault, changing nothing', async () => {
    const before = await ctl.state();
    await ctl.faults('reset:1');
    const app = json({ region: 'regions/US-C', uploadable: {} });
    await expect(as().raw('POST', '/headless/v1/accounts/acme/apps?appId=web', app)).rejects.toThrow();
    await expect(fetch(`${emu.url}/v1/installs`)).rejects.toThrow();
    await ctl.faults('');
    expect(await ctl.state()).toEqual(before);
  });
});

describe('rate limit', () => {
  let limited: Hosting;
  // The virtual clock stands still, so each credential has exactly two requests until the test advances it.
  beforeAll(async () => (limited = await startHosting({ rateLimitPerSecond: 2 })));
  afterAll(() => limited.emu.close());

  it('answers 429 with Retry-After past the rate, per credential, changing nothing, until time passes', async () => {
    const owner = limited.as('owner');
    expect((await owner.get('/v1/installs')).status).toBe(200);
    expect((await owner.post('/v1/sites', { name: 'shop', account_id: ACME })).status).toBe(201);
    const refused = await owner.get('/v1/ssh_keys');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ message: expect.stringMatching(/too many requests/i) });
    expect((await owner.post('/v1/sites', { name: 'shop2', account_id: ACME })).status).toBe(429);
    expect((await limited.ctl.state()).sites.map((s: Json) => s.name)).not.toContain('shop2');

    expect((await limited.as('full').get('/v1/ssh_keys')).status).toBe(200);
    await limited.ctl.advance(1);
    expect((await owner.get('/v1/ssh_keys')).status).toBe(200);
  });

  it('keeps at most maxKeys buckets, forgetting the least recently used (keys come from clients)', () => {
    const limiter = new RateLimiter(1, 2);
    expect([limiter.take('a', 0), limiter.take('a', 0)]).toEqual([0, 1]); // 'a' has used its second
    limiter.take('b', 0);
    expect(limiter.take('a', 0)).toBe(1); // two keys: 'a' is remembered, and now the most recent
    limiter.take('c', 0); // a third key: 'b', the least recent, is forgotten
    expect(limiter.take('a', 0)).toBe(1);
    limiter.take('d', 0);
    limiter.take('e', 0); // 'a' became the least recent, then was forgotten
    expect(limiter.take('a', 0)).toBe(0);
  });
});

describe('a seed is read as strictly as a request: startEmulator refuses it, naming each problem by its path', () => {
  /** What startEmulator says of a seed: its refusal, or `started` (closed again). */
  const refusal = (seed: unknown) =>
    startEmulator({ seed: seed as Seed }).then(
      (started) => started.close().then(() => 'started'),
      (e: Error) => e.message,
    );
  const app = (environment: object) => ({ account: 'demo', appId: 'web', environments: [environment] });
  const headless = (environment: object) => ({
    ...defaultSeed,
    headless: { accounts: ['demo'], apps: [app(environment)] },
  });

  it.each<[string, unknown, RegExp]>([
    [
      'a misspelt top-level field',
      { ...defaultSeed, headles: {} },
      /^seed: unknown field "headles"; did you mean "headless"\?$/,
    ],
    // One slip, one line: displayName is not also reported missing.
    [
      'a misspelt field deep down',
      headless({ displayname: 'production' }),
      /^seed: headless\.apps\[0]\.environments\[0]: unknown field "displayname"; did you mean "displayName"\?$/,
    ],
    [
      'an unknown field near no known one: the fields there',
      headless({ displayName: 'p', colour: 1 }),
      /"colour" \(the fields here: id, displayName, /,
    ],
    [
      'a string where a list goes',
      { ...defaultSeed, accounts: 'demo' },
      /^seed: accounts: expected a list, got a string$/,
    ],
    [
      'a required field left out',
      { accounts: [{ id: 'x' }] },
      /^seed: accounts\[0]: missing field "name" \(a string\)$/,
    ],
    [
      'a string where true or false goes',
      headless({ displayName: 'p', unhealthy: 'yes' }),
      /unhealthy: expected true or false, got a string$/,
    ],
    [
      'a number where true or false goes (runningBuild)',
      headless({ displayName: 'p', runningBuild: 1 }),
      /environments\[0]\.runningBuild: expected true or false, got a number$/,
    ],
    [
      'a role not among the choices (the value is not echoed)',
      { ...defaultSeed, credentials: [{ userId: 'u', password: 'p', account: 'demo', roles: 'admin' }] },
      /^seed: credentials\[0]\.roles: expected one of "owner", "full", .* or "partial,billing"$/,
    ],
    ['not an object at all', [defaultSeed], /^seed: expected an object, got a list$/],
    ['a key with control characters, escaped', { ...defaultSeed, 'x\u001b\u009b2J': 1 }, /field "x\\u001b\\u009b2J"/],
    [
      'many problems: each on its line, the first ten, then a count',
      { ...defaultSeed, sshKeys: Array.from({ length: 12 }, () => ({ account: 'demo' })) },
      /^seed: 12 problems:\n {2}sshKeys\[0]: missing field "comment".*(\n {2}.*){9}\n {2}and 2 more$/,
    ],
  ])('%s', async (_, seed, message) => {
    expect(await refusal(seed)).toMatch(message);
  });

  it('names the file of a seed given as a path', async () => {
    expect(await refusal(HOSTING_SEED)).toBe('started');
    const dir = mkdtempSync(join(tmpdir(), 'hd-seed-'));
    const file = join(dir, 'seed.json');
    try {
      writeFileSync(file, JSON.stringify({ ...defaultSeed, sshKeys: [{ account: 'demo', coment: 'x' }] }));
      expect(await refusal(file)).toBe(
        `seed file ${file}: sshKeys[0]: unknown field "coment"; did you mean "comment"?`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
