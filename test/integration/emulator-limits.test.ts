/**
 * The emulator's safety limits, each reproduced: slow headers, idle connections (an abandoned
 * upload included), the connection cap, the request log's ring and path cut, the control
 * routes' caller checks and bounds (and the warning when they listen beyond this machine), and
 * linear-time validators under 200 KB of newlines. Timeouts are set small here; the defaults are
 * checked separately.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADVANCE_SECONDS } from '../../emulator/own-routes/control.js';
import { UPLOAD_TEMP_PREFIX } from '../../emulator/handlers/headless/multipart.js';
import type { RunningEmulator } from '../../emulator/index.js';
import { resolveOptions } from '../../emulator/config/options.js';
import { exposedControlWarning } from '../../emulator/http/loopback.js';
import { BOUNDARY, call, createAppWithEnvironment, DEMO_AUTH } from './helpers/headless-http.js';
import { openSocket, rawRequest, until } from './helpers/raw-http.js';
import { startHeadless, withEmulator } from './helpers/start-headless.js';

const tempFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith(UPLOAD_TEMP_PREFIX));

describe('connection limits', () => {
  it('default to 10 s for headers, 30 s of silence, 256 connections, 1,000 logged requests', () => {
    expect(resolveOptions({})).toMatchObject({
      headersTimeoutMs: 10_000,
      idleTimeoutMs: 30_000,
      maxConnections: 256,
      maxLoggedRequests: 1000,
      requireContentLength: false,
    });
  });

  it('close a connection that sends nothing, and answer 408 to headers that keep trickling in past the deadline', async () => {
    await withEmulator({ headersTimeoutMs: 300, idleTimeoutMs: 200 }, async (emu) => {
      const silent = await openSocket(emu.url);
      const s = await openSocket(emu.url);
      s.socket.write('GET /v1/installs HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      let lines = 0;
      // Never idle (a header line every 20 ms), never complete: only the headers deadline can end it.
      const timer = setInterval(() => {
        if (!s.isClosed()) s.socket.write(`x-slow-${lines++}: 1\r\n`);
      }, 20);
      await s.closed;
      clearInterval(timer);
      expect(s.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(lines).toBeGreaterThan(0);
      await silent.closed;
      expect(silent.received()).toBe('');
    });
  });

  it('closes an upload that goes silent halfway and removes its temp file', async () => {
    await withEmulator({ idleTimeoutMs: 300 }, async (emu) => {
      const env = await createAppWithEnvironment(emu, 'idle');
      const s = await openSocket(emu.url);
      const head =
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="repository"; filename="app.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n';
      s.socket.write(
        `POST /headless/fu/v1/${env}:upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${DEMO_AUTH}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 10000000\r\n\r\n` +
          head +
          'PK'.padEnd(70_000, 'x'),
      );
      await until(() => tempFiles().length > 0, 'the upload to reach a temp file');
      await s.closed; // then nothing more is sent
      await until(() => tempFiles().length === 0, 'the temp file to be removed');
      expect(emu.state.uploads).toEqual([]);
    });
  });

  it('refuses connections past the cap, and accepts again once one closes', async () => {
    await withEmulator({ maxConnections: 3 }, async (emu) => {
      const open = await Promise.all([1, 2, 3].map(() => openSocket(emu.url)));
      // A complete request on each proves the server accepted (and counts) all three.
      for (const s of open) {
        s.socket.write('GET /__emulator/requests HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        await until(() => s.received().includes('\r\n\r\n'), 'an answer');
        expect(s.received()).toMatch(/^HTTP\/1\.1 200 /);
      }
      const extra = await openSocket(emu.url);
      extra.socket.write('GET /__emulator/requests HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await extra.closed;
      expect(extra.received()).toBe('');

      open[0]!.socket.destroy();
      await until(async () => {
        const s = await openSocket(emu.url);
        s.socket.write('GET /__emulator/requests HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
        await s.closed;
        return s.received().startsWith('HTTP/1.1 200 ');
      }, 'a slot to free up');
    });
  });
});

describe('request log', () => {
  it('keeps only the latest entries (a ring), oldest first, paths cut at 512, in requests() and the control route', async () => {
    await withEmulator({ maxLoggedRequests: 5 }, async (emu) => {
      const long = `/v1/${'a'.repeat(5000)}`;
      for (let i = 0; i < 8; i++) await rawRequest(emu.url, 'GET', i === 7 ? long : `/v1/nothing-${i}`);
      const expected = [3, 4, 5, 6].map((i) => `/v1/nothing-${i}`).concat(long.slice(0, 512));
      expect(emu.requests().map((r) => r.path)).toEqual(expected);
      const viaRoute = await rawRequest(emu.url, 'GET', '/__emulator/requests');
      expect(viaRoute.json.requests.map((r: { path: string }) => r.path)).toEqual(expected);
      expect(viaRoute.json.requests[0]).toEqual({ method: 'GET', path: '/v1/nothing-3', status: 404 });
    });
  });
});

describe('control routes', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startHeadless({ controlHosts: ['api.test'] });
  });
  afterAll(() => emu.close());
  const port = () => new URL(emu.url).port;

  it.each(['127.0.0.1:PORT', 'localhost', 'LOCALHOST:1', '[::1]:9', '[::1]', 'api.test:443'])(
    'answer requests addressed to %s (a loopback name or address, or one allowed), any port',
    async (host) => {
      const res = await rawRequest(emu.url, 'GET', '/__emulator/state', { host: host.replace('PORT', port()) });
      expect(res.status).toBe(200);
    },
  );

  it.each<Record<string, string>>([
    { host: 'evil.example' }, // DNS rebinding
    { host: 'evil.example:4010' },
    { host: '127.0.0.1.evil.example' },
    { host: 'localhost:abc' },
    { host: '[::1' },
    { host: '' },
    { host: 'localhost', origin: 'http://evil.example' }, // CSRF
    { host: 'localhost', origin: 'null' },
    { host: 'localhost', origin: 'not a url' },
  ])('refuse %j with 403', async (headers) => {
    const res = await rawRequest(emu.url, 'POST', '/__emulator/reset', headers);
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/control routes/);
  });

  it('answer an Origin of this machine', async () => {
    const headers = { host: 'localhost', origin: `http://localhost:${port()}` };
    expect((await rawRequest(emu.url, 'POST', '/__emulator/reset', headers)).status).toBe(200);
  });

  const JSON_TYPE = { 'content-type': 'application/json' };
  const ADVANCE = /advanceSeconds must be a number of seconds from 0 to 315360000/;
  it.each<[string, string, Record<string, string>, number, RegExp?]>([
    ['clock', '{"advanceSeconds":1}', { 'content-type': 'text/plain' }, 415, /Content-Type: application\/json/],
    ['clock', '{"advanceSeconds":1}', {}, 415],
    ['faults', 'faults=reset:1', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['clock', 'not json', JSON_TYPE, 400],
    ['clock', '[1]', JSON_TYPE, 400],
    ['clock', `{"advanceSeconds":-1}`, JSON_TYPE, 400, ADVANCE],
    ['clock', `{"advanceSeconds":${MAX_ADVANCE_SECONDS + 1}}`, JSON_TYPE, 400, ADVANCE],
    ['clock', `{"advanceSeconds":"5"}`, JSON_TYPE, 400, ADVANCE],
    ['clock', `{"advanceSeconds":null}`, JSON_TYPE, 400, ADVANCE],
    ['clock', `{"advanceSeconds":1e400}`, JSON_TYPE, 400, ADVANCE],
    ['clock', '{}', JSON_TYPE, 400],
    ['clock', '{"advanceSeconds":1,"extra":1}', JSON_TYPE, 400],
    ['faults', '{"faults":"teapot:1"}', JSON_TYPE, 400],
    ['faults', '{"faults":5}', JSON_TYPE, 400],
    ['faults', '{"latencyMs":-1}', JSON_TYPE, 400],
    ['faults', '{"latencyMs":1e12}', JSON_TYPE, 400],
    ['config', '{"requireContentLength":"yes"}', JSON_TYPE, 400],
    ['config', '{"maxUploadMb":1}', JSON_TYPE, 400],
  ])(
    'refuse POST /__emulator/%s of %s (%j) with %i, changing nothing',
    async (route, body, headers, status, message) => {
      const before = emu.clock.now();
      const res = await rawRequest(emu.url, 'POST', `/__emulator/${route}`, headers, body);
      expect(res.status).toBe(status);
      if (message) expect(res.json.message).toMatch(message);
      expect(emu.clock.now()).toBe(before);
      expect((await rawRequest(emu.url, 'GET', '/__emulator/config')).json).toEqual({ requireContentLength: false });
    },
  );

  it('move the clock by up to ten years, and take an empty faults spec', async () => {
    const before = emu.clock.now();
    const res = await rawRequest(
      emu.url,
      'POST',
      '/__emulator/clock',
      JSON_TYPE,
      `{"advanceSeconds":${MAX_ADVANCE_SECONDS}}`,
    );
    expect(res.status).toBe(200);
    expect(emu.clock.now() - before).toBe(MAX_ADVANCE_SECONDS * 1000);
    const faults = await rawRequest(emu.url, 'POST', '/__emulator/faults', JSON_TYPE, '{"faults":"","latencyMs":0}');
    expect(faults.json).toEqual({ faults: [], latencyMs: 0 });
  });

  it('warns that the control routes are reachable, only for a non-loopback host', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
      expect(exposedControlWarning(host), host).toBeNull();
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'dev.example']) {
      expect(exposedControlWarning(host)).toMatch(/control routes under \/__emulator\/ .* other machines/);
    }
  });
});

describe('validators under 200 KB of newlines', () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startHeadless();
  });
  afterAll(() => emu.close());

  const NL = '\n'.repeat(200_000);
  /** Newlines alone, and newlines ending in a character no validator accepts (where backtracking bites). */
  const texts = [NL, `${NL}!`, `A${NL}=!`, `-----BEGIN CERTIFICATE-----${NL}`.repeat(5)];

  it('answer every text-taking route with a 4xx, each in turn', async () => {
    const demo = emu.state.credentials.find((c) => c.userId === 'demo-user')!;
    const install = emu.state.installs.find((i) => i.account_id === demo.accountId)!;
    const domain = emu.state.domains.find((d) => d.install_id === install.id)!;
    expect([install, domain].every(Boolean)).toBe(true);
    const env = await createAppWithEnvironment(emu, 'newlines');

    let answered = 0;
    for (const t of texts) {
      const b64 = Buffer.from(t).toString('base64');
      const [installPath, accountId, H] = [`/v1/installs/${install.id}`, demo.accountId, '/headless/v1'];
      const cert = `${installPath}/ssl_certificates/third_party`;
      const requests: [string, string, unknown][] = [
        ['POST', '/v1/sites', { name: t, account_id: t }],
        ['PATCH', installPath, { site_id: t, environment: t }],
        ['POST', '/v1/install_copy', { source_environment_id: t, destination_environment_id: t }],
        ['POST', '/v1/install_copy', { notification_emails: [t, t], custom_options: { db_tables: [t] } }],
        ['POST', `${installPath}/domains`, { name: t, redirect_to: t }],
        [
          'POST',
          `${installPath}/domains/${domain.id}/ssl_certificate`,
          { email_address: t, given_name: t, family_name: t, region_code: t, state: t, city: t },
        ],
        ['POST', cert, { certificate: t, private_key: t }],
        ['POST', cert, { certificate: b64, private_key: b64 }],
        ['POST', `/v1/accounts/${accountId}/account_users`, { user: { email: t, roles: t } }],
        ['POST', `${H}/accounts/demo/apps?appId=x`, { region: t, uploadable: {} }],
        ['POST', `${H}/accounts/demo/apps/newlines/environments`, { displayName: t, branch: t }],
        [
          'PATCH',
          `${H}/${env}?updateMask=displayName,branch,cmsEnvironment,shellVariables`,
          { displayName: t, branch: t, cmsEnvironment: t, shellVariables: [{ key: t, value: t }] },
        ],
      ];
      for (const [method, path, body] of requests) {
        const headers = { authorization: DEMO_AUTH, 'content-type': 'application/json' };
        const res = await rawRequest(emu.url, method, path, headers, JSON.stringify(body));
        expect([path, Math.floor(res.status / 100)]).toEqual([path, 4]);
        answered++;
      }
    }
    expect(answered).toBe(texts.length * 12);
    // Nothing was created on the way.
    expect((await call(emu, 'GET', '/v1/accounts/demo/apps/newlines/environments')).json.environments).toHaveLength(1);
  }, 60_000);
});
