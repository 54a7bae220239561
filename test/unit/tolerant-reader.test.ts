/**
 * Every operation whose answer the spec leaves open, fed each answer a server may give: no body
 * (or white space only), `{}`, the emulator's shape, and JSON of another shape. What the client
 * returns is what a step can rely on; none of these answers may throw for work the service
 * accepted, nor be retried. The record rules themselves are read-answer.test.ts's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import type { TransportResponse } from '../../src/api/transport.js';
import { failure, fakeClient } from './helpers/fake-client.js';
import { reply } from './helpers/fake-transport.js';

const ENV = 'accounts/demo/apps/web/environments/6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80';
const REF = { account: 'demo', app: 'web', environment: '6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80' };
const OPERATION = {
  name: `${ENV}/operations/no_build`,
  metadata: { '@type': 'type.googleapis.com/headless.v1.UpdateEnvironmentMetadata', build: `${ENV}/builds/no_build` },
  done: false,
};
const OPERATION_READ = { name: OPERATION.name, done: false };
const COPY = 'c0ffee00-0000-4000-8000-000000000001';
const dir = mkdtempSync(join(tmpdir(), 'tolerant-reader-'));
const zip = join(dir, 'app.zip');
writeFileSync(zip, 'PK\u0005\u0006' + '\0'.repeat(18));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (status: number, body: string): TransportResponse => ({ status, headers: {}, body });

function client(answer: TransportResponse) {
  return fakeClient(async (req) => {
    // The upload's body is read whole, as a server would, so no file stays open past the test.
    if (req.body && typeof req.body !== 'string') for await (const _ of req.body) void _;
    return answer;
  });
}

const RECORD = { displayName: 'staging', branch: 'uploadable', cmsEnvironment: '', shellVariables: [] };
const SSL = { email_address: 'a@b.c', given_name: 'a', family_name: 'b', region_code: 'GB' };
const COPY_OF = { source_environment_id: 'a', destination_environment_id: 'b', custom_options: {} };
const DOMAIN = { id: 'd', name: 'www.example.org' };
/** Each call: its success status, the emulator's answer and what the client makes of it, and what it returns for any other answer. */
const CALLS: Record<string, [(c: Client) => Promise<unknown>, number, unknown, unknown, unknown]> = {
  upload: [(c) => c.uploadEnvironment(REF, zip), 200, OPERATION, OPERATION_READ, undefined],
  'install copy': [(c) => c.createInstallCopy(COPY_OF), 202, { id: COPY, status: 'pending' }, { id: COPY }, {}],
  'create environment': [(c) => c.createEnvironment(REF, RECORD), 200, OPERATION, OPERATION_READ, undefined],
  'patch environment': [(c) => c.patchEnvironment(REF, RECORD), 200, OPERATION, OPERATION_READ, undefined],
  'delete environment': [(c) => c.deleteEnvironment(REF), 200, {}, undefined, undefined],
  'delete app': [(c) => c.deleteApp(REF), 200, {}, undefined, undefined],
  'verify domain': [(c) => c.verifyDomain('i', 'd'), 200, { ...DOMAIN, primary: false }, DOMAIN, undefined],
  'order ssl': [(c) => c.orderSslCertificate('i', 'd', SSL), 202, {}, undefined, undefined],
  webhook: [
    (c) => c.triggerWebhook({ ...REF, action: 'purgeCache', token: 't0k' }),
    200,
    {},
    { status: 200 },
    { status: 200 },
  ],
};

describe.each(Object.entries(CALLS))('%s', (name, [call, ok, contract, read, otherwise]) => {
  it.each<[string, TransportResponse, unknown]>([
    ['no body', reply(name.startsWith('delete') ? 204 : ok), otherwise],
    ['white space only', text(ok, ' \r\n'), otherwise],
    ['{}', reply(ok, {}), otherwise],
    ['the emulator’s shape', reply(ok, contract), read],
    ['JSON of another shape', reply(ok, { result: { id: 42 }, items: ['x'] }), otherwise],
  ])('answered %s: accepted, sent once', async (_kind, answer, want) => {
    const { c, sent } = client(answer);
    const got = await call(c);
    if (want === undefined) expect(got).toBeUndefined();
    else expect(got).toMatchObject(want as object);
    expect(sent).toHaveLength(1);
  });

  it('answered an HTML page with a success status: not the API', async () => {
    const { c, sent } = client(text(ok, '<!doctype html><title>Sign in</title>'));
    expect((await failure(call(c))).name).toBe('WrongServer');
    expect(sent).toHaveLength(1);
  });
});

describe('plain text', () => {
  const rebuild = (c: Client) => c.triggerWebhook({ ...REF, action: 'rebuild', token: 'secret-token' });
  it.each<[string, (c: Client) => Promise<unknown>, boolean]>([
    ['OK', rebuild, true],
    ['Triggered\n', rebuild, true],
    ['purge queued for 3 hosts', rebuild, true],
    ['x'.repeat(1025), rebuild, false], // a page, not a word
    ['OK', (c) => c.deleteApp(REF), false], // from a route other than a webhook's
  ])('answered %j: the API = %s', async (body, call, accepted) => {
    const answered = call(client(text(200, body)).c);
    if (accepted) await expect(answered).resolves.toEqual({ status: 200 });
    else expect((await failure(answered)).name).toBe('WrongServer');
  });
});

describe('records the caller needs', () => {
  it.each([
    ['no body', reply(200)],
    ['{}', reply(200, {})],
    ['another shape', reply(200, { environment: { id: 'x' } })],
  ])('get environment answered %s: an UnexpectedAnswer, not a crash', async (_kind, answer) => {
    const err = await failure(client(answer).c.getEnvironment(REF));
    expect(err.name).toBe('UnexpectedAnswer');
    expect(err.message).toContain('the answer holds no environment');
  });

  it('get operation answered {}: not done, under the name polled; no body: undefined (the wait polls again)', async () => {
    await expect(client(reply(200, {})).c.getOperation(OPERATION.name)).resolves.toEqual({
      name: OPERATION.name,
      done: false,
      metadata: {},
    });
    await expect(client(reply(200)).c.getOperation(OPERATION.name)).resolves.toBeUndefined();
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
