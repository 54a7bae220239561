/**
 * The request loop of src/api/request.ts over a scripted transport: which failed attempts each
 * kind of route repeats (a POST that could double an effect is not), what the final error says
 * and whether the request may have taken effect; waits, budgets, deadlines and cancellation;
 * the request as sent; and secrets kept out of every error.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { ApiError, CancelledError, NetworkError, ServiceUnavailable } from '../../src/api/errors.js';
import type { ClientEvent } from '../../src/api/events.js';
import { VirtualClock } from '../../src/util/clock.js';
import { failure, fakeClient, PASSWORD, USER } from './helpers/fake-client.js';
import { fail, reply, type Answer } from './helpers/fake-transport.js';

const ENV = { account: 'a', app: 'b', environment: 'c' };
const RECORD = { displayName: 'd', branch: 'x', cmsEnvironment: '', shellVariables: [] };
const OPERATION = 'accounts/a/apps/b/environments/c/operations/op';
const createSite = (c: Client) => c.createSite({ name: 's', account_id: 'a' });
const ALREADY = { error: { code: 409, message: 'display name taken', status: 'ALREADY_EXISTS' } };

const CALLS = {
  'GET sites': (c: Client) => c.listSites(),
  'GET app': (c: Client) => c.getApp(ENV),
  'GET limits': (c: Client) => c.getAccountLimits('acc'),
  'GET installs': (c: Client) => c.listInstalls(),
  'PATCH environment': (c: Client) => c.patchEnvironment(ENV, RECORD),
  'DELETE app': (c: Client) => c.deleteApp(ENV),
  'POST verify (idempotent)': (c: Client) => c.verifyDomain('i', 'd'),
  'POST site': createSite,
  'POST environment': (c: Client) => c.createEnvironment(ENV, { displayName: 'p', branch: 'uploadable' }),
  'POST copy': (c: Client) => c.createInstallCopy({ source_environment_id: 'a', destination_environment_id: 'b' }),
};
type Call = keyof typeof CALLS;
const DNS = fail('dns', 'ENOTFOUND');
const REFUSED = fail('refused', 'ECONNREFUSED');

describe('what a route does after an attempt that failed', () => {
  // Safe routes (GET, PATCH, DELETE, idempotent POSTs) repeat what the server may have acted on; an
  // unsafe POST only what it cannot have. A name that does not resolve is retried once in a row.
  it.each<[Call, string, Answer[], number]>([
    ['PATCH environment', 'a 502', [reply(502), reply(200, {})], 2],
    ['DELETE app', 'a broken answer', [fail('broken'), reply(200, {})], 2],
    ['POST verify (idempotent)', 'a 500', [reply(500), reply(200, {})], 2],
    ['GET limits', 'DNS, 503, DNS failures', [DNS, reply(503), DNS, reply(200, {})], 4],
    ['POST site', 'a 429, a 503, a refused connection', [reply(429), reply(503), REFUSED, reply(200, {})], 4],
  ])('%s succeeds after %s', async (call, _after, answers, sent) => {
    const t = fakeClient(answers);
    await expect(CALLS[call](t.c)).resolves.not.toBeInstanceOf(Error);
    expect(t.sent).toHaveLength(sent);
  });

  // Every other failure ends the call, after as many attempts as it took: whether the request may
  // have taken effect, and the message's key words (the outcome, the attempts, the input to check).
  it.each<[Call, number, string, Answer[], boolean?, RegExp?]>([
    ['GET sites', 5, 'ServiceUnavailable', [reply(503, { message: 'Maintenance' })], false, /5 attempts: maintenance;/],
    ['GET sites', 5, 'InternalServerError', [reply(500)], false],
    ['GET app', 5, 'TimeoutError', [fail('timeout')], false, /no answer from api\.example: .*check headless-api-url/],
    ['GET installs', 2, 'NetworkError', [DNS, DNS, reply(200, {})], false, /check the host name in api-url/],
    ['POST site', 5, 'NetworkError', [REFUSED], false, /connect .*\(ECONNREFUSED\) after 5 attempts; check api-url/],
    ['POST site', 1, 'InternalServerError', [reply(500), reply(201, {})], true, /may have taken effect/],
    ['POST copy', 1, 'UpstreamInvalid', [reply(502)], true],
    ['POST environment', 1, 'TimeoutError', [fail('timeout')], true],
    // A reset is retried; the 409 that follows may be the first attempt's own success.
    ['POST environment', 2, 'Conflict', [fail('reset', 'ECONNRESET'), reply(409, ALREADY)], true, /display name taken/],
    ['POST site', 1, 'BadRequest', [reply(400, { errors: [{ field: 'name' }] })], false, /check "name"/],
    ['GET installs', 1, 'WrongServer', [reply(300, { results: [], next: null })], false], // a 300 is no success
    ['GET installs', 1, 'CancelledError', [fail('cancelled')]],
    ['POST verify (idempotent)', 1, 'Error', [fail('body', 'ENOENT')], undefined, /reading the request body failed/],
  ])('%s: %i attempt(s), then a %s', async (call, sent, name, answers, mayHaveSucceeded, words) => {
    const t = fakeClient(answers);
    const err = await failure<Error>(CALLS[call](t.c));
    expect(err.name).toBe(name);
    if (err instanceof ApiError) expect(err.attempts).toBe(sent);
    else expect(name).toBe('Error');
    if (mayHaveSucceeded !== undefined) expect(err).toMatchObject({ mayHaveSucceeded });
    if (words) expect(err.message).toMatch(words);
    expect(t.sent).toHaveLength(sent);
  });
});

describe('waits, budgets and deadlines', () => {
  it.each([
    ['a full-jitter backoff between attempts (0.5 × 500, 0.5 × 1000)', [reply(503), reply(503), reply(200, {})], 750],
    [
      'exactly what Retry-After asks',
      [reply(429, { message: 'slow down' }, { 'retry-after': '3' }), reply(200, {})],
      3000,
    ],
  ])('waits %s', async (_what, answers, waited) => {
    const { c, clock } = fakeClient(answers);
    await c.getAccountLimits('acc');
    expect(clock.now()).toBe(waited);
  });

  it('stops when the time budget is spent', async () => {
    const { c, clock, sent } = fakeClient(reply(503, undefined, { 'retry-after': '20' }), {
      retry: { budgetMs: 45_000 },
    });
    await expect(c.listSshKeys()).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(sent).toHaveLength(3); // at 0, 20 s, 40 s; a wait to 60 s would pass the budget
    expect(clock.now()).toBe(40_000);
  });

  it("starts no retry whose wait would end past a caller's deadline", async () => {
    // Not at zero, so that a deadline counted from the wrong end shows.
    const answers = [reply(503, undefined, { 'retry-after': '5' }), reply(200, { name: OPERATION, done: true })];
    const short = fakeClient(answers, { clock: new VirtualClock(50_000) });
    await expect(short.c.getOperation(OPERATION, { deadline: 54_000 })).rejects.toBeInstanceOf(ServiceUnavailable);
    expect(short.sent).toHaveLength(1);
    const long = fakeClient(answers, { clock: new VirtualClock(50_000) });
    await expect(long.c.getOperation(OPERATION, { deadline: 56_000 })).resolves.toMatchObject({ done: true });
    expect(long.sent).toHaveLength(2);
  });
});

describe('cancellation', () => {
  it('stops retrying when the signal aborts during the wait', async () => {
    const ac = new AbortController();
    const { c, sent } = fakeClient(reply(503), {
      signal: ac.signal,
      onRetry: () => ac.abort(new Error('job cancelled')),
    });
    expect(await failure(c.listInstalls())).toBeInstanceOf(CancelledError);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing when the signal of the call has already aborted', async () => {
    const { c, sent } = fakeClient(reply(200, {}));
    const err = await failure(c.getOperation(OPERATION, { signal: AbortSignal.abort(new Error('cancelled')) }));
    expect(err).toMatchObject({ name: 'CancelledError', attempts: 0, message: expect.stringContaining('cancelled') });
    expect(sent).toHaveLength(0);
  });
});

describe('requests as sent', () => {
  it('sends Basic credentials, JSON headers and the body to the prefixed base', async () => {
    const { c, sent } = fakeClient(reply(201, { id: 's' }), { userAgent: 'test-agent' });
    await createSite(c);
    const [s] = sent;
    expect(s!.url.href).toBe('https://hosting.example/v1/sites');
    expect(s!.headers.authorization).toBe(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`);
    expect(s!.headers['content-type']).toBe('application/json');
    expect(s!.headers['user-agent']).toBe('test-agent');
    expect(JSON.parse(s!.body!)).toEqual({ name: 's', account_id: 'a' });
  });

  it('reports requests, responses (timed by the clock) and retries to the logger, and retries to onRetry', async () => {
    const clock = new VirtualClock(50_000);
    const events: ClientEvent[] = [];
    const retries: ClientEvent[] = [];
    const answers = [reply(503), reply(200, {})];
    const { c } = fakeClient((_req, n) => (clock.advance(1_500), answers[n - 1]!), {
      clock,
      logger: (e) => events.push(e),
      onRetry: (e) => retries.push(e),
    });
    await c.getAccountLimits('a');
    expect(events.map((e) => e.type)).toEqual(['request', 'response', 'retry', 'request', 'response']);
    expect(events[4]).toMatchObject({ type: 'response', path: '/v1/accounts/a/limits', attempt: 2, ms: 1_500 });
    expect(retries).toEqual([
      { type: 'retry', method: 'GET', path: '/v1/accounts/a/limits', attempt: 1, delayMs: 250, reason: 'status 503' },
    ]);
  });

  it('says which base URL is missing, and refuses Basic routes without credentials, sending nothing', async () => {
    const { c } = fakeClient(reply(200, {}), { hostingUrl: undefined });
    await expect(c.listInstalls()).rejects.toThrow('api-url is not set; it is needed for GET /v1/installs');
    const anonymous = fakeClient(reply(200, {}), { credentials: { userId: '', password: '' } });
    await expect(anonymous.c.listSites()).rejects.toThrow(/api-user-id and api-password are needed/);
    expect(anonymous.sent).toHaveLength(0);
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
    const { c } = fakeClient(
      reply(401, { message: `bad password ${PASSWORD} for ${basic}`, errors: [{ message: PASSWORD }] }),
    );
    const err = await failure(c.listInstalls());
    expect(err).toMatchObject({ name: 'AuthenticationError', status: 401 });
    expect(leaks(err)).toEqual([]);
  });

  it('keeps the webhook token out of errors, paths and causes', async () => {
    const refused = Object.assign(fail('refused', 'ECONNREFUSED'), {
      message: `connect failed for ?token=${TOKEN} ${TOKEN}`,
    });
    const { c, sent } = fakeClient(refused, { retry: { attempts: 1 } });
    const err = await failure<NetworkError>(c.triggerWebhook({ ...ENV, action: 'rebuild', token: TOKEN }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.path).toBe('/wh/v1/accounts/a/apps/b/environments/c/webhooks/webhook:rebuild');
    expect(leaks(err)).toEqual([]);
    expect(sent[0]!.url.searchParams.get('token')).toBe(TOKEN);
    expect(sent[0]!.headers.authorization).toBeUndefined();
  });

  it('keeps a token echoed by the server in a 401 out of the error, and advises about the token', async () => {
    const { c } = fakeClient(reply(401, { error: { code: 401, message: `token ${TOKEN} is not valid` } }));
    const err = await failure(
      c.triggerWebhook({ url: `https://api.example/headless/wh/v1/x/webhooks/webhook:rebuild?token=${TOKEN}` }),
    );
    expect(leaks(err)).toEqual([]);
    expect(err.message).toContain('check the webhook token or URL');
  });
});
