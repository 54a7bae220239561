/**
 * A local stand-in for the GitHub REST endpoints the action calls: deployments and their
 * statuses (github-deployment), a pull request's comments (pr-comment), and pull requests
 * (the sweep reads their state; one it does not hold is a 404, and any may be given scripted
 * answers first: a 500, a 403 without permission, a secondary rate limit). It keeps what it is
 * sent, as GitHub would, so a second run finds the first run's comment; records every request;
 * and can refuse like a token without the permission. Each request may be handed to `check`
 * (e.g. scripts/github-schema.ts, GitHub's published description) and its complaints kept.
 * Tokens are people: `GET /user` answers for a token listed in `users` (a personal token), 403 for
 * any other (an installation token such as GITHUB_TOKEN, whose comments are github-actions[bot]'s),
 * and a comment is written as the token's author; tests plant comments by other users.
 * Kept archives: `GET …/actions/artifacts?name=…` lists the artifacts it holds (newest first,
 * paged as GitHub pages, `per_page`/`page` with a `link` header), and `GET …/artifacts/{id}/zip`
 * answers 302 to a blob on another origin (a second server of its own, which records the
 * Authorization header it is sent, so a test sees GitHub's token does not follow the redirect, and
 * how much of the blob it served before the reader stopped). The listing can disagree with what
 * is served (`listedBytes`) and name a fork as the code's repository (`headRepositoryId`).
 * Tests plant the artifacts, with the bytes the keep step really uploaded.
 * Used by the end-to-end tests and by `npm run demo`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GithubRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeDeployment {
  id: number;
  environment: string;
  ref: string;
  statuses: { state: string; environment_url?: string; description?: string }[];
  /** What the creation sent as `payload` (the tree deployed). */
  payload?: Record<string, unknown>;
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  /** Who wrote it: the action's token writes as github-actions[bot]. */
  login: string;
}

/** The user a personal token belongs to. */
export interface FakeUser {
  login: string;
  type: 'User' | 'Bot';
}

export interface FakePull {
  number: number;
  state: 'open' | 'closed';
  merged?: boolean;
}

/** An answer given instead of the pull request's own, to the next `times` requests (default every one). */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  message?: string;
  times?: number;
}

/** GitHub's answer to a secondary rate limit: 403 with retry-after (in seconds), once. */
export const SECONDARY_RATE_LIMIT: FakeAnswer = {
  status: 403,
  headers: { 'retry-after': '1', 'x-ratelimit-remaining': '4999' },
  message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
  times: 1,
};

/** A workflow artifact GitHub would list; `bytes` is the artifact's zip, served by the blob origin. */
export interface FakeArtifact {
  id: number;
  name: string;
  runId: number;
  createdAt: string;
  expired?: boolean;
  /** `sha256:{hex}` as GitHub lists it; null: listed without one. */
  digest?: string | null;
  bytes: Buffer;
  /** The size_in_bytes listed; default bytes.length (a listing that disagrees with what is served). */
  listedBytes?: number;
  /** workflow_run.head_repository_id listed: default the repository's own id (a run of a fork's code has another); null leaves it out. */
  headRepositoryId?: number | null;
}

/** A request the blob origin received: what a download sent to the other origin. */
export interface BlobRequest {
  path: string;
  authorization: string | undefined;
  /** Bytes of the blob handed to the connection: fewer than its length when the reader stopped early. */
  served: number;
}

export interface FakeGithub {
  /** For GITHUB_API_URL. */
  url: string;
  requests: GithubRequest[];
  deployments: FakeDeployment[];
  comments: FakeComment[];
  /** Personal tokens and their users; any other token is an installation token (github-actions[bot]). */
  users: Map<string, FakeUser>;
  /** The repository's pull requests; any other number is a 404. */
  pulls: FakePull[];
  /** Scripted answers to `GET /pulls/{n}`, by number, given before the pull request's own. */
  pullAnswers: Map<number, FakeAnswer>;
  /** Answer every request with this status (e.g. 403) instead of acting on it. */
  refuseWith: number | null;
  /** Answer requests to issue comments with this status (a token without pull-requests: write). */
  refuseComments: number | null;
  /** The repository's workflow artifacts (planted by tests). */
  artifacts: FakeArtifact[];
  /** Answer the artifact routes (listing and download) with this status: a token without actions: read. */
  refuseArtifacts: number | null;
  /** The other origin `/zip` redirects to, and what it was asked. */
  blobUrl: string;
  blobRequests: BlobRequest[];
  /** What `check` found wrong with the requests, one line each. */
  violations: string[];
  /** Forgets every request, deployment, comment and refusal. */
  reset(): void;
  close(): Promise<void>;
}

export type RequestCheck = (request: GithubRequest) => string[];

/** Each status's log_url, kept beside it so the recorded statuses stay as tests compare them. */
const logUrls = new WeakMap<object, string>();
const DEPLOYMENTS = /^\/repos\/([^/]+)\/([^/]+)\/deployments$/;
const STATUSES = /^\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)\/statuses$/;
const ISSUE_COMMENTS = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/;
const COMMENT = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/;
const PULL = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)$/;
const ARTIFACTS = /^\/repos\/([^/]+)\/([^/]+)\/actions\/artifacts$/;
const ARTIFACT_ZIP = /^\/repos\/([^/]+)\/([^/]+)\/actions\/artifacts\/(\d+)\/zip$/;
const BOT = 'github-actions[bot]';
/** The id GitHub gives the repository (workflow_run.repository_id in the artifact listing). */
const REPOSITORY_ID = 1;
const DOCS = 'https://docs.github.com/rest';

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

function refusal(res: ServerResponse, status: number): void {
  reply(res, status, {
    message: 'Resource not accessible by integration',
    documentation_url: 'https://docs.github.com/rest',
    status: String(status),
  });
}

export async function startFakeGithub(o: { check?: RequestCheck } = {}): Promise<FakeGithub> {
  let nextId = 100;
  const fake: FakeGithub = {
    url: '',
    requests: [],
    deployments: [],
    comments: [],
    users: new Map(),
    pulls: [],
    pullAnswers: new Map(),
    refuseWith: null,
    refuseComments: null,
    artifacts: [],
    refuseArtifacts: null,
    blobUrl: '',
    blobRequests: [],
    violations: [],
    reset() {
      fake.requests.length = 0;
      fake.deployments.length = 0;
      fake.comments.length = 0;
      fake.users.clear();
      fake.pulls.length = 0;
      fake.pullAnswers.clear();
      fake.violations.length = 0;
      fake.refuseWith = null;
      fake.refuseComments = null;
      fake.artifacts.length = 0;
      fake.refuseArtifacts = null;
      fake.blobRequests.length = 0;
    },
    close: async () => {},
  };

  const commentView = (c: FakeComment, owner: string, repo: string) => ({
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${fake.url}/repos/${owner}/${repo}/issues/comments/${c.id}`,
    html_url: `https://github.com/${owner}/${repo}/pull/${c.issue}#issuecomment-${c.id}`,
    body: c.body,
    user: { login: c.login, id: 41898282, type: c.login.endsWith('[bot]') ? 'Bot' : 'User' },
    created_at: '2026-11-01T00:00:00Z',
    updated_at: '2026-11-01T00:00:00Z',
  });

  function answerPull(number: number, owner: string, repo: string, res: ServerResponse): void {
    const scripted = fake.pullAnswers.get(number);
    if (scripted && (scripted.times ?? Infinity) > 0) {
      if (scripted.times !== undefined) scripted.times--;
      const body = { message: scripted.message ?? `status ${scripted.status}`, documentation_url: DOCS };
      return reply(res, scripted.status, body, scripted.headers);
    }
    const p = fake.pulls.find((x) => x.number === number);
    if (!p) return reply(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
    const merged = p.state === 'closed' && p.merged === true;
    return reply(res, 200, {
      id: 1_000_000 + p.number,
      number: p.number,
      url: `${fake.url}/repos/${owner}/${repo}/pulls/${p.number}`,
      html_url: `https://github.com/${owner}/${repo}/pull/${p.number}`,
      state: p.state,
      locked: false,
      title: `Pull request ${p.number}`,
      draft: false,
      merged,
      merged_at: merged ? '2026-11-02T00:00:00Z' : null,
      closed_at: p.state === 'closed' ? '2026-11-02T00:00:00Z' : null,
      created_at: '2026-11-01T00:00:00Z',
      updated_at: '2026-11-02T00:00:00Z',
    });
  }

  const artifactView = (a: FakeArtifact, owner: string, repo: string) => {
    const created = Date.parse(a.createdAt);
    return {
      id: a.id,
      node_id: `MDg6QXJ0aWZhY3Q${a.id}`,
      name: a.name,
      size_in_bytes: a.listedBytes ?? a.bytes.length,
      url: `${fake.url}/repos/${owner}/${repo}/actions/artifacts/${a.id}`,
      archive_download_url: `${fake.url}/repos/${owner}/${repo}/actions/artifacts/${a.id}/zip`,
      expired: a.expired === true,
      created_at: a.createdAt,
      updated_at: a.createdAt,
      expires_at: new Date(created + 30 * 86_400_000).toISOString(),
      digest: a.digest === undefined ? null : a.digest,
      workflow_run: {
        id: a.runId,
        repository_id: REPOSITORY_ID,
        ...(a.headRepositoryId === null ? {} : { head_repository_id: a.headRepositoryId ?? REPOSITORY_ID }),
        head_branch: 'main',
        head_sha: 'f'.repeat(40),
      },
    };
  };

  /** Paged as GitHub pages: `per_page` (default 30, at most 100), `page`, and a `link` header. */
  function listArtifacts(q: GithubRequest, owner: string, repo: string, res: ServerResponse): void {
    const all = fake.artifacts
      .filter((a) => q.query.name === undefined || a.name === q.query.name)
      .sort((a, b) => b.id - a.id);
    const perPage = Math.min(100, Number(q.query.per_page ?? 30));
    const page = Number(q.query.page ?? 1);
    const last = Math.max(1, Math.ceil(all.length / perPage));
    const base = `${fake.url}${q.path}?${q.query.name === undefined ? '' : `name=${encodeURIComponent(q.query.name)}&`}per_page=${perPage}`;
    const headers: Record<string, string> =
      page < last ? { link: `<${base}&page=${page + 1}>; rel="next", <${base}&page=${last}>; rel="last"` } : {};
    const slice = all.slice((page - 1) * perPage, page * perPage);
    return reply(
      res,
      200,
      { total_count: all.length, artifacts: slice.map((a) => artifactView(a, owner, repo)) },
      headers,
    );
  }

  /** The user of the request's token, or null for an installation token. */
  const userOf = (q: GithubRequest): FakeUser | null => {
    const token = /^(?:token|bearer)\s+(.+)$/i.exec(q.authorization ?? '')?.[1];
    return (token && fake.users.get(token)) || null;
  };

  function handle(q: GithubRequest, res: ServerResponse): void {
    const { method, path, body } = q;
    if (fake.refuseWith !== null) return refusal(res, fake.refuseWith);
    if (path === '/user' && method === 'GET') {
      const user = userOf(q);
      if (!user) return refusal(res, 403);
      return reply(res, 200, {
        login: user.login,
        id: 583231,
        node_id: 'U_1',
        type: user.type,
        site_admin: false,
        html_url: `https://github.com/${user.login}`,
      });
    }
    let m = DEPLOYMENTS.exec(path);
    if (m && method === 'POST') {
      const d: FakeDeployment = {
        id: ++nextId,
        environment: String(body.environment),
        ref: String(body.ref),
        statuses: [],
        ...(typeof body.payload === 'object' && body.payload !== null
          ? { payload: body.payload as Record<string, unknown> }
          : {}),
      };
      fake.deployments.push(d);
      return reply(res, 201, {
        id: d.id,
        url: `${fake.url}/repos/${m[1]}/${m[2]}/deployments/${d.id}`,
        sha: d.ref,
        ref: d.ref,
        task: 'deploy',
        environment: d.environment,
        description: body.description ?? null,
        created_at: new Date().toISOString(),
      });
    }
    if (m && method === 'GET') {
      // Newest first, as GitHub lists them; per_page cuts the page (no further pages are served).
      const list = fake.deployments
        .filter((d) => q.query.environment === undefined || d.environment === q.query.environment)
        .reverse()
        .slice(0, Number(q.query.per_page ?? 30));
      return reply(
        res,
        200,
        list.map((d) => ({
          id: d.id,
          environment: d.environment,
          ref: d.ref,
          sha: d.ref,
          task: 'deploy',
          payload: d.payload ?? {},
        })),
      );
    }
    m = STATUSES.exec(path);
    if (m && method === 'POST') {
      const d = fake.deployments.find((x) => x.id === Number(m![3]));
      if (!d) return reply(res, 404, { message: 'Not Found' });
      const status = { state: String(body.state), description: body.description as string | undefined };
      if (typeof body.environment_url === 'string') Object.assign(status, { environment_url: body.environment_url });
      if (typeof body.log_url === 'string') logUrls.set(status, body.log_url);
      d.statuses.push(status);
      return reply(res, 201, { id: ++nextId, state: body.state, description: body.description ?? '' });
    }
    if (m && method === 'GET') {
      const d = fake.deployments.find((x) => x.id === Number(m![3]));
      if (!d) return reply(res, 404, { message: 'Not Found' });
      const newest = [...d.statuses].reverse().slice(0, Number(q.query.per_page ?? 30));
      return reply(
        res,
        200,
        newest.map((s, i) => ({ id: d.id * 1000 + i, ...s, log_url: logUrls.get(s) ?? '' })),
      );
    }
    const listing = ARTIFACTS.exec(path);
    const zip = ARTIFACT_ZIP.exec(path);
    if ((listing || zip) && fake.refuseArtifacts !== null) return refusal(res, fake.refuseArtifacts);
    if (listing && method === 'GET') return listArtifacts(q, listing[1]!, listing[2]!, res);
    if (zip && method === 'GET') {
      const a = fake.artifacts.find((x) => x.id === Number(zip[3]));
      if (!a) return reply(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
      if (a.expired)
        return reply(res, 410, { message: 'Artifact has expired', documentation_url: DOCS, status: '410' });
      res.writeHead(302, { location: `${fake.blobUrl}/blobs/${a.id}.zip?sig=signed`, 'content-length': '0' });
      return void res.end();
    }
    const pull = PULL.exec(path);
    if (pull && method === 'GET') return answerPull(Number(pull[3]), pull[1]!, pull[2]!, res);
    const issue = ISSUE_COMMENTS.exec(path);
    const one = COMMENT.exec(path);
    if ((issue || one) && fake.refuseComments !== null) return refusal(res, fake.refuseComments);
    if (issue && method === 'GET') {
      const all = fake.comments.filter((c) => c.issue === Number(issue[3]));
      const perPage = Number(q.query.per_page ?? 30);
      const page = Number(q.query.page ?? 1);
      const last = Math.max(1, Math.ceil(all.length / perPage));
      const headers: Record<string, string> =
        page < last
          ? {
              link: `<${fake.url}${path}?per_page=${perPage}&page=${page + 1}>; rel="next", <${fake.url}${path}?per_page=${perPage}&page=${last}>; rel="last"`,
            }
          : {};
      const slice = all.slice((page - 1) * perPage, page * perPage);
      return reply(
        res,
        200,
        slice.map((c) => commentView(c, issue[1]!, issue[2]!)),
        headers,
      );
    }
    if (issue && method === 'POST') {
      const c: FakeComment = {
        id: ++nextId,
        issue: Number(issue[3]),
        body: String(body.body),
        login: userOf(q)?.login ?? BOT,
      };
      fake.comments.push(c);
      return reply(res, 201, commentView(c, issue[1]!, issue[2]!));
    }
    if (one && method === 'PATCH') {
      const c = fake.comments.find((x) => x.id === Number(one[3]));
      if (!c) return reply(res, 404, { message: 'Not Found' });
      c.body = String(body.body);
      return reply(res, 200, commentView(c, one[1]!, one[2]!));
    }
    return reply(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.invalid');
    readJson(req)
      .then((body) => {
        const q: GithubRequest = {
          method: req.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          authorization: req.headers.authorization,
          body,
        };
        fake.requests.push(q);
        if (o.check) fake.violations.push(...o.check(q).map((v) => `${q.method} ${q.path}: ${v}`));
        handle(q, res);
      })
      .catch(() => reply(res, 400, { message: 'Problems parsing JSON' }));
  });
  // The blob store: another origin (another port), as GitHub's redirect leads to another host.
  const blobs = createServer((req, res) => {
    req.resume();
    const path = new URL(req.url ?? '/', 'http://blob.invalid').pathname;
    const asked: BlobRequest = { path, authorization: req.headers.authorization, served: 0 };
    fake.blobRequests.push(asked);
    const a = fake.artifacts.find((x) => path === `/blobs/${x.id}.zip`);
    if (!a) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      return void res.end('<Error><Code>BlobNotFound</Code></Error>');
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(a.bytes.length) });
    // In pieces, each when the connection takes it: a reader that stops early stops the serving.
    const send = () => {
      while (asked.served < a.bytes.length && !res.destroyed) {
        const piece = a.bytes.subarray(asked.served, asked.served + 64 * 1024);
        asked.served += piece.length;
        if (!res.write(piece)) return void res.once('drain', send);
      }
      if (!res.destroyed) res.end();
    };
    send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => blobs.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.blobUrl = `http://127.0.0.1:${(blobs.address() as AddressInfo).port}`;
  const closeOne = (s: typeof server) =>
    new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    });
  fake.close = async () => {
    await Promise.all([closeOne(server), closeOne(blobs)]);
  };
  return fake;
}
