import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { Conflict, NotFound } from '../../src/api/errors.js';
import { regionName } from '../../src/api/headless.js';
import { parseOperationName } from '../../src/api/operation-name.js';
import { UnsafeUrlError } from '../../src/api/url.js';
import { VirtualClock } from '../../src/util/clock.js';
import { fakeTransport, reply, type Answer } from './helpers/fake-transport.js';
import type { TransportRequest } from '../../src/api/transport.js';

const APP = { name: 'accounts/demo/apps/web', region: 'regions/US-C', createTime: '2026-01-01T00:00:00Z' };
const ALREADY = reply(409, { error: { code: 409, message: 'app web already exists', status: 'ALREADY_EXISTS' } });

function client(answer: (req: TransportRequest, n: number) => Answer) {
  const { transport, sent } = fakeTransport(answer);
  const c = createClient({
    hostingUrl: 'https://h.example',
    headlessUrl: 'https://h.example/headless/',
    credentials: { userId: 'u', password: 'password' },
    transport,
    clock: new VirtualClock(),
    retry: { random: () => 0 },
  });
  return { c, sent };
}

describe('createApp', () => {
  it('posts appId and the exact body, then reads the app back (the create answers no body)', async () => {
    const { c, sent } = client((req) => (req.method === 'POST' ? reply(200) : reply(200, APP)));
    await expect(c.createApp({ account: 'demo', app: 'web', region: 'US-C' })).resolves.toEqual({
      name: APP.name,
      region: APP.region,
    });
    expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'POST /headless/v1/accounts/demo/apps?appId=web',
      'GET /headless/v1/accounts/demo/apps/web',
    ]);
    expect(JSON.parse(sent[0]!.body!)).toEqual({ region: 'regions/US-C', uploadable: {} });
  });

  it('counts a 409 as success when the existing app has the same region (e.g. after a reset retry)', async () => {
    const { c, sent } = client((req) => (req.method === 'POST' ? ALREADY : reply(200, APP)));
    await expect(c.createApp({ account: 'demo', app: 'web', region: 'regions/US-C' })).resolves.toEqual({
      name: APP.name,
      region: APP.region,
    });
    expect(sent).toHaveLength(2);
  });

  it('is a Conflict naming both regions when the existing app is elsewhere', async () => {
    const { c } = client((req) => (req.method === 'POST' ? ALREADY : reply(200, { ...APP, region: 'regions/EU-W' })));
    const err = (await c
      .createApp({ account: 'demo', app: 'web', region: 'US-C' })
      .catch((e: unknown) => e)) as Conflict;
    expect(err).toBeInstanceOf(Conflict);
    expect(err.status).toBe(409);
    expect(err.message).toBe(
      'POST /v1/accounts/demo/apps: conflict (409): app web already exists; ' +
        'app "web" exists in regions/EU-W, not regions/US-C; use that region or another app id',
    );
  });

  it('passes other errors through', async () => {
    const { c } = client(() => reply(404, { error: { code: 404, message: 'account nope not found' } }));
    await expect(c.createApp({ account: 'nope', app: 'web', region: 'UK' })).rejects.toBeInstanceOf(NotFound);
  });
});

describe('environments and operations', () => {
  const env = { account: 'demo', app: 'web', environment: 'env-1' };

  it('patches with the whole record, every field named in updateMask', async () => {
    const { c, sent } = client(() => reply(200, { name: 'op', done: false }));
    await c.patchEnvironment(env, {
      displayName: 'staging',
      branch: 'uploadable',
      cmsEnvironment: 'demoprod',
      shellVariables: [{ key: 'A', value: '1' }],
    });
    expect(sent[0]!.method).toBe('PATCH');
    expect(sent[0]!.url.searchParams.get('updateMask')).toBe('displayName,branch,cmsEnvironment,shellVariables');
    // A server that replaces the record clears nothing: every field goes, empty ones too.
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      displayName: 'staging',
      branch: 'uploadable',
      cmsEnvironment: 'demoprod',
      shellVariables: [{ key: 'A', value: '1' }],
    });
  });

  it('sends an empty cms install and no variables as such, not by leaving them out', async () => {
    const { c, sent } = client(() => reply(204));
    const op = await c.patchEnvironment(env, {
      displayName: 'x',
      branch: 'uploadable',
      cmsEnvironment: '',
      shellVariables: [],
    });
    expect(op).toBeUndefined();
    expect(JSON.parse(sent[0]!.body!)).toEqual({
      displayName: 'x',
      branch: 'uploadable',
      cmsEnvironment: '',
      shellVariables: [],
    });
  });

  it('gets an operation by its full name under the headless base', async () => {
    const name = 'accounts/demo/apps/web/environments/env-1/operations/no_build';
    const { c, sent } = client(() => reply(200, { name, done: true }));
    await c.getOperation(name);
    expect(sent[0]!.url.href).toBe(`https://h.example/headless/v1/${name}`);
  });

  it('refuses an operation name of the wrong form', () => {
    expect(() => parseOperationName('operations/123')).toThrow(/not of the form accounts\/\{account\}/);
    expect(parseOperationName('accounts/a/apps/b/environments/c/operations/d')).toEqual({
      account: 'a',
      app: 'b',
      environment: 'c',
      operation: 'd',
    });
  });

  it.each([
    'accounts/../apps/b/environments/c/operations/d',
    'accounts/a/apps/b/environments/../operations/..',
    'accounts/a/apps/b/environments/%2e%2e/operations/d',
    'accounts/a/apps/b/environments/c/operations/.',
  ])('refuses an operation name with a dot segment, %s, and sends nothing', async (name) => {
    const { c, sent } = client(() => reply(200, { name, done: true }));
    await expect(c.getOperation(name)).rejects.toThrow(
      /^operation name ".*" is not of the form .*no request was sent$/,
    );
    expect(sent).toHaveLength(0);
  });

  it('escapes a server-made operation name it refuses', () => {
    expect(() => parseOperationName('x\u001b[31m\u202e')).toThrow(/"x\\u001b\[31m\\u202e"/);
  });

  it('normalises regions', () => {
    expect(regionName('US-C')).toBe('regions/US-C');
    expect(regionName('regions/UK')).toBe('regions/UK');
  });
});

describe('hosting bodies', () => {
  it('wraps a new account user as {user: …}', async () => {
    const { c, sent } = client(() => reply(201, { message: 'ok', account_user: {} }));
    const user = { account_id: 'acc', first_name: 'A', last_name: 'B', email: 'a@b.c', roles: 'full' as const };
    await c.createAccountUser('acc', user);
    expect(sent[0]!.url.pathname).toBe('/v1/accounts/acc/account_users');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ user });
  });

  it('posts verification with no body', async () => {
    const { c, sent } = client(() => reply(200, { id: 'd' }));
    await c.verifyDomain('inst', 'dom');
    expect(sent[0]!.body).toBeUndefined();
    expect(sent[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('webhooks', () => {
  const TOKEN = 'tok-abc-123';

  it('triggers by parts: token in the query, no Basic credentials, action literal in the path', async () => {
    const { c, sent } = client(() => reply(200, {}));
    await expect(
      c.triggerWebhook({ account: 'demo', app: 'web', environment: 'env-1', action: 'cleanRebuild', token: TOKEN }),
    ).resolves.toEqual({ status: 200 });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.href).toBe(
      `https://h.example/headless/wh/v1/accounts/demo/apps/web/environments/env-1/webhooks/webhook:cleanRebuild?token=${TOKEN}`,
    );
    expect(sent[0]!.headers.authorization).toBeUndefined();
  });

  it('uses a whole URL as it is', async () => {
    const { c, sent } = client(() => reply(200, {}));
    const url = `https://hooks.example/wh/v1/accounts/x/apps/y/environments/z/webhooks/webhook:purgeCache?token=${TOKEN}`;
    await c.triggerWebhook({ url });
    expect(sent[0]!.url.href).toBe(url);
  });

  it('refuses a plain-http URL to another host without echoing it', async () => {
    const { c, sent } = client(() => reply(200, {}));
    const err = await c.triggerWebhook({ url: `http://hooks.example/wh/v1/x?token=${TOKEN}` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnsafeUrlError);
    expect((err as Error).message).toMatch(/webhook-url uses plain http to hooks.example; use https/);
    expect((err as Error).message).not.toContain(TOKEN);
    expect(sent).toHaveLength(0);
  });

  it('refuses a malformed URL without echoing it', async () => {
    const { c } = client(() => reply(200, {}));
    const err = (await c.triggerWebhook({ url: `nope ${TOKEN}` }).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/webhook-url is not a URL/);
    expect(err.message).not.toContain(TOKEN);
  });
});
