/**
 * The request layer's side of network trouble, over a scripted transport: which failures are
 * retried and how often, what the messages name, answers from the wrong server, and the
 * maximum each attempt is given (bounded by a caller's deadline).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import {
  AuthenticationError,
  NetworkError,
  NotFound,
  ServiceUnavailable,
  WrongServer,
  type ApiError,
} from '../../src/api/errors.js';
import { DEFAULT_REQUEST_MAX_MS, LAST_ATTEMPT_MS, uploadMaxMs } from '../../src/api/request.js';
import type { TransportResponse } from '../../src/api/transport.js';
import { VirtualClock } from '../../src/util/clock.js';
import { fail, reply, sequence } from './helpers/fake-transport.js';

function client(transport: ClientOptions['transport'], over: Partial<ClientOptions> = {}) {
  const clock = new VirtualClock(0);
  const c = createClient({
    hostingUrl: 'https://hosting.example/',
    headlessUrl: 'https://api.example/headless',
    credentials: { userId: 'user-1', password: 'pass-word-1' },
    clock,
    transport,
    retry: { random: () => 0.5, attempts: 10 },
    ...over,
  });
  return { c, clock };
}

const caught = (p: Promise<unknown>) =>
  p.then(() => expect.fail('expected a failure')).catch((e: unknown) => e as ApiError);
const html = (status: number): TransportResponse => ({
  status,
  headers: { 'content-type': 'text/html' },
  body: '<!DOCTYPE html><html><body><h1>Sign in</h1></body></html>',
});
const app = { account: 'demo', app: 'shop' };

describe('failures without an answer', () => {
  it('sends a create once when the certificate is not trusted: not ambiguous, nothing repeated', async () => {
    const { transport, sent } = sequence(fail('certificate', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'));
    const err = (await caught(client(transport).c.createApp({ ...app, region: 'US-C' }))) as NetworkError;
    expect(sent).toHaveLength(1);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.failure).toBe('certificate');
    expect(err.mayHaveSucceeded).toBe(false);
    expect(err.message).toMatch(
      /^POST \/v1\/accounts\/demo\/apps: the certificate of api\.example is not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\); nothing was sent; check headless-api-url; .*NODE_EXTRA_CA_CERTS/,
    );
  });

  it('names webhook-url for a webhook given as a whole URL', async () => {
    const { transport, sent } = sequence(fail('certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'));
    const err = await caught(
      client(transport).c.triggerWebhook({
        url: 'https://hooks.example/wh/v1/x/webhooks/webhook:rebuild?token=tok-123456',
      }),
    );
    expect(sent).toHaveLength(1);
    expect(err.message).toContain('the certificate of hooks.example is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(err.message).toContain('check webhook-url');
    expect(err.message).not.toContain('tok-123456');
  });

  it('names api-url for the hosting API', async () => {
    const { transport } = sequence(fail('dns', 'ENOTFOUND'));
    const err = await caught(client(transport).c.listInstalls());
    expect(err.message).toBe(
      "GET /v1/installs: host hosting.example does not resolve (ENOTFOUND) after 2 attempts; check the host name in api-url and the runner's DNS",
    );
  });

  it('tries a name that does not resolve twice in all, then stops', async () => {
    const { transport, sent } = sequence(fail('dns', 'ENOTFOUND'));
    const err = (await caught(client(transport).c.getApp(app))) as NetworkError;
    expect(sent).toHaveLength(2);
    expect(err.failure).toBe('dns');
    expect(err.mayHaveSucceeded).toBe(false);
  });

  it('retries a refused POST (nothing reached the server) but within the short budget', async () => {
    const { transport, sent } = sequence(fail('refused', 'ECONNREFUSED'));
    const { c, clock } = client(transport, { retry: { attempts: 50, random: () => 1 } });
    const err = (await caught(c.createSite({ name: 's', account_id: 'a' }))) as NetworkError;
    expect(sent).toHaveLength(5); // waits of 0.5, 1, 2, 4 s; 8 s more would pass 10 s
    expect(clock.now()).toBe(7_496); // each full-jitter wait stays 1 ms below its ceiling
    expect(err.mayHaveSucceeded).toBe(false);
  });
});

describe('answers from the wrong server', () => {
  it.each([
    ['the hosting shape', reply(404, { message: 'app not found' })],
    ['no body', reply(404)],
  ])('lets the status decide a headless 404 with %s: NotFound (the reference answers so)', async (_kind, answer) => {
    const { transport, sent } = sequence(answer);
    const err = await caught(client(transport).c.getApp(app));
    expect(err).toBeInstanceOf(NotFound);
    expect(err).not.toBeInstanceOf(WrongServer);
    expect(sent).toHaveLength(1);
  });

  it('still calls a 404 with no body on a hosting route the wrong server', async () => {
    const { transport } = sequence(reply(404));
    const err = await caught(client(transport).c.listSites());
    expect(err).toBeInstanceOf(WrongServer);
    expect(err.message).toMatch(/with no body; check api-url$/);
  });

  it('keeps a 404 of the headless API’s own shape a NotFound', async () => {
    const { transport } = sequence(reply(404, { error: { code: 404, message: 'app not found', status: 'NOT_FOUND' } }));
    expect(await caught(client(transport).c.getApp(app))).toBeInstanceOf(NotFound);
  });

  it('calls a headless-shaped error on a hosting route the wrong server', async () => {
    const { transport } = sequence(reply(400, { error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } }));
    const err = await caught(client(transport).c.listSites());
    expect(err).toBeInstanceOf(WrongServer);
    expect(err.message).toMatch(
      /this does not look like the hosting API \(400\); .*headless API's shape; check api-url$/,
    );
  });

  it.each([
    ['an HTML login page with 401', html(401), /with an HTML page/],
    ['an HTML page with 200', html(200), /with an HTML page/],
    ['plain text with 200', { status: 200, headers: {}, body: 'OK' }, /with a body that is not JSON/],
    ['a 404 in plain text', { status: 404, headers: {}, body: 'Not Found' }, /with plain text/],
    ['a redirect', reply(302, undefined, { location: 'https://login.example/' }), /with a redirect/],
  ])('calls %s the wrong server', async (_name, answer, words) => {
    const { transport, sent } = sequence(answer);
    const err = await caught(client(transport).c.getApp(app));
    expect(err).toBeInstanceOf(WrongServer);
    expect(err.message).toMatch(words);
    expect(err.message).toMatch(/check headless-api-url$/);
    expect(sent).toHaveLength(1);
  });

  it('names webhook-url when a webhook URL answers with a page', async () => {
    const { transport } = sequence(html(200));
    const err = await caught(
      client(transport).c.triggerWebhook({ url: 'https://portal.example/wh/webhooks/webhook:rebuild?token=t0k3n-x' }),
    );
    expect(err).toBeInstanceOf(WrongServer);
    expect(err.message).toMatch(/check webhook-url$/);
  });

  it('leaves gateway pages on 503 alone: retried, and a ServiceUnavailable', async () => {
    const { transport, sent } = sequence(html(503), html(503), reply(200, { name: 'accounts/demo/apps/shop' }));
    await expect(client(transport).c.getApp(app)).resolves.toEqual({ name: 'accounts/demo/apps/shop' });
    expect(sent).toHaveLength(3);
    const { transport: t2 } = sequence(html(503));
    expect(await caught(client(t2, { retry: { attempts: 2 } }).c.getApp(app))).toBeInstanceOf(ServiceUnavailable);
  });

  it('keeps the API’s own 401 and short plain-text 400s as they are', async () => {
    const { transport } = sequence(reply(401, { error: { code: 401, message: 'no', status: 'UNAUTHENTICATED' } }));
    expect(await caught(client(transport).c.getApp(app))).toBeInstanceOf(AuthenticationError);
  });
});

describe('the longest an attempt may take', () => {
  it('gives every call the default maximum', async () => {
    const { transport, sent } = sequence(reply(200, { results: [], next: null }));
    await client(transport).c.listSites();
    expect(sent[0]!.maxMs).toBe(DEFAULT_REQUEST_MAX_MS);
  });

  it('scales an upload’s maximum with its size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hd-max-'));
    const file = join(dir, 'app.zip');
    writeFileSync(file, Buffer.alloc(256 * 1024));
    const { transport, sent } = sequence(reply(200, { name: 'op', done: false }));
    await client(transport).c.uploadEnvironment({ ...app, environment: 'e1' }, file);
    expect(sent[0]!.maxMs).toBe(uploadMaxMs(256 * 1024));
    expect(uploadMaxMs(0)).toBe(300_000);
    expect(uploadMaxMs(100 * 1024 * 1024)).toBe(300_000 + 800_000);
  });

  it('bounds a poll in flight by the wait’s deadline, leaving the poll at the deadline a moment to answer', async () => {
    const name = 'accounts/demo/apps/shop/environments/e1/operations/op1';
    const { transport, sent } = sequence(reply(200, { name, done: false }));
    const { c } = client(transport);
    const err = await caught(
      c.waitForOperation(name, { timeoutMs: 60_000, schedule: { initialMs: 20_000, capMs: 20_000 } }),
    );
    expect(err.name).toBe('TimeoutError');
    const bounds = sent.map((s) => s.maxMs);
    // Polls at 0, 20, 40 and 60 s (the deadline): each gets what is left, the last LAST_ATTEMPT_MS.
    expect(bounds).toEqual([60_000, 40_000, 20_000, LAST_ATTEMPT_MS]);
  });
});

describe('page links from the server', () => {
  it.each(['//other-host/v1/installs?offset=1', '/\\other-host/v1/installs', 'https://other/v1/installs'])(
    'stops at a next link %j that leaves the origin: one request, the Basic header never sent elsewhere',
    async (next) => {
      const { transport, sent } = sequence(reply(200, { results: [{ id: 'i1' }], next, previous: null, count: 2 }));
      const seen: unknown[] = [];
      const err = await (async () => {
        for await (const install of client(transport).c.iterateInstalls()) seen.push(install);
      })().catch((e: unknown) => e as Error);
      expect(seen).toEqual([{ id: 'i1' }]);
      expect(sent.map((s) => s.url.host)).toEqual(['hosting.example']);
      expect((err as Error).message).toMatch(
        /^page link ".*" points away from https:\/\/hosting\.example; not following it/,
      );
    },
  );
});
