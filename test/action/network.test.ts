/**
 * The network as a self-hosted runner sees it, end to end through dist/index.js: an emulator
 * serving HTTPS with a private CA (trusted through NODE_EXTRA_CA_CERTS, or not at all), a
 * forward proxy of the test's own that records every tunnel, NO_PROXY and loopback going
 * direct, proxy credentials masked, the GitHub API through the same proxy, and a poll answer
 * trickled past the `timeout`. (A base URL of the wrong API, and a GitHub API that cannot be
 * reached, are the integration tests'.)
 *
 * `api.test` and `github.test` resolve nowhere but in the test proxy (which connects them to
 * 127.0.0.1): a request that reaches the server under those names went through the proxy,
 * and one that went direct fails with "does not resolve".
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTlsMaterial } from '../../emulator/index.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { EXISTING, seedWithApp } from './helpers/emulator.js';
import { startFakeGithub } from '../../scripts/fake-github.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';
import { shown } from '../support/markdown-text.js';

const tls = makeTlsMaterial({ hosts: ['api.test', 'localhost', '127.0.0.1'] });
const caFile = join(makeWorkspace({ 'ca.pem': tls.caPem }), 'ca.pem');

const emulator = useEmulator({
  seed: seedWithApp,
  buildSeconds: 0.3,
  tls: { certPem: tls.certPem, keyPem: tls.keyPem, caPem: tls.caPem },
  // Reached as api.test through the test's proxy: a name the emulator must be told to answer to.
  controlHosts: ['api.test'],
});
const port = () => new URL(emulator.url).port;
/** headless-api-url by a name only the test's proxy resolves. */
const viaName = () => ({ 'headless-api-url': `https://api.test:${port()}/headless` });
const trusted = { NODE_EXTRA_CA_CERTS: caFile };

const proxies: ConnectProxy[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});
async function proxy(o: Parameters<typeof startConnectProxy>[0] = { hosts: ['api.test'] }): Promise<ConnectProxy> {
  const p = await startConnectProxy(o);
  proxies.push(p);
  return p;
}

/** A deploy of "shop" run on `node` with `env`, the inputs of deployInputs with `more`. */
const deploy = (node: string, env: Record<string, string>, more: Record<string, string> = {}, secrets?: string[]) =>
  runChecked({
    node,
    workspace: makeWorkspace(),
    emulator,
    env,
    secrets,
    inputs: deployInputs(emulator, 'shop', more),
  });

const health = (timeout: string) => ({
  'health-url': `https://api.test:${port()}/__sites/{environment-id}/`,
  'health-timeout': timeout,
});
const retries = (text: string) => text.split('\n').filter((l) => /retrying in \d+ ms/.test(l));

describe.each(NODES)('network on $label', ({ node }) => {
  it('deploys over HTTPS to a private CA given by NODE_EXTRA_CA_CERTS', async () => {
    const r = await deploy(node, trusted);
    expect(emulator.url).toMatch(/^https:\/\/127\.0\.0\.1:/);
    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(emulator.state.uploads).toHaveLength(1);
    expect(r.stdout + r.summary).not.toContain('NODE_TLS_REJECT_UNAUTHORIZED');
  });

  it('without the CA, fails at the first handshake with a message that says what to do', async () => {
    const r = await deploy(node, {});
    const log = logText(r);
    expect(r.code).toBe(1);
    expect(r.outputs.status).toBe('failure');
    expect(emulator.requests()).toEqual([]);
    expect(retries(log)).toEqual([]);
    expect(log).toMatch(
      new RegExp(`the certificate of 127\\.0\\.0\\.1:${port()} is not trusted \\(UNABLE_TO_VERIFY_LEAF_SIGNATURE\\)`),
    );
    expect(log).toContain('nothing was sent; check headless-api-url');
    expect(log).toContain('NODE_EXTRA_CA_CERTS');
    expect(log).not.toMatch(/may have taken effect|answer was lost/);
  });

  it('NODE_TLS_REJECT_UNAUTHORIZED=0: said in a ::warning:: and in the summary, before any request', async () => {
    const r = await deploy(node, { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    // Warned, not refused (docs/security.md): the run goes on, against a server nothing vouches for.
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const warning = lines.findIndex((l) => l.startsWith('::warning::NODE_TLS_REJECT_UNAUTHORIZED is "0"'));
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(lines[warning]).toContain('NODE_EXTRA_CA_CERTS');
    expect(lines.slice(0, warning).some((l) => /\b(GET|POST|PUT|PATCH|DELETE) /.test(l))).toBe(false);
    expect(shown(r.summary)).toContain('⚠️ NODE_TLS_REJECT_UNAUTHORIZED is "0": TLS certificates are not checked');
  });

  it('names webhook-url when a webhook URL’s certificate is not trusted, and does not repeat the trigger', async () => {
    const token = emulator.state.environments.find((e) => e.id === EXISTING.environmentId)!.webhookToken!;
    const url = `${emulator.headlessUrl}/wh/v1/accounts/demo/apps/${EXISTING.app}/environments/${EXISTING.environmentId}/webhooks/webhook:purgeCache?token=${token}`;
    const r = await runChecked({ node, workspace: makeWorkspace(), emulator, inputs: { 'webhook-url': url } });
    const log = logText(r);
    expect(r.code).toBe(1);
    expect(emulator.state.webhookCalls).toEqual([]);
    expect(log).toContain(`the certificate of 127.0.0.1:${port()} is not trusted`);
    expect(log).toContain('check webhook-url');
    expect(log).not.toContain('headless-api-url');
    expect(log).not.toMatch(/repeating it/);
  });

  it('goes through HTTPS_PROXY for a host that is not loopback', async () => {
    const p = await proxy();
    const r = await deploy(node, { ...trusted, HTTPS_PROXY: p.url }, viaName());
    expect(r.code).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(p.tunnels.length).toBeGreaterThan(0);
    expect(new Set(p.tunnels.map((t) => `${t.target} ${t.status}`))).toEqual(new Set([`api.test:${port()} 200`]));
    expect(emulator.requests().length).toBeGreaterThan(0);
    expect(emulator.state.uploads).toHaveLength(1);
  });

  it('goes direct for a host in NO_PROXY: `api.test` then does not resolve, named with its input', async () => {
    const p = await proxy();
    const r = await deploy(node, { ...trusted, HTTPS_PROXY: p.url, NO_PROXY: 'localhost,.test' }, viaName());
    const log = logText(r);
    expect(r.code).toBe(1);
    expect(p.tunnels).toEqual([]);
    expect(emulator.requests()).toEqual([]);
    expect(log).toMatch(new RegExp(`host api\\.test:${port()} does not resolve \\((ENOTFOUND|EAI_AGAIN)\\)`));
    expect(log).toContain('check the host name in headless-api-url');
    expect(retries(log).length).toBeLessThanOrEqual(1);
  });

  it('sends the proxy’s credentials as Proxy-Authorization and masks them', async () => {
    const secret = 'Pr0xy-Secret-Pass';
    const p = await proxy({ hosts: ['api.test'], credentials: { user: 'runner', password: secret } });
    const r = await deploy(
      node,
      { ...trusted, HTTPS_PROXY: `http://runner:${secret}@127.0.0.1:${p.port}` },
      viaName(),
      [secret, `runner:${secret}`],
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain(`::add-mask::${secret}`);
    expect(
      p.tunnels.every((t) => t.authorization === `Basic ${Buffer.from(`runner:${secret}`).toString('base64')}`),
    ).toBe(true);
  });

  it('reports a proxy refusing its credentials once, naming the proxy and not the password', async () => {
    const p = await proxy({ hosts: ['api.test'], credentials: { user: 'runner', password: 'right-one' } });
    const secret = 'Wr0ng-Proxy-Pass';
    const r = await deploy(
      node,
      { ...trusted, HTTPS_PROXY: `http://runner:${secret}@127.0.0.1:${p.port}` },
      viaName(),
      [secret],
    );
    const log = logText(r);
    expect(r.code).toBe(1);
    expect(p.tunnels.map((t) => t.status)).toEqual([407]);
    expect(log).toContain(`the proxy 127.0.0.1:${p.port} asked for credentials (407)`);
  });

  it('refuses a proxy variable that is not a URL before any request, without echoing it', async () => {
    const r = await deploy(node, { ...trusted, HTTPS_PROXY: 'http://runner:Hidden-Pr0xy-Pass@[not-a-host' }, {}, [
      'Hidden-Pr0xy-Pass',
    ]);
    expect(r.code).toBe(1);
    expect(logText(r)).toContain('HTTPS_PROXY is not a URL; expected e.g. http://proxy.example.com:3128');
    expect(logText(r)).not.toContain('unexpected error');
    expect(emulator.requests()).toEqual([]);
  });

  it('sends the GitHub API calls through the same proxy', async () => {
    const github = await startFakeGithub();
    try {
      const ghPort = new URL(github.url).port;
      const p = await proxy({ hosts: ['api.test', 'github.test'] });
      const env = { ...trusted, HTTPS_PROXY: p.url, HTTP_PROXY: p.url, GITHUB_API_URL: `http://github.test:${ghPort}` };
      const r = await deploy(node, env, { ...viaName(), 'github-deployment': 'true' });
      expect(r.code).toBe(0);
      expect(github.requests.map((q) => q.path)).toEqual([
        '/repos/octo-org/shop/deployments',
        '/repos/octo-org/shop/deployments/101/statuses',
        '/repos/octo-org/shop/deployments/101/statuses',
      ]);
      const targets = new Set(p.tunnels.map((t) => t.target));
      expect(targets).toEqual(new Set([`api.test:${port()}`, `github.test:${ghPort}`]));
    } finally {
      await github.close();
    }
  });

  it('checks health-url through the same proxy, the platform’s requests going direct to loopback', async () => {
    const p = await proxy();
    const r = await deploy(node, { ...trusted, HTTPS_PROXY: p.url }, health('10s'));
    expect(r.code, logText(r)).toBe(0);
    expect(r.outputs).toMatchObject({ health: 'healthy', status: 'success' });
    // Only the health check names a host that is not loopback, so every tunnel is its own: the
    // platform's loopback URL never goes through the proxy.
    expect(new Set(p.tunnels.map((t) => `${t.target} ${t.status}`))).toEqual(new Set([`api.test:${port()} 200`]));
  });

  it('checks health-url direct for a host in NO_PROXY: a name that resolves nowhere is unhealthy, with the reason', async () => {
    const p = await proxy();
    const r = await deploy(node, { ...trusted, HTTPS_PROXY: p.url, NO_PROXY: '.test' }, health('2s'));
    const log = logText(r);
    expect(r.code).toBe(1);
    expect(r.outputs).toMatchObject({ health: 'unhealthy', status: 'unhealthy' });
    expect(p.tunnels).toEqual([]);
    expect(log).toMatch(/api\.test.*does not resolve/);
    expect(log).not.toMatch(/TypeError|at .*\.js:\d+/);
  });
});

/** A front for the emulator that passes everything through, but trickles operation answers a byte a second. */
async function startTrickleFront(target: string): Promise<{ url: string; cutOff: string[]; close(): Promise<void> }> {
  const cutOff: string[] = [];
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        if (!(req.method === 'GET' && req.url?.includes('/operations/'))) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          res.writeHead(up.statusCode ?? 502, { 'content-type': 'application/json' });
          let i = 0;
          const timer = setInterval(() => {
            if (i < body.length) res.write(body.subarray(i, ++i));
            else {
              clearInterval(timer);
              res.end();
            }
          }, 1_000);
          res.on('close', () => {
            clearInterval(timer);
            if (i < body.length) cutOff.push(req.url ?? '');
          });
        });
      },
    );
    req.pipe(forward);
    forward.on('error', () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cutOff,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the timeout input', () => {
  const plain = useEmulator({ seed: seedWithApp, buildSeconds: 600 });

  it('bounds a poll in flight: an answer trickled a byte a second is cut off and the run times out', async () => {
    const front = await startTrickleFront(plain.url);
    try {
      const r = await runChecked({
        node: NODES[0]!.node,
        workspace: makeWorkspace(),
        emulator: plain,
        inputs: {
          ...CREDENTIALS,
          'headless-api-url': `${front.url}/headless`,
          account: 'demo',
          app: 'shop',
          environment: 'staging',
          timeout: '2s',
        },
        timeoutMs: 60_000,
      });
      expect(r.outputs.status).toBe('timeout');
      expect(r.code).toBe(1);
      // The poll's answer would take minutes at this rate: the action hung up on it.
      expect(front.cutOff.length).toBeGreaterThan(0);
      expect(logText(r)).toMatch(/not done within \d+(\.\d)?s, the longest a request may take|not done after/);
    } finally {
      await front.close();
    }
  });
});
