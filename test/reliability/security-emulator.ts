/**
 * Security, the emulator's clients as the attacker: bodies made to make validators backtrack,
 * floods of huge paths for the request log, connections that stall or pile up, uploads
 * abandoned halfway, and pages of another site (or a rebound DNS name) calling the control
 * routes, or the API with the demo credentials the emulator prints. Against the emulator's bundle in a process of its own, as `npm run emulator` runs it,
 * with its default limits; only the abandoned upload uses the in-process server, with its idle
 * limit cut from 30 s so the test need not wait that long.
 */
import { readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TEMP_PREFIX } from '../../emulator/handlers/headless/multipart.js';
import { startEmulator } from '../../emulator/index.js';
import { VirtualClock } from '../../src/util/clock.js';
import { BOUNDARY, createAppWithEnvironment, DEMO_AUTH } from '../integration/helpers/headless-http.js';
import { openSocket, rawRequest, until, type RawSocket } from '../integration/helpers/raw-http.js';
import { startBundledEmulator, type BundledEmulator } from './support/emulator-bundle.js';
import type { Evidence } from './support/evidence.js';
import { mapLimit } from './support/pool.js';

const SUITE = 'security';
const AUTH = { authorization: DEMO_AUTH, 'content-type': 'application/json' };
const MB = 1024 * 1024;

export function securityEmulatorSuite(evidence: Evidence): void {
  describe('security: the emulator under hostile clients', () => {
    let emu: BundledEmulator;
    /** Opened first, sends half a request line's headers, then nothing: the headers deadline must close it. */
    let stalled: RawSocket;
    let stalledAt = 0;

    beforeAll(async () => {
      emu = await startBundledEmulator();
      stalled = await openSocket(emu.url);
      stalled.socket.write('GET /v1/installs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ');
      stalledAt = Date.now();
    });
    afterAll(async () => {
      stalled?.socket.destroy();
      await emu?.stop();
    });

    it('validators answer 200 KB of newlines at once, and the emulator goes on answering', async () => {
      const row = evidence.attack(
        '9. emulator: validators in linear time',
        '200 KB of newlines (alone, ending in a character no validator accepts, and inside a PEM block) as a third-party certificate and key, also base64-encoded, as a domain name, a site name and notification e-mails',
        'the emulator bundle',
      );
      const installs = await rawRequest(emu.url, 'GET', '/v1/installs', AUTH);
      const install = (installs.json.results as { id: string; name: string }[]).find((i) => i.name === 'demoprod')!;
      const NL = '\n'.repeat(200_000);
      // Each body stays under the 1 MiB JSON limit: a 413 would say nothing of the validators.
      const texts = [NL, `${NL}!`, `-----BEGIN CERTIFICATE-----${NL}-----END CERTIFICATE-----${NL}!`];
      const requests: [string, string, unknown][] = texts.flatMap((t): [string, string, unknown][] => [
        [`/v1/installs/${install.id}/ssl_certificates/third_party`, 'certificate', { certificate: t, private_key: t }],
        [
          `/v1/installs/${install.id}/ssl_certificates/third_party`,
          'certificate, base64',
          { certificate: Buffer.from(t).toString('base64'), private_key: Buffer.from(t).toString('base64') },
        ],
        [`/v1/installs/${install.id}/domains`, 'domain', { name: t }],
        ['/v1/sites', 'site', { name: t, account_id: t }],
        [
          '/v1/install_copy',
          'install copy',
          { source_environment_id: install.id, destination_environment_id: t, notification_emails: [t] },
        ],
      ]);
      let slowest = 0;
      const statuses = new Set<number>();
      for (const [path, what, body] of requests) {
        const started = Date.now();
        const res = await rawRequest(emu.url, 'POST', path, AUTH, JSON.stringify(body));
        slowest = Math.max(slowest, Date.now() - started);
        expect({ what, client: res.status >= 400 && res.status < 500 }).toEqual({ what, client: true });
        statuses.add(res.status);
      }
      expect((await rawRequest(emu.url, 'GET', '/v1/installs', AUTH)).status).toBe(200);
      row.held(
        `${requests.length} requests, each refused (${[...statuses].sort().join(', ')}); the slowest answer took ${slowest} ms; the emulator answered the next request`,
      );
    });

    it('the request log stays a bounded ring under thousands of 15 KB paths', async () => {
      const row = evidence.attack(
        '10. emulator: the request log',
        '3,000 requests with 15 KB paths (45 MB of paths), 16 at a time',
        'the emulator bundle; its resident memory read from /proc',
      );
      const rssBefore = emu.rss();
      const agent = new Agent({ keepAlive: true, maxSockets: 16 });
      const { port } = new URL(emu.url);
      const send = (i: number) =>
        new Promise<void>((resolve, reject) => {
          const path = `/v1/installs/${String(i).padStart(6, '0')}-${'p'.repeat(15 * 1024)}`;
          const req = request(
            { host: '127.0.0.1', port, path, agent, headers: { authorization: DEMO_AUTH } },
            (res) => {
              res.resume();
              res.on('end', resolve);
            },
          );
          req.on('error', reject);
          req.end();
        });
      await mapLimit(
        Array.from({ length: 3000 }, (_, i) => i),
        16,
        send,
      );
      agent.destroy();
      const log = await rawRequest(emu.url, 'GET', '/__emulator/requests');
      const entries = log.json.requests as { path: string }[];
      const grown = emu.rss() - rssBefore;
      expect(entries.length).toBe(1000);
      expect(Math.max(...entries.map((e) => e.path.length))).toBeLessThanOrEqual(512);
      expect(log.text.length).toBeLessThan(1000 * 700);
      // Less than the paths sent: a log that kept them (or views into them) would hold 15 MB
      // more per 1,000 entries, on top of the garbage a flood leaves; before the cut paths were
      // copied, this grew 64 MB.
      expect(grown).toBeLessThan(45 * MB);
      evidence.figure(
        SUITE,
        'emulator RSS growth after 3,000 requests of 15 KB paths',
        `${(grown / MB).toFixed(1)} MiB`,
      );
      row.held(
        `the log holds the last ${entries.length} requests, paths cut at ${Math.max(...entries.map((e) => e.path.length))} characters (${(log.text.length / 1024).toFixed(0)} KiB as JSON); resident memory grew ${(grown / MB).toFixed(1)} MiB (from ${(rssBefore / MB).toFixed(0)} MiB)`,
      );
    });

    it('stalled and piled-up connections are closed, abandoned uploads leave no temp file', async () => {
      const row = evidence.attack(
        '11. emulator: stalled connections',
        'a client sending half a header and stalling; 300 connections opened at once; an upload going silent halfway',
        'the emulator bundle with its default limits (10 s for headers, 256 connections); the abandoned upload against the in-process server with the idle limit cut to 300 ms (30 s by default)',
      );
      // The half header, sent before the other tests: the server must end it by itself.
      await stalled.closed;
      const stalledFor = Date.now() - stalledAt;
      expect(stalled.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);

      // The cap: each connection sends a whole request; those past the cap are closed unanswered.
      const sockets = await mapLimit(
        Array.from({ length: 300 }, () => 0),
        50,
        () => openSocket(emu.url),
      );
      for (const s of sockets) s.socket.write('GET /__emulator/requests HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await until(
        () => sockets.every((s) => s.isClosed() || s.received().includes('\r\n\r\n')),
        'every connection answered or closed',
      );
      const answered = sockets.filter((s) => s.received().startsWith('HTTP/1.1 200 ')).length;
      const refused = sockets.filter((s) => s.isClosed() && s.received() === '').length;
      expect(answered).toBeLessThanOrEqual(256);
      expect(answered + refused).toBe(300);
      expect(refused).toBeGreaterThanOrEqual(44);
      for (const s of sockets) s.socket.destroy();
      // Until the server has seen those closes it is still at the cap, and closes a new connection
      // unanswered (a reset here): that is "not yet", not a failure.
      await until(async () => {
        try {
          return (await rawRequest(emu.url, 'GET', '/v1/installs', AUTH)).status === 200;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') return false;
          throw err;
        }
      }, 'a slot to free up');

      // The abandoned upload: its temp file must go with the connection.
      const tempFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith(UPLOAD_TEMP_PREFIX));
      const inProcess = await startEmulator({ clock: new VirtualClock(), idleTimeoutMs: 300 });
      try {
        const env = await createAppWithEnvironment(inProcess, 'abandoned');
        const upload = await openSocket(inProcess.url);
        upload.socket.write(
          `POST /headless/fu/v1/${env}:upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${DEMO_AUTH}\r\n` +
            `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 10000000\r\n\r\n` +
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="repository"; filename="app.zip"\r\n` +
            `Content-Type: application/zip\r\n\r\n${'PK'.padEnd(70_000, 'x')}`,
        );
        await until(() => tempFiles().length > 0, 'the upload to reach a temp file');
        await upload.closed;
        await until(() => tempFiles().length === 0, 'the temp file to be removed');
        expect(inProcess.state.uploads).toEqual([]);
      } finally {
        await inProcess.close();
      }
      row.held(
        `the half header was closed by the server after ${(stalledFor / 1000).toFixed(1)} s (${stalled.received() ? '408' : 'no answer'}); of 300 connections ${answered} were answered and ${refused} closed unanswered, and a new one was answered once they closed; the silent upload was closed and its temp file removed`,
      );
    });

    it('control routes refuse other sites, rebound names, other content types and absurd values', async () => {
      const row = evidence.attack(
        '12. emulator: control routes',
        'POST /__emulator/clock as text/plain (what a form of another site can send); Host `attacker.example` (a rebound DNS name); an Origin of another site; advanceSeconds 1e20 and -1; then `--host 0.0.0.0`',
        'the emulator bundle',
      );
      const state = async () => (await rawRequest(emu.url, 'GET', '/__emulator/state')).json as { now: string };
      const clock = (body: string, headers: Record<string, string>) =>
        rawRequest(emu.url, 'POST', '/__emulator/clock', headers, body);
      const json = { 'content-type': 'application/json' };
      const before = await state();
      const answers = {
        'text/plain': (await clock('{"advanceSeconds":60}', { 'content-type': 'text/plain' })).status,
        'rebound Host': (
          await clock('{"advanceSeconds":60}', { ...json, host: `attacker.example:${new URL(emu.url).port}` })
        ).status,
        'foreign Origin': (await clock('{"advanceSeconds":60}', { ...json, origin: 'http://attacker.example' })).status,
        'reset, rebound Host': (await rawRequest(emu.url, 'POST', '/__emulator/reset', { host: 'attacker.example' }))
          .status,
        'advanceSeconds 1e20': (await clock('{"advanceSeconds":1e20}', json)).status,
        'advanceSeconds -1': (await clock('{"advanceSeconds":-1}', json)).status,
      };
      expect(answers).toEqual({
        'text/plain': 415,
        'rebound Host': 403,
        'foreign Origin': 403,
        'reset, rebound Host': 403,
        'advanceSeconds 1e20': 400,
        'advanceSeconds -1': 400,
      });
      // Nothing moved the clock: the real one moves on its own, by far less than a minute here.
      const drift = Date.parse((await state()).now) - Date.parse(before.now);
      expect(drift).toBeLessThan(60_000);
      expect((await clock('{"advanceSeconds":60}', json)).status).toBe(200);

      const exposed = await startBundledEmulator(['--host', '0.0.0.0']);
      await exposed.stop();
      expect(exposed.stderr()).toMatch(
        /emulator: warning: listening on "0\.0\.0\.0", not a loopback address: the control routes under \/__emulator\/ .* can be reached from other machines/,
      );
      row.held(
        `${Object.entries(answers)
          .map(([k, v]) => `${k}: ${v}`)
          .join(
            ', ',
          )}; the clock did not move until a loopback JSON request asked; with --host 0.0.0.0 it warned on stderr: "${exposed.stderr().trim().split('\n')[0]!.slice(0, 120)}…"`,
      );
    });

    it('the API refuses rebound names and other sites’ pages, even with the printed demo credentials', async () => {
      const row = evidence.attack(
        '13. emulator: API routes',
        'GET /v1/installs and GET /headless/v1/accounts/demo/apps with the demo credentials under Host `attacker.example` (a rebound DNS name: what a page in the developer’s browser sends), with an Origin of another site, and with no Host; then `--allow-host emulator.test` and that name',
        'the emulator bundle',
      );
      const port = new URL(emu.url).port;
      const get = (path: string, headers: Record<string, string>) =>
        rawRequest(emu.url, 'GET', path, { authorization: DEMO_AUTH, ...headers });
      const answers: Record<string, number> = {};
      for (const path of ['/v1/installs', '/headless/v1/accounts/demo/apps']) {
        const rebound = await get(path, { host: `attacker.example:${port}` });
        expect(JSON.stringify(rebound.json)).not.toMatch(/demo-password|results|apps"/);
        answers[`${path}, rebound Host`] = rebound.status;
        answers[`${path}, foreign Origin`] = (await get(path, { origin: 'http://attacker.example' })).status;
        answers[`${path}, loopback`] = (await get(path, {})).status;
      }
      const bare = await openSocket(emu.url);
      bare.socket.write(`GET /v1/installs HTTP/1.0\r\nAuthorization: ${DEMO_AUTH}\r\n\r\n`);
      await bare.closed;
      answers['no Host'] = Number(/^HTTP\/1\.1 (\d+)/.exec(bare.received())?.[1]);
      expect(answers).toEqual({
        '/v1/installs, rebound Host': 403,
        '/v1/installs, foreign Origin': 403,
        '/v1/installs, loopback': 200,
        '/headless/v1/accounts/demo/apps, rebound Host': 403,
        '/headless/v1/accounts/demo/apps, foreign Origin': 403,
        '/headless/v1/accounts/demo/apps, loopback': 200,
        'no Host': 403,
      });

      const named = await startBundledEmulator(['--allow-host', 'emulator.test']);
      try {
        const host = `emulator.test:${new URL(named.url).port}`;
        answers['--allow-host emulator.test'] = (
          await rawRequest(named.url, 'GET', '/v1/installs', { authorization: DEMO_AUTH, host })
        ).status;
        answers['--allow-host, another name'] = (
          await rawRequest(named.url, 'GET', '/v1/installs', { authorization: DEMO_AUTH, host: 'attacker.example' })
        ).status;
      } finally {
        await named.stop();
      }
      expect(answers['--allow-host emulator.test']).toBe(200);
      expect(answers['--allow-host, another name']).toBe(403);
      row.held(
        Object.entries(answers)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', '),
      );
    });
  });
}
