/**
 * Security, the emulator's clients as the attacker: floods of huge paths for the request log, and
 * pages of another site (or a rebound DNS name) calling the API with the demo credentials the
 * emulator prints, or the control routes. Against the emulator's bundle in a process of its own,
 * as `npm run emulator` runs it. (Connections that stall or pile up, an abandoned upload, the
 * control routes' content types and bounds, and the validators under 200 KB of newlines are
 * test/integration/emulator-limits.test.ts's, in-process, with the limits made small and the
 * defaults read.)
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTH } from '../integration/helpers/headless-http.js';
import { openSocket, rawRequest } from '../integration/helpers/raw-http.js';
import { startBundledEmulator, type BundledEmulator } from './support/emulator-bundle.js';
import type { Evidence } from './support/evidence.js';
import { mapLimit } from './support/pool.js';

const SUITE = 'security';
const MB = 1024 * 1024;

export function securityEmulatorSuite(evidence: Evidence): void {
  describe('security: the emulator under hostile clients', () => {
    let emu: BundledEmulator;
    beforeAll(async () => void (emu = await startBundledEmulator()));
    afterAll(() => emu?.stop());

    it('the request log stays a bounded ring under thousands of 15 KB paths', async () => {
      const row = evidence.attack(
        '7. emulator: the request log',
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

    it('the API and the control routes refuse rebound names and other sites’ pages, even with the demo credentials', async () => {
      const row = evidence.attack(
        '8. emulator: API and control routes',
        'GET /v1/installs and GET /headless/v1/accounts/demo/apps with the demo credentials, and POST /__emulator/reset, under Host `attacker.example` (a rebound DNS name: what a page in the developer’s browser sends), with an Origin of another site, and with no Host; then `--allow-host emulator.test` and that name, and `--host 0.0.0.0`',
        'the emulator bundle',
      );
      const port = new URL(emu.url).port;
      const ask = (route: string, headers: Record<string, string>) =>
        rawRequest(emu.url, route.split(' ')[0]!, route.split(' ')[1]!, { authorization: DEMO_AUTH, ...headers });
      const answers: Record<string, number> = {};
      for (const route of ['GET /v1/installs', 'GET /headless/v1/accounts/demo/apps', 'POST /__emulator/reset']) {
        const rebound = await ask(route, { host: `attacker.example:${port}` });
        expect(JSON.stringify(rebound.json)).not.toMatch(/demo-password|results|apps"/);
        answers[`${route}, rebound Host`] = rebound.status;
        answers[`${route}, foreign Origin`] = (await ask(route, { origin: 'http://attacker.example' })).status;
        answers[`${route}, loopback`] = (await ask(route, {})).status;
      }
      const bare = await openSocket(emu.url);
      bare.socket.write(`GET /v1/installs HTTP/1.0\r\nAuthorization: ${DEMO_AUTH}\r\n\r\n`);
      await bare.closed;
      answers['no Host'] = Number(/^HTTP\/1\.1 (\d+)/.exec(bare.received())?.[1]);
      expect(answers).toEqual({
        'GET /v1/installs, rebound Host': 403,
        'GET /v1/installs, foreign Origin': 403,
        'GET /v1/installs, loopback': 200,
        'GET /headless/v1/accounts/demo/apps, rebound Host': 403,
        'GET /headless/v1/accounts/demo/apps, foreign Origin': 403,
        'GET /headless/v1/accounts/demo/apps, loopback': 200,
        'POST /__emulator/reset, rebound Host': 403,
        'POST /__emulator/reset, foreign Origin': 403,
        'POST /__emulator/reset, loopback': 200,
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
      const exposed = await startBundledEmulator(['--host', '0.0.0.0']);
      await exposed.stop();
      const warning = exposed.stderr().trim().split('\n')[0]!;
      expect(warning).toMatch(
        /^emulator: warning: listening on "0\.0\.0\.0", not a loopback address: the control routes under \/__emulator\/ .* can be reached from other machines/,
      );
      const said = Object.entries(answers).map(([k, v]) => `${k}: ${v}`);
      row.held(`${said.join(', ')}; with --host 0.0.0.0 it warned on stderr: "${warning.slice(0, 120)}…"`);
    });
  });
}
