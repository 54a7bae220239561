/**
 * A local stand-in for the two GitHub REST endpoints the action calls with
 * `github-deployment: true`. It records every request (path, parsed JSON body, auth header)
 * and answers like GitHub: 201 with a Deployment or a DeploymentStatus, or the 403 a token
 * without `deployments: write` gets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GithubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeGithub {
  /** For GITHUB_API_URL. */
  url: string;
  requests: GithubRequest[];
  /** Answer every request with this status (e.g. 403) instead of creating anything. */
  refuseWith: number | null;
  close(): Promise<void>;
}

const DEPLOYMENTS = /^\/repos\/([^/]+)\/([^/]+)\/deployments$/;
const STATUSES = /^\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)\/statuses$/;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export async function startFakeGithub(): Promise<FakeGithub> {
  let statusId = 100;
  const fake: FakeGithub = {
    url: '',
    requests: [],
    refuseWith: null,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://github.invalid').pathname;
    readJson(req)
      .then((body) => {
        fake.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
        if (fake.refuseWith !== null) {
          return reply(res, fake.refuseWith, {
            message: 'Resource not accessible by integration',
            documentation_url: 'https://docs.github.com/rest/deployments/deployments#create-a-deployment',
            status: String(fake.refuseWith),
          });
        }
        const d = DEPLOYMENTS.exec(path);
        if (req.method === 'POST' && d) {
          return reply(res, 201, {
            id: 1,
            url: `${fake.url}/repos/${d[1]}/${d[2]}/deployments/1`,
            sha: body.ref,
            ref: body.ref,
            task: 'deploy',
            environment: body.environment,
            description: body.description ?? null,
            created_at: new Date().toISOString(),
          });
        }
        const s = STATUSES.exec(path);
        if (req.method === 'POST' && s) {
          return reply(res, 201, { id: ++statusId, state: body.state, description: body.description ?? '' });
        }
        return reply(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
      })
      .catch(() => reply(res, 400, { message: 'Problems parsing JSON' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
