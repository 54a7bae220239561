/**
 * The requests of src/api/headless.ts (and the hosting bodies that need care) as they reach the
 * server: paths, queries and bodies, the create-app 409 read back, operation names from the
 * server checked before any request, and webhooks with their token in the query only.
 */
import { describe, expect, it } from 'vitest';
import { regionName } from '../../src/api/headless.js';
import { parseOperationName } from '../../src/api/operation-name.js';
import { failure, fakeClient } from './helpers/fake-client.js';
import { reply } from './helpers/fake-transport.js';

const APP = { name: 'accounts/demo/apps/web', region: 'regions/US-C', createTime: '2026-01-01T00:00:00Z' };
const ALREADY = reply(409, { error: { code: 409, message: 'app web already exists', status: 'ALREADY_EXISTS' } });
const ENV = { account: 'demo', app: 'web', environment: 'env-1' };

describe('createApp', () => {
  it('posts appId and the exact body, then reads the app back (the create answers no body); other errors pass', async () => {
    const { c, sent } = fakeClient((req) => (req.method === 'POST' ? reply(200) : reply(200, APP)));
    await expect(c.createApp({ account: 'demo', app: 'web', region: 'US-C' })).resolves.toEqual({
      name: APP.name,
      region: APP.region,
    });
    expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'POST /headless/v1/accounts/demo/apps?appId=web',
      'GET /headless/v1/accounts/demo/apps/web',
    ]);
    expect(JSON.parse(sent[0]!.body!)).toEqual({ region: 'regions/US-C', uploadable: {} });
    const missing = fakeClient(reply(404, { error: { code: 404, message: 'account nope not found' } }));
    expect((await failure(missing.c.createApp({ account: 'nope', app: 'web', region: 'UK' }))).name).toBe('NotFound');
  });

  // A 409 is read back: the app in the same region (after a reset retry, say) is its own success.
  it.each([
    ['regions/US-C', undefined],
    ['regions/EU-W', 'app web already exists; app "web" exists in regions/EU-W, not regions/US-C; use that region'],
  ])('reads the app back after a 409: one in %s', async (region, conflict) => {
    const { c, sent } = fakeClient((req) => (req.method === 'POST' ? ALREADY : reply(200, { ...APP, region })));
    const created = c.createApp({ account: 'demo', app: 'web', region: 'US-C' });
    if (conflict) expect((await failure(created)).message).toContain(`conflict (409): ${conflict}`);
    else await expect(created).resolves.toEqual({ name: APP.name, region });
    expect(sent).toHaveLength(2);
  });

  it('normalises regions', () => {
    expect(regionName('US-C')).toBe('regions/US-C');
    expect(regionName('regions/UK')).toBe('regions/UK');
  });
});

describe('environments and operations', () => {
  // A server that replaces the record clears nothing: every field goes, empty ones too, each named in updateMask.
  it.each([
    [
      {
        displayName: 'staging',
        branch: 'uploadable',
        cmsEnvironment: 'demoprod',
        shellVariables: [{ key: 'A', value: '1' }],
      },
    ],
    [{ displayName: 'x', branch: 'uploadable', cmsEnvironment: '', shellVariables: [] }],
  ])('patches with the whole record %j', async (record) => {
    const { c, sent } = fakeClient(reply(204));
    await expect(c.patchEnvironment(ENV, record)).resolves.toBeUndefined();
    expect(sent[0]!.method).toBe('PATCH');
    expect(sent[0]!.url.searchParams.get('updateMask')).toBe('displayName,branch,cmsEnvironment,shellVariables');
    expect(JSON.parse(sent[0]!.body!)).toEqual(record);
  });

  it('gets an operation by its full name under the headless base', async () => {
    const name = 'accounts/demo/apps/web/environments/env-1/operations/no_build';
    const { c, sent } = fakeClient(reply(200, { name, done: true }));
    await c.getOperation(name);
    expect(sent[0]!.url.href).toBe(`https://api.example/headless/v1/${name}`);
  });

  it('reads an operation name of the form accounts/{a}/apps/{b}/environments/{c}/operations/{d} only', () => {
    expect(parseOperationName('accounts/a/apps/b/environments/c/operations/d')).toEqual({
      account: 'a',
      app: 'b',
      environment: 'c',
      operation: 'd',
    });
    expect(() => parseOperationName('operations/123')).toThrow(/not of the form accounts\/\{account\}/);
    // A name from the server is escaped in the message.
    expect(() => parseOperationName('x\u001b[31m\u202e')).toThrow(/"x\\u001b\[31m\\u202e"/);
  });

  it.each([
    'accounts/../apps/b/environments/c/operations/d',
    'accounts/a/apps/b/environments/../operations/..',
    'accounts/a/apps/b/environments/%2e%2e/operations/d',
    'accounts/a/apps/b/environments/c/operations/.',
  ])('refuses an operation name with a dot segment, %s, and sends nothing', async (name) => {
    const { c, sent } = fakeClient(reply(200, { name, done: true }));
    await expect(c.getOperation(name)).rejects.toThrow(
      /^operation name ".*" is not of the form .*no request was sent$/,
    );
    expect(sent).toHaveLength(0);
  });
});

describe('hosting bodies', () => {
  it('wraps a new account user as {user: …}', async () => {
    const { c, sent } = fakeClient(reply(201, { message: 'ok', account_user: {} }));
    const user = { account_id: 'acc', first_name: 'A', last_name: 'B', email: 'a@b.c', roles: 'full' as const };
    await c.createAccountUser('acc', user);
    expect(sent[0]!.url.pathname).toBe('/v1/accounts/acc/account_users');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ user });
  });

  it('posts verification with no body', async () => {
    const { c, sent } = fakeClient(reply(200, { id: 'd' }));
    await c.verifyDomain('inst', 'dom');
    expect(sent[0]!.body).toBeUndefined();
    expect(sent[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('webhooks', () => {
  const TOKEN = 'tok-abc-123';

  it('triggers by parts: token in the query, no Basic credentials, action literal in the path', async () => {
    const { c, sent } = fakeClient(reply(200, {}));
    await expect(c.triggerWebhook({ ...ENV, action: 'cleanRebuild', token: TOKEN })).resolves.toEqual({ status: 200 });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.href).toBe(
      `https://api.example/headless/wh/v1/accounts/demo/apps/web/environments/env-1/webhooks/webhook:cleanRebuild?token=${TOKEN}`,
    );
    expect(sent[0]!.headers.authorization).toBeUndefined();
  });

  it('uses a whole URL as it is', async () => {
    const { c, sent } = fakeClient(reply(200, {}));
    const url = `https://hooks.example/wh/v1/accounts/x/apps/y/environments/z/webhooks/webhook:purgeCache?token=${TOKEN}`;
    await c.triggerWebhook({ url });
    expect(sent[0]!.url.href).toBe(url);
  });

  it.each([
    [`http://hooks.example/wh/v1/x?token=${TOKEN}`, /^webhook-url uses plain http to hooks\.example; use https/],
    [`nope ${TOKEN}`, /^webhook-url is not a URL/],
  ])('refuses %s before any request, without echoing it', async (url, message) => {
    const { c, sent } = fakeClient(reply(200, {}));
    const err = await failure<Error>(c.triggerWebhook({ url }));
    expect(err.name).toBe('UnsafeUrlError');
    expect(err.message).toMatch(message);
    expect(err.message).not.toContain(TOKEN);
    expect(sent).toHaveLength(0);
  });
});
