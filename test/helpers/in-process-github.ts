/**
 * What the in-process tests of src/github share: one fake GitHub per test file
 * (scripts/fake-github.ts on 127.0.0.1), every request checked against GitHub's published REST
 * description; a fetch that answers chosen requests itself (what the fake never says: a 422, a
 * 202 without a deployment, a listing without optional fields); and a port nothing listens on.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startFakeGithub, type FakeGithub, type GithubRequest } from '../../scripts/fake-github.js';
import { loadGithubSchema } from '../../scripts/github-schema.js';

export const REPOSITORY = 'octo-org/shop';
/** Shaped like an installation token, so a leak would be found by its text. */
export const TOKEN = 'ghs_inProcessGithubTestToken0000000000';

export interface GithubFixture {
  github: FakeGithub;
}

/** Started before the file's tests, reset before each, closed after; a request GitHub would refuse fails the test. */
export function useFakeGithub(): GithubFixture {
  const fixture = {} as GithubFixture;
  beforeAll(async () => {
    fixture.github = await startFakeGithub({ check: loadGithubSchema().check });
  });
  afterAll(async () => {
    await fixture.github?.close();
  });
  beforeEach(() => fixture.github.reset());
  afterEach(() => {
    expect(fixture.github.violations, 'requests GitHub would refuse or ignore').toEqual([]);
  });
  return fixture;
}

/** The requests the fake received, as `METHOD path`. */
export const asked = (github: FakeGithub): string[] => github.requests.map((q) => `${q.method} ${q.path}`);

/** The requests other than reads. */
export const writes = (github: FakeGithub): GithubRequest[] => github.requests.filter((q) => q.method !== 'GET');

export interface Scripted {
  /** `METHOD path` (no query), e.g. `POST /repos/octo-org/shop/deployments`. */
  readonly match: string | ((method: string, url: URL) => boolean);
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** How many matching requests get this answer; default every one. */
  times?: number;
}

/**
 * A fetch that answers matching requests itself and passes every other one on to the real
 * fetch (the fake GitHub): GitHub's rarer answers, for the code that reads them.
 */
export function scriptedFetch(...answers: Scripted[]): typeof fetch & { seen: string[] } {
  const seen: string[] = [];
  const f = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
    const hit = answers.find(
      (a) =>
        (a.times ?? 1) > 0 &&
        (typeof a.match === 'string' ? a.match === `${request.method} ${url.pathname}` : a.match(request.method, url)),
    );
    if (!hit) return fetch(request);
    if (hit.times !== undefined) hit.times--;
    const body = hit.body === undefined ? null : JSON.stringify(hit.body);
    return new Response(body, {
      status: hit.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...hit.headers },
    });
  };
  return Object.assign(f as typeof fetch, { seen });
}

/** GitHub's shape of a refusal's body. */
export const githubError = (message: string) => ({ message, documentation_url: 'https://docs.github.com/rest' });

/** A loopback port just freed: nothing listens there, so a connection is refused. */
export async function freedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}
