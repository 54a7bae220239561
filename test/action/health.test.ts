/**
 * The health gate end to end: dist/index.js deploys to the emulator, whose environments serve a
 * site under /__sites/{environment-id}/; a zip holding HEALTH_FAIL deploys a site that answers
 * 500, so the whole loop runs without a control route. Where redirects may lead: sites of the
 * test's own on 127.0.0.1, and a proxy that records any tunnel the run asks for.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startConnectProxy } from '../helpers/connect-proxy.js';
import { shown } from '../support/markdown-text.js';
import { seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, logText, runChecked } from './helpers/run.js';
import { errorsOf } from '../helpers/annotations.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });

const siteUrl = () => `${emulator.url}/__sites/{environment-id}/`;

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

/** A site on 127.0.0.1 answering every request with `status` and `headers`; `hits` holds the paths asked. */
async function site(status: number, headers: Record<string, string> = {}) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(status, headers).end('<h1>Welcome</h1>');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, hits };
}

describe.each(NODES)('health gate on $label', ({ node }) => {
  it('a deploy whose site answers 200 is healthy: health=healthy, status success', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', {
        'environment-url': siteUrl(),
        'health-url': 'url',
        'health-text': 'Welcome',
      }),
    });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs).toMatchObject({ health: 'healthy', status: 'success' });
    expect(r.stdout).toMatch(/health check attempt 1: answer: 200 \(/);
    expect(shown(r.summary)).toMatch(/\| deploy: health \| healthy: answer: 200 \|/);
    expect(shown(r.summary)).toMatch(/\| time: health check \| /);
  });

  it('a deploy whose site answers 500 ends unhealthy: status unhealthy, exit code 1, the reason in the summary', async () => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace({ ...APP_FILES, HEALTH_FAIL: 'this build breaks its site\n' }),
      emulator,
      inputs: deployInputs(emulator, 'shop', {
        'health-url': `${emulator.url}/__sites/{environment-id}`,
        'health-timeout': '2s',
      }),
    });
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ health: 'unhealthy', status: 'unhealthy' });
    // The build itself succeeded: its outputs are there.
    expect(r.outputs.deployment).toMatch(/\/deployments\/[0-9a-f]+$/);
    const error = errorsOf(r.stdout);
    for (const fact of [
      'the build succeeded, but the site is unhealthy',
      '(health-timeout 2s',
      'the last answer: 500',
    ]) {
      expect(error).toContain(fact);
    }
    expect(error).toMatch(
      /after 1 redirect, at http:\/\/127\.0\.0\.1:\d+\/__sites\/[0-9a-f-]+\/\), not in health-expect 200-399/,
    );
    expect(shown(r.summary)).toContain('headless-deploy: unhealthy');
    expect(shown(r.summary)).toMatch(/\| deploy \| 🩺 unhealthy \|/);
  });

  it('follows a redirect from a loopback health-url to another loopback host, plain http included', async () => {
    const inside = await site(200);
    const front = await site(302, { location: `http://localhost:${inside.port}/up` });
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop', {
        'health-url': `http://127.0.0.1:${front.port}/`,
        'health-text': 'Welcome',
      }),
    });
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs).toMatchObject({ health: 'healthy', status: 'success' });
    expect([front.hits, inside.hits]).toEqual([['/'], ['/up']]);
    expect(r.stdout).toContain(`answer: 200 (after 1 redirect, at http://localhost:${inside.port}/up)`);
  });

  it('refuses a redirect to the metadata address: unhealthy, the host named without its query, nothing asked there', async () => {
    const front = await site(302, { location: 'https://169.254.169.254/latest/meta-data?token=s3cret' });
    // Every https request not to a loopback host goes through this proxy: a followed redirect would show as a tunnel.
    const proxy = await startConnectProxy({ hosts: [] });
    try {
      const r = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        env: { HTTPS_PROXY: proxy.url },
        inputs: deployInputs(emulator, 'shop', {
          'health-url': `http://127.0.0.1:${front.port}/`,
          'health-timeout': '2s',
        }),
      });
      expect(r.code).toBe(1);
      expect(r.outputs).toMatchObject({ health: 'unhealthy', status: 'unhealthy' });
      expect(errorsOf(r.stdout)).toContain(
        'redirecting to 169.254.169.254 (link-local address): only public addresses are followed to another host',
      );
      expect(`${logText(r)}${r.summary}`).not.toMatch(/s3cret|meta-data/);
      expect(proxy.tunnels).toEqual([]);
      expect(front.hits.length).toBeGreaterThan(1);
      expect(new Set(front.hits)).toEqual(new Set(['/']));
    } finally {
      await proxy.close();
    }
  });
});
