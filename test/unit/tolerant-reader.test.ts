/**
 * Every operation whose answer the spec leaves open, fed each answer a server may give: no body,
 * `{}`, the emulator's shape, and JSON of another shape. What the client returns is what a step
 * can rely on; none of these answers may throw for work the service accepted, nor be retried.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/api/client.js';
import {
  AuthenticationError,
  BadRequest,
  NotFound,
  ServiceUnavailable,
  UnexpectedAnswer,
  WrongServer,
} from '../../src/api/errors.js';
import { readEnvironment, readOperation } from '../../src/api/read-answer.js';
import { VirtualClock } from '../../src/util/clock.js';
import type { TransportResponse } from '../../src/api/transport.js';
import { fakeTransport, reply } from './helpers/fake-transport.js';

const ENV = 'accounts/demo/apps/web/environments/6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80';
const REF = { account: 'demo', app: 'web', environment: '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80' };
const OPERATION = {
  name: `${ENV}/operations/no_build`,
  metadata: {
    '@type': 'type.googleapis.com/headless.v1.UpdateEnvironmentMetadata',
    build: `${ENV}/builds/no_build`,
    deployment: '',
  },
  done: false,
};
const dir = mkdtempSync(join(tmpdir(), 'tolerant-reader-'));
const zip = join(dir, 'app.zip');
writeFileSync(zip, 'PK\u0005\u0006' + '\0'.repeat(18));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (status: number, body: string): TransportResponse => ({ status, headers: {}, body });

function client(answer: TransportResponse) {
  const { transport, sent } = fakeTransport(async (req) => {
    // The upload's body is read whole, as a server would, so no file stays open past the test.
    if (req.body && typeof req.body !== 'string') for await (const _ of req.body) void _;
    return answer;
  });
  const c = createClient({
    hostingUrl: 'https://h.example',
    headlessUrl: 'https://h.example/headless',
    credentials: { userId: 'u', password: 'password' },
    transport,
    clock: new VirtualClock(),
    retry: { random: () => 0 },
  });
  return { c, sent };
}

type Call = (c: Client) => Promise<unknown>;
const RECORD = { displayName: 'staging', branch: 'uploadable', cmsEnvironment: '', shellVariables: [] };
const calls: Record<string, Call> = {
  upload: (c) => c.uploadEnvironment(REF, zip),
  'install copy': (c) =>
    c.createInstallCopy({ source_environment_id: 'a', destination_environment_id: 'b', custom_options: {} }),
  'create environment': (c) => c.createEnvironment(REF, { displayName: 'staging', branch: 'uploadable' }),
  'patch environment': (c) => c.patchEnvironment(REF, RECORD),
  'delete environment': (c) => c.deleteEnvironment(REF),
  'delete app': (c) => c.deleteApp(REF),
  'verify domain': (c) => c.verifyDomain('i', 'd'),
  'order ssl': (c) =>
    c.orderSslCertificate('i', 'd', { email_address: 'a@b.c', given_name: 'a', family_name: 'b', region_code: 'GB' }),
  webhook: (c) => c.triggerWebhook({ ...REF, action: 'purgeCache', token: 'secret-token' }),
};

/** What each call answers, by the answer it was given. */
const expected: Record<string, Record<'none' | 'empty' | 'contract' | 'other', unknown>> = {
  upload: { none: undefined, empty: undefined, contract: { name: OPERATION.name, done: false }, other: undefined },
  'install copy': { none: {}, empty: {}, contract: { id: 'c0ffee00-0000-4000-8000-000000000001' }, other: {} },
  'create environment': {
    none: undefined,
    empty: undefined,
    contract: { name: OPERATION.name, done: false },
    other: undefined,
  },
  'patch environment': {
    none: undefined,
    empty: undefined,
    contract: { name: OPERATION.name, done: false },
    other: undefined,
  },
  'delete environment': { none: undefined, empty: undefined, contract: undefined, other: undefined },
  'delete app': { none: undefined, empty: undefined, contract: undefined, other: undefined },
  'verify domain': {
    none: undefined,
    empty: undefined,
    contract: { id: 'd', name: 'www.example.org' },
    other: undefined,
  },
  'order ssl': { none: undefined, empty: undefined, contract: undefined, other: undefined },
  webhook: { none: { status: 200 }, empty: { status: 200 }, contract: { status: 200 }, other: { status: 200 } },
};

const contractBody: Record<string, unknown> = {
  upload: OPERATION,
  'install copy': { id: 'c0ffee00-0000-4000-8000-000000000001', status: 'pending' },
  'create environment': OPERATION,
  'patch environment': OPERATION,
  'delete environment': {},
  'delete app': {},
  'verify domain': { id: 'd', name: 'www.example.org', duplicate: false, primary: false, secure_all_urls: false },
  'order ssl': {},
  webhook: {},
};
const status: Record<string, number> = { 'install copy': 202, 'order ssl': 202 };

describe.each(Object.keys(calls))('%s', (name) => {
  const ok = status[name] ?? 200;
  const answers: [keyof (typeof expected)[string], TransportResponse][] = [
    ['none', reply(name.startsWith('delete') ? 204 : ok)],
    ['empty', reply(ok, {})],
    ['contract', reply(ok, contractBody[name])],
    ['other', reply(ok, { result: { id: 42 }, items: ['x'] })],
  ];
  it.each(answers)('answered %s: accepted, sent once', async (kind, answer) => {
    const { c, sent } = client(answer);
    const got = await calls[name]!(c);
    const want = expected[name]![kind];
    if (want === undefined) expect(got).toBeUndefined();
    else expect(got).toMatchObject(want as object);
    expect(sent).toHaveLength(1);
  });

  it('an HTML page with a success status is not the API', async () => {
    const { c, sent } = client(text(ok, '<!doctype html><title>Sign in</title>'));
    await expect(calls[name]!(c)).rejects.toBeInstanceOf(WrongServer);
    expect(sent).toHaveLength(1);
  });
});

describe('the webhook trigger', () => {
  it.each(['OK', 'Triggered\n', 'purge queued for 3 hosts'])('answered %j in plain text: triggered', async (body) => {
    const { c } = client(text(200, body));
    await expect(c.triggerWebhook({ ...REF, action: 'rebuild', token: 'secret-token' })).resolves.toEqual({
      status: 200,
    });
  });

  it('answered a long text: not the API (a page, not a word)', async () => {
    const { c } = client(text(200, 'x'.repeat(1025)));
    await expect(c.triggerWebhook({ ...REF, action: 'rebuild', token: 'secret-token' })).rejects.toBeInstanceOf(
      WrongServer,
    );
  });

  it('a plain-text answer is allowed to the webhook only', async () => {
    const { c } = client(text(200, 'OK'));
    await expect(c.deleteApp(REF)).rejects.toBeInstanceOf(WrongServer);
  });
});

describe('records the caller needs', () => {
  it.each([
    ['no body', reply(200)],
    ['{}', reply(200, {})],
    ['another shape', reply(200, { environment: { id: 'x' } })],
  ])('get environment answered %s: an UnexpectedAnswer, not a crash', async (_kind, answer) => {
    const { c } = client(answer);
    const err = await c.getEnvironment(REF).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedAnswer);
    expect((err as Error).message).toContain('the answer holds no environment');
  });

  it('get operation answered {}: not done, under the name polled; no body: undefined (the wait polls again)', async () => {
    const { c } = client(reply(200, {}));
    // No name, no done: nothing is known of the build. With a name missing, the name polled stands in.
    await expect(c.getOperation(OPERATION.name)).resolves.toEqual({
      name: OPERATION.name,
      done: false,
      metadata: {},
    });
    const none = client(reply(200));
    await expect(none.c.getOperation(OPERATION.name)).resolves.toBeUndefined();
  });

  it('lists skip records without a name and keep the rest', async () => {
    const { c } = client(
      reply(200, { environments: [{ displayName: 'nameless' }, { name: ENV, displayName: 'staging' }, 'x'] }),
    );
    const page = await c.listEnvironments(REF);
    expect(page.environments.map((e) => e.displayName)).toEqual(['staging']);
    expect(page.nextPageToken).toBeUndefined();
  });
});

describe('readOperation', () => {
  it('marks an operation with an error done, even when done is left out', () => {
    expect(readOperation({ name: 'n', error: { message: 'Build failed: x' } })).toEqual({
      name: 'n',
      done: true,
      metadata: {},
      error: { code: undefined, message: 'Build failed: x' },
    });
  });

  it('reads empty build and deployment names as absent', () => {
    expect(readOperation({ name: 'n', done: false, metadata: { build: '', deployment: '' } })?.metadata).toEqual({
      build: undefined,
      deployment: undefined,
    });
  });

  it.each([null, [], 'x', 3, {}, { name: '' }, { name: 7 }])('%j holds no operation', (value) => {
    expect(readOperation(value)).toBeUndefined();
  });
});

describe('readEnvironment', () => {
  it('reads fields left out as protobuf JSON means them: empty', () => {
    expect(readEnvironment({ name: ENV })).toEqual({
      name: ENV,
      displayName: '',
      branch: '',
      cmsEnvironment: '',
      shellVariables: [],
    });
  });

  it('keeps only well-formed shell variables; a value left out is empty', () => {
    const env = readEnvironment({
      name: ENV,
      shellVariables: [{ key: 'A', value: '1' }, { key: 'B' }, { value: 'x' }, 5],
    });
    expect(env?.shellVariables).toEqual([
      { key: 'A', value: '1' },
      { key: 'B', value: '' },
    ]);
  });

  it('refuses a name that is not an environment', () => {
    expect(readEnvironment({ name: 'accounts/demo/apps/web' })).toBeUndefined();
  });
});

describe('error bodies: the status decides, whatever the body', () => {
  it.each([
    ['google.rpc', { error: { code: 400, message: 'displayName is required', status: 'INVALID_ARGUMENT' } }],
    ['hosting', { message: 'displayName is required' }],
    ['absent', undefined],
  ])('400 with a %s body is a BadRequest', async (_kind, body) => {
    const { c } = client(reply(400, body));
    const err = await c.patchEnvironment(REF, RECORD).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadRequest);
    if (body) expect((err as Error).message).toContain('displayName is required');
  });

  it.each([
    [401, AuthenticationError],
    [503, ServiceUnavailable],
  ])('%i with no body is its outcome', async (code, Cls) => {
    const { c } = client(reply(code));
    await expect(c.deleteApp(REF)).rejects.toBeInstanceOf(Cls);
  });

  it('404 with the headless shape is NotFound', async () => {
    const found = client(reply(404, { error: { code: 404, message: 'no such environment', status: 'NOT_FOUND' } }));
    await expect(found.c.getEnvironment(REF)).rejects.toBeInstanceOf(NotFound);
  });
});

describe('hosting page links', () => {
  it('walks every page whether next is a path or an absolute URL on the same origin', async () => {
    const site = (n: number) => ({ id: `s${n}`, name: `site${n}`, account: { id: 'a' } });
    const pages: Record<string, unknown> = {
      '0': { previous: null, next: 'https://h.example/api/v1/sites?limit=1&offset=1', count: 3, results: [site(0)] },
      '1': {
        previous: 'https://h.example/api/v1/sites?limit=1&offset=0',
        next: '/v1/sites?limit=1&offset=2',
        count: 3,
        results: [site(1)],
      },
      '2': { previous: '/v1/sites?limit=1&offset=1', next: null, count: 3, results: [site(2)] },
    };
    const { transport, sent } = fakeTransport((req) => reply(200, pages[req.url.searchParams.get('offset') ?? '0']));
    const c = createClient({
      hostingUrl: 'https://h.example/api',
      credentials: { userId: 'u', password: 'password' },
      transport,
      clock: new VirtualClock(),
    });
    const names: string[] = [];
    for await (const s of c.iterateSites({ limit: 1 })) names.push(s.name);
    expect(names).toEqual(['site0', 'site1', 'site2']);
    expect(sent.map((s) => s.url.href)).toEqual([
      'https://h.example/api/v1/sites?limit=1',
      'https://h.example/api/v1/sites?limit=1&offset=1',
      'https://h.example/api/v1/sites?limit=1&offset=2',
    ]);
  });
});
