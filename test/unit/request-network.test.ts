/**
 * The request layer's side of network trouble, over a scripted transport: failures without an
 * answer (what is repeated, which input a message names), answers from the wrong server (a page,
 * a redirect, the other API's shape), the maximum each attempt is given (bounded by a caller's
 * deadline), and page links that would lead the credentials elsewhere.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import type { NetworkError } from '../../src/api/errors.js';
import { DEFAULT_REQUEST_MAX_MS, LAST_ATTEMPT_MS, uploadMaxMs } from '../../src/api/request.js';
import type { TransportResponse } from '../../src/api/transport.js';
import { failure, fakeClient } from './helpers/fake-client.js';
import { fail, reply, type Answer } from './helpers/fake-transport.js';

const html = (status: number): TransportResponse => ({
  status,
  headers: { 'content-type': 'text/html' },
  body: '<!DOCTYPE html><html><body><h1>Sign in</h1></body></html>',
});
const APP = { account: 'demo', app: 'shop' };
const getApp = (c: Client) => c.getApp(APP);
const listSites = (c: Client) => c.listSites();
const webhook = (c: Client) =>
  c.triggerWebhook({ url: 'https://hooks.example/wh/webhooks/webhook:rebuild?token=tok-123456' });

describe('failures without an answer', () => {
  it('sends a create once when the certificate is not trusted: nothing was sent, nothing is repeated', async () => {
    const { c, sent } = fakeClient(fail('certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'));
    const err = await failure<NetworkError>(c.createApp({ ...APP, region: 'US-C' }));
    expect(sent).toHaveLength(1);
    expect(err).toMatchObject({ name: 'NetworkError', failure: 'certificate', mayHaveSucceeded: false });
    expect(err.message).toMatch(
      /^POST \/v1\/accounts\/demo\/apps: the certificate of api\.example is not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\); nothing was sent; check headless-api-url; .*NODE_EXTRA_CA_CERTS/,
    );
  });

  it('names webhook-url for a webhook given as a whole URL, without its token', async () => {
    const { c, sent } = fakeClient(fail('certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'));
    const err = await failure(webhook(c));
    expect(sent).toHaveLength(1);
    expect(err.message).toMatch(/the certificate of hooks\.example is not trusted .*check webhook-url/);
    expect(err.message).not.toContain('tok-123456');
  });

  it('retries a refused POST (nothing reached the server) within the short budget only', async () => {
    const { c, clock, sent } = fakeClient(fail('refused', 'ECONNREFUSED'), {
      retry: { attempts: 50, random: () => 1 },
    });
    const err = await failure(c.createSite({ name: 's', account_id: 'a' }));
    expect(sent).toHaveLength(5); // waits of 0.5, 1, 2, 4 s; 8 s more would pass 10 s
    expect(clock.now()).toBe(7_496); // each full-jitter wait stays 1 ms below its ceiling
    expect(err.mayHaveSucceeded).toBe(false);
  });
});

describe('which error an answer becomes: the status decides, unless the answer is not the API', () => {
  const REQUIRED = 'displayName is required';
  const RECORD = { displayName: '', branch: 'b', cmsEnvironment: '', shellVariables: [] };
  /** Each call, and the input a message about its server names. */
  const CALLS = {
    'PATCH environment': [(c: Client) => c.patchEnvironment({ ...APP, environment: 'e1' }, RECORD), 'headless-api-url'],
    'GET app': [getApp, 'headless-api-url'],
    'GET sites': [listSites, 'api-url'],
    'POST webhook-url': [webhook, 'webhook-url'],
  } as const;
  const plain = (status: number, body: string): Answer => ({ status, headers: {}, body });
  it.each<[keyof typeof CALLS, Answer, string, RegExp?]>([
    // Whatever the body (the other API's shape, or none), the status decides; a headless 404 with the
    // hosting shape or no body is what the reference answers: NotFound.
    [
      'PATCH environment',
      reply(400, { error: { code: 400, message: REQUIRED } }),
      'BadRequest',
      /displayName is required/,
    ],
    ['PATCH environment', reply(400, { message: REQUIRED }), 'BadRequest', /displayName is required/],
    ['PATCH environment', reply(400), 'BadRequest'],
    ['PATCH environment', reply(401), 'AuthenticationError'],
    ['GET app', reply(401, { error: { code: 401, message: 'no', status: 'UNAUTHENTICATED' } }), 'AuthenticationError'],
    ['GET app', reply(404, { message: 'app not found' }), 'NotFound'],
    ['GET app', reply(404), 'NotFound'],
    ['GET app', reply(404, { error: { code: 404, message: 'gone', status: 'NOT_FOUND' } }), 'NotFound'],
    // A page, plain text, a redirect, or the other API's error: a portal or a proxy answered.
    ['GET sites', reply(404), 'WrongServer', /with no body;/],
    [
      'GET sites',
      reply(400, { error: { code: 400, status: 'INVALID_ARGUMENT' } }),
      'WrongServer',
      /like the hosting API \(400\); .*headless API's shape;/,
    ],
    ['GET sites', html(200), 'WrongServer', /like the hosting API \(200\); it answered with an HTML page;/],
    ['GET app', html(200), 'WrongServer', /like the headless API \(200\); it answered with an HTML page;/],
    ['GET app', html(401), 'WrongServer', /with an HTML page;/],
    ['GET app', plain(200, 'OK'), 'WrongServer', /with a body that is not JSON;/],
    ['GET app', plain(404, 'Not Found'), 'WrongServer', /with plain text;/],
    ['GET app', reply(302, undefined, { location: 'https://login.example/' }), 'WrongServer', /with a redirect;/],
    ['POST webhook-url', html(200), 'WrongServer'],
  ])('%s answered %j: a %s', async (call, answer, name, words) => {
    const [send, input] = CALLS[call];
    const { c, sent } = fakeClient(answer);
    const err = await failure(send(c));
    expect(err.name).toBe(name);
    if (words) expect(err.message).toMatch(words);
    if (name === 'WrongServer') expect(err.message).toMatch(new RegExp(` check ${input}$`));
    expect(sent).toHaveLength(1);
  });

  it('leaves gateway pages on 503 alone: retried, then a ServiceUnavailable', async () => {
    const { c, sent } = fakeClient([html(503), html(503), reply(200, { name: 'accounts/demo/apps/shop' })]);
    await expect(c.getApp(APP)).resolves.toEqual({ name: 'accounts/demo/apps/shop' });
    expect(sent).toHaveLength(3);
    expect((await failure(getApp(fakeClient(html(503)).c))).name).toBe('ServiceUnavailable');
  });
});

describe('the longest an attempt may take', () => {
  it('gives every call the default maximum, and an upload one that scales with its size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hd-max-'));
    const file = join(dir, 'app.zip');
    writeFileSync(file, Buffer.alloc(256 * 1024));
    const { c, sent } = fakeClient(reply(200, { name: 'op', done: false }));
    await c.listSites();
    await c.uploadEnvironment({ ...APP, environment: 'e1' }, file);
    expect(sent.map((s) => s.maxMs)).toEqual([DEFAULT_REQUEST_MAX_MS, uploadMaxMs(256 * 1024)]);
    expect(uploadMaxMs(0)).toBe(300_000);
    expect(uploadMaxMs(100 * 1024 * 1024)).toBe(300_000 + 800_000);
  });

  it('bounds a poll in flight by the wait’s deadline, leaving the poll at the deadline a moment to answer', async () => {
    const name = 'accounts/demo/apps/shop/environments/e1/operations/op1';
    const { c, sent } = fakeClient(reply(200, { name, done: false }));
    const err = await failure(
      c.waitForOperation(name, { timeoutMs: 60_000, schedule: { initialMs: 20_000, capMs: 20_000 } }),
    );
    expect(err.name).toBe('TimeoutError');
    // Polls at 0, 20, 40 and 60 s (the deadline): each gets what is left, the last LAST_ATTEMPT_MS.
    expect(sent.map((s) => s.maxMs)).toEqual([60_000, 40_000, 20_000, LAST_ATTEMPT_MS]);
  });
});

describe('page links from the server', () => {
  it.each(['//other-host/v1/installs?offset=1', '/\\other-host/v1/installs', 'https://other/v1/installs'])(
    'stops at a next link %j that leaves the origin: one request, the Basic header never sent elsewhere',
    async (next) => {
      const { c, sent } = fakeClient(reply(200, { results: [{ id: 'i1' }], next, previous: null, count: 2 }));
      const seen: unknown[] = [];
      const err = await failure(
        (async () => {
          for await (const install of c.iterateInstalls()) seen.push(install);
        })(),
      );
      expect(seen).toEqual([{ id: 'i1' }]);
      expect(sent.map((s) => s.url.host)).toEqual(['hosting.example']);
      expect(err.message).toMatch(/^page link ".*" points away from https:\/\/hosting\.example; not following it/);
    },
  );
});
