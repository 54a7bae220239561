import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import {
  ApiError,
  CancelledError,
  Conflict,
  InternalServerError,
  NetworkError,
  ServiceUnavailable,
  TimeoutError,
  UpstreamInvalid,
} from '../../src/api/errors.js';
import type { ClientEvent } from '../../src/api/events.js';
import { VirtualClock } from '../../src/util/clock.js';
import { fail, fakeTransport, reply, sequence } from './helpers/fake-transport.js';

const PASSWORD = 'pa55-w0rd-secret';
const USER = 'api-user-7';

function client(transport: ClientOptions['transport'], over: Partial<ClientOptions> = {}) {
  const clock = new VirtualClock(0);
  const c = createClient({
    hostingUrl: 'https://hosting.example/',
    headlessUrl: 'https://api.example/headless',
    credentials: { userId: USER, password: PASSWORD },
    clock,
    transport,
    retry: { random: () => 0.5 },
    ...over,
  });
  return { c, clock };
}

describe('retries of safe requests', () => {
  it('retries a GET on 503 with full-jitter backoff until it succeeds', async () => {
    const { transport, sent } = sequence(reply(503), reply(503), reply(200, { results: [], next: null }));
    const { c, clock } = client(transport);
    await expect(c.listInstalls()).resolves.toEqual({ results: [], next: null });
    expect(sent).toHaveLength(3);
    expect(clock.now()).toBe(250 + 500); // 0.5 × 500, 0.5 × 1000
  });

  it('waits exactly what Retry-After asks', async () => {
    const { transport } = sequence(reply(429, { message: 'slow down' }, { 'retry-after': '3' }), reply(200, {}));
    const { c, clock } = client(transport);
    await c.getAccountLimits('acc');
    expect(clock.now()).toBe(3000);
  });

  it('gives up after the last attempt with the outcome, the count and the server message', async () => {
    const { transport, sent } = sequence(reply(503, { message: 'Maintenance window' }));
    const { c } = client(transport);
    const err = await c.listSites().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnavailable);
    expect(sent).toHaveLength(5);
    expect((err as ServiceUnavailable).attempts).toBe(5);
    expect((err as Error).message).toBe(
      'GET /v1/sites: service unavailable (503) after 5 attempts: maintenance window; ' +
        'the service is down or overloaded, try again later',
    );
  });

  it('stops when the time budget is spent', async () => {
    const { transport, sent } = sequence(reply(503, undefined, { 'retry-after': '20' }));
    const { c, clock } = client(transport, { retry: { budgetMs: 45_000, random: () => 0.5 } });
    await expect(c.listSshKeys()).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(sent).toHaveLength(3); // at 0, 20 s, 40 s; a wait to 60 s would pass the budget
    expect(clock.now()).toBe(40_000);
  });

  it('retries PATCH and DELETE on 502 and a broken answer', async () => {
    const patch = sequence(reply(502), reply(200, { name: 'op', done: false }));
    await client(patch.transport).c.patchEnvironment(
      { account: 'a', app: 'b', environment: 'c' },
      { displayName: 'd', branch: 'x', cmsEnvironment: '', shellVariables: [] },
    );
    expect(patch.sent).toHaveLength(2);
    const del = sequence(fail('broken'), reply(200, {}));
    await client(del.transport).c.deleteApp({ account: 'a', app: 'b' });
    expect(del.sent).toHaveLength(2);
  });

  it('retries an idempotent POST (domain verification) on 500', async () => {
    const { transport, sent } = sequence(reply(500), reply(200, { id: 'd', name: 'www.example.org' }));
    await expect(client(transport).c.verifyDomain('i', 'd')).resolves.toMatchObject({ id: 'd' });
    expect(sent).toHaveLength(2);
  });

  it('reports a timeout of a GET after its retries as TimeoutError', async () => {
    const { transport, sent } = sequence(fail('timeout'));
    const err = await client(transport, { retry: { attempts: 2 } })
      .c.getApp({ account: 'a', app: 'b' })
      .catch((e: unknown) => e);
    expect(sent).toHaveLength(2);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).message).toMatch(
      /^GET \/v1\/accounts\/a\/apps\/b: no answer from [^:]+: .* after 2 attempts.*check headless-api-url/,
    );
  });
});

describe('POSTs that could double an effect', () => {
  it('does not retry a create on 500, and says it may have taken effect', async () => {
    const { transport, sent } = sequence(reply(500, { message: 'boom' }), reply(201, {}));
    const err = await client(transport)
      .c.createSite({ name: 's', account_id: 'a' })
      .catch((e: unknown) => e);
    expect(sent).toHaveLength(1);
    expect(err).toBeInstanceOf(InternalServerError);
    expect((err as ApiError).mayHaveSucceeded).toBe(true);
    expect((err as Error).message).toContain('may have taken effect');
  });

  it('does not retry an install copy on 502', async () => {
    const { transport, sent } = sequence(reply(502));
    const err = await client(transport)
      .c.createInstallCopy({ source_environment_id: 'a', destination_environment_id: 'b' })
      .catch((e: unknown) => e);
    expect(sent).toHaveLength(1);
    expect(err).toBeInstanceOf(UpstreamInvalid);
  });

  it('retries a create on 429, 503 and a refused connection, which the server cannot have acted on', async () => {
    const { transport, sent } = sequence(
      reply(429),
      reply(503),
      fail('refused', 'ECONNREFUSED'),
      reply(201, { id: 's' }),
    );
    await expect(client(transport).c.createSite({ name: 's', account_id: 'a' })).resolves.toEqual({ id: 's' });
    expect(sent).toHaveLength(4);
  });

  it('reports a refused connection as a NetworkError that cannot have succeeded', async () => {
    const { transport } = sequence(fail('refused', 'ECONNREFUSED'));
    const err = (await client(transport, { retry: { attempts: 2 } })
      .c.createSite({ name: 's', account_id: 'a' })
      .catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.mayHaveSucceeded).toBe(false);
    expect(err.code).toBe('ECONNREFUSED');
    expect(err.message).toMatch(
      /^POST \/v1\/sites: could not connect to hosting\.example \(ECONNREFUSED\) after 2 attempts; check api-url/,
    );
  });

  it('retries createEnvironment after a reset; a 409 then may be its own success', async () => {
    const { transport, sent } = sequence(
      fail('reset', 'ECONNRESET'),
      reply(409, { error: { code: 409, message: 'display name taken', status: 'ALREADY_EXISTS' } }),
    );
    const err = (await client(transport)
      .c.createEnvironment({ account: 'a', app: 'b' }, { displayName: 'prod', branch: 'uploadable' })
      .catch((e: unknown) => e)) as Conflict;
    expect(sent).toHaveLength(2);
    expect(err).toBeInstanceOf(Conflict);
    expect(err.mayHaveSucceeded).toBe(true);
    expect(err.code).toBe('ALREADY_EXISTS');
  });

  it('does not retry a create that timed out', async () => {
    const { transport, sent } = sequence(fail('timeout'));
    const err = (await client(transport)
      .c.createEnvironment({ account: 'a', app: 'b' }, { displayName: 'p', branch: 'uploadable' })
      .catch((e: unknown) => e)) as TimeoutError;
    expect(sent).toHaveLength(1);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.mayHaveSucceeded).toBe(true);
  });

  it('does not retry a 4xx', async () => {
    const { transport, sent } = sequence(reply(400, { message: 'bad', errors: [{ field: 'name' }] }));
    await expect(client(transport).c.createSite({ name: '', account_id: 'a' })).rejects.toMatchObject({
      name: 'BadRequest',
      errors: [{ field: 'name' }],
    });
    expect(sent).toHaveLength(1);
  });
});

describe('cancellation', () => {
  it('stops retrying when the signal aborts during the wait', async () => {
    const ac = new AbortController();
    const { transport, sent } = sequence(reply(503));
    const { c } = client(transport, { signal: ac.signal, onRetry: () => ac.abort(new Error('job cancelled')) });
    const err = await c.listInstalls().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect((err as CancelledError).name).toBe('CancelledError');
    expect(sent).toHaveLength(1);
  });

  it('sends nothing when already cancelled', async () => {
    const { transport, sent } = sequence(reply(200, {}));
    const err = await client(transport)
      .c.getAccountLimits('a', { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect(sent).toHaveLength(0);
  });

  it('maps a transport cancellation to CancelledError, not retried', async () => {
    const { transport, sent } = sequence(fail('cancelled'));
    await expect(client(transport).c.listInstalls()).rejects.toBeInstanceOf(CancelledError);
    expect(sent).toHaveLength(1);
  });
});

describe('requests as sent', () => {
  it('sends Basic credentials, JSON headers and the body to the prefixed base', async () => {
    const { transport, sent } = sequence(reply(201, { id: 's' }));
    await client(transport, { userAgent: 'test-agent' }).c.createSite({ name: 's', account_id: 'a' });
    const [s] = sent;
    expect(s!.url.href).toBe('https://hosting.example/v1/sites');
    expect(s!.headers.authorization).toBe(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    expect(s!.headers['content-type']).toBe('application/json');
    expect(s!.headers['user-agent']).toBe('test-agent');
    expect(JSON.parse(s!.body!)).toEqual({ name: 's', account_id: 'a' });
  });

  it('reports requests, responses and retries to the logger, and retries to onRetry', async () => {
    const events: ClientEvent[] = [];
    const retries: ClientEvent[] = [];
    const { transport } = sequence(reply(503), reply(200, {}));
    await client(transport, { logger: (e) => events.push(e), onRetry: (e) => retries.push(e) }).c.getAccountLimits('a');
    expect(events.map((e) => e.type)).toEqual(['request', 'response', 'retry', 'request', 'response']);
    expect(retries).toEqual([
      { type: 'retry', method: 'GET', path: '/v1/accounts/a/limits', attempt: 1, delayMs: 250, reason: 'status 503' },
    ]);
  });

  it('says which base URL is missing', async () => {
    const { transport } = sequence(reply(200, {}));
    const c = createClient({
      headlessUrl: 'https://h.example',
      credentials: { userId: 'u', password: 'p' },
      transport,
    });
    await expect(c.listInstalls()).rejects.toThrow('api-url is not set; it is needed for GET /v1/installs');
  });

  it('refuses Basic routes without credentials', async () => {
    const { transport, sent } = sequence(reply(200, {}));
    const c = createClient({ hostingUrl: 'https://h.example', credentials: { userId: '', password: '' }, transport });
    await expect(c.listSites()).rejects.toThrow(/api-user-id and api-password are needed/);
    expect(sent).toHaveLength(0);
  });

  it('refuses a 2xx answer that is not JSON', async () => {
    const { transport } = sequence({ status: 200, headers: {}, body: '<html>' });
    await expect(client(transport).c.getAccountLimits('a')).rejects.toThrow(
      /this does not look like the hosting API \(200\); it answered with an HTML page; check api-url$/,
    );
  });

  it('reports a failure to read the request body as a plain error, without retrying', async () => {
    const { transport, sent } = sequence(fail('body', 'ENOENT'));
    const err = await client(transport)
      .c.verifyDomain('i', 'd')
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as Error).message).toMatch(/reading the request body failed/);
    expect(sent).toHaveLength(1);
  });
});

describe('secrets never leak', () => {
  const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
  const TOKEN = 'wh-tok-9f8e7d6c';
  const leaks = (e: unknown) => {
    const text = JSON.stringify(e) + inspect(e, { depth: 10, showHidden: true }) + String(e);
    return [PASSWORD, basic, TOKEN].filter((s) => text.includes(s));
  };

  it('redacts the password echoed by the server, in message, fields and cause', async () => {
    const { transport } = sequence(
      reply(401, { message: `bad password ${PASSWORD} for ${basic}`, errors: [{ message: PASSWORD }] }),
    );
    const err = await client(transport)
      .c.listInstalls()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AuthenticationError', status: 401 });
    expect(leaks(err)).toEqual([]);
  });

  it('keeps the webhook token out of errors, paths and causes', async () => {
    const failing = sequence(
      Object.assign(fail('refused', 'ECONNREFUSED'), { message: `connect failed for ?token=${TOKEN} ${TOKEN}` }),
    );
    const err = await client(failing.transport, { retry: { attempts: 1 } })
      .c.triggerWebhook({ account: 'a', app: 'b', environment: 'c', action: 'rebuild', token: TOKEN })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).path).toBe('/wh/v1/accounts/a/apps/b/environments/c/webhooks/webhook:rebuild');
    expect(leaks(err)).toEqual([]);
    expect(failing.sent[0]!.url.searchParams.get('token')).toBe(TOKEN);
    expect(failing.sent[0]!.headers.authorization).toBeUndefined();
  });

  it('keeps a token echoed by the server in a 401 out of the error, and advises about the token', async () => {
    const { transport } = sequence(reply(401, { error: { code: 401, message: `token ${TOKEN} is not valid` } }));
    const err = await client(transport)
      .c.triggerWebhook({ url: `https://api.example/headless/wh/v1/x/webhooks/webhook:rebuild?token=${TOKEN}` })
      .catch((e: unknown) => e);
    expect(leaks(err)).toEqual([]);
    expect((err as Error).message).toContain('check the webhook token or URL');
  });
});

describe('the request loop, case by case', () => {
  it('a signal already aborted: cancelled after no attempt, nothing sent', async () => {
    const { transport, sent } = sequence(reply(200, {}));
    const stop = new AbortController();
    stop.abort(new Error('the run was cancelled'));
    const err = await client(transport)
      .c.getOperation('accounts/a/apps/b/environments/c/operations/op', { signal: stop.signal })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect((err as CancelledError).attempts).toBe(0);
    expect(sent).toHaveLength(0);
  });

  it('tells the logger how long each attempt took, by the clock', async () => {
    const clock = new VirtualClock(50_000);
    const events: ClientEvent[] = [];
    const transport = fakeTransport(async () => {
      clock.advance(1_500);
      return reply(200, { results: [], next: null });
    }).transport;
    await client(transport, { clock, logger: (e) => events.push(e) }).c.listInstalls();
    expect(events.filter((e) => e.type === 'response')).toEqual([
      { type: 'response', method: 'GET', path: '/v1/installs', attempt: 1, status: 200, ms: 1_500 },
    ]);
  });

  it('a 300 is no success: the answer is not read as data', async () => {
    const { transport } = sequence(reply(300, { results: [], next: null }));
    const err = await client(transport, { retry: { attempts: 1 } })
      .c.listInstalls()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(300);
  });

  it('a GET that fails never may have acted; a create that fails may have', async () => {
    const get = await client(sequence(reply(500)).transport, { retry: { attempts: 1 } })
      .c.listSites()
      .catch((e: unknown) => e);
    expect((get as ApiError).mayHaveSucceeded).toBe(false);
    const post = await client(sequence(reply(500)).transport)
      .c.createSite({ name: 's', account_id: 'a' })
      .catch((e: unknown) => e);
    expect((post as ApiError).mayHaveSucceeded).toBe(true);
  });

  it('a name that does not resolve is retried once in a row: another outcome between starts the count again', async () => {
    const { transport, sent } = sequence(
      fail('dns', 'ENOTFOUND'),
      reply(503),
      fail('dns', 'ENOTFOUND'),
      reply(200, {}),
    );
    await client(transport).c.getAccountLimits('acc');
    expect(sent).toHaveLength(4);
    const twice = sequence(fail('dns', 'ENOTFOUND'), fail('dns', 'ENOTFOUND'), reply(200, {}));
    await expect(client(twice.transport).c.getAccountLimits('acc')).rejects.toBeInstanceOf(NetworkError);
    expect(twice.sent).toHaveLength(2);
  });

  it("a caller's deadline: no retry whose wait would end past it", async () => {
    // Not at zero, so that a deadline counted from the wrong end shows.
    const name = 'accounts/a/apps/b/environments/c/operations/op';
    const answers = () => sequence(reply(503, undefined, { 'retry-after': '5' }), reply(200, { name, done: true }));
    const short = answers();
    const clock = new VirtualClock(50_000);
    await expect(
      client(short.transport, { clock }).c.getOperation(name, { deadline: clock.now() + 4_000 }),
    ).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(short.sent).toHaveLength(1);
    const long = answers();
    const later = new VirtualClock(50_000);
    await expect(
      client(long.transport, { clock: later }).c.getOperation(name, { deadline: later.now() + 6_000 }),
    ).resolves.toMatchObject({ done: true });
    expect(long.sent).toHaveLength(2);
  });
});
