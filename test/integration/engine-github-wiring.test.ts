/**
 * The engine hands GitHub calls to the run's own connections: a run's proxy decision, CA and
 * request deadline hold for octokit as for the platform. Dropped, octokit would fetch on its own
 * and a proxy or private CA that only the action's transport knows would be left out.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatchers } from '../../src/api/transport.js';
import { githubServicesOver } from '../../src/engine/run.js';
import { MemoryLogger } from '../../src/util/log.js';

const asked: string[] = [];
const server = createServer((req, res) => {
  asked.push(`${req.method} ${req.url}`);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('[]');
});
let apiUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('githubServicesOver', () => {
  it('sends every GitHub call through the dispatchers it is given', async () => {
    const agent = new Agent();
    const through: string[] = [];
    const dispatchers: Dispatchers = {
      for: (url) => {
        through.push(url.pathname);
        return { dispatcher: agent };
      },
      close: () => agent.close(),
    };
    const env = { GITHUB_API_URL: apiUrl, GITHUB_REPOSITORY: 'octo-org/shop', GITHUB_SHA: 'abc123' };
    const github = githubServicesOver(dispatchers, 'ghs_token', env, new MemoryLogger())!;
    await github.deactivateDeployments('pr-7');
    await dispatchers.close();
    expect(asked).toEqual(['GET /repos/octo-org/shop/deployments?environment=pr-7&per_page=100']);
    expect(through).toEqual(['/repos/octo-org/shop/deployments']);
  });

  it('makes no GitHub services without a token', () => {
    const dispatchers: Dispatchers = { for: () => ({ dispatcher: new Agent() }), close: async () => {} };
    expect(githubServicesOver(dispatchers, null, {}, new MemoryLogger())).toBeUndefined();
  });
});
