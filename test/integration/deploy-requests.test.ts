/**
 * The deploy's requests before and around the upload, one at a time. Cancelled while each is in
 * flight (the look-ups of the environment by name and of every name for a near miss, the cms
 * install, the creation or update of the environment, the delete of an app this run created,
 * the wait for the build): the request is given up with the run's signal (one that was not
 * given it is answered late, and named in `unheard`), the run ends "cancelled", and the error
 * says what was being done. The lists are asked for 100 a page, whatever the service's default.
 * An upload answered with its operation named (the emulator answers `no_build`) names it; one
 * answered before its streamed body was read is sent again as the finished file.
 */
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { APP_FILES, makeWorkspace } from '../action/helpers/workspace.js';
import { PREVIEWS, previewSeed } from '../helpers/preview-seed.js';
import { cancelledInFlight, type Steer } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';

const APPS = '/headless/v1/accounts/demo/apps';
const ENVS = `${APPS}/shop/environments`;
const INSTALLS = '/v1/installs';

const f = useFlow(
  { seed: previewSeed, buildSeconds: 5 },
  { inputs: () => ({ app: 'shop', 'create-missing': 'true' }), files: APP_FILES },
);
const deploy = (
  values: Record<string, string>,
  over: { signal?: AbortSignal; client?: Client; workspace?: string; tempDir?: string } = {},
) => f.run(values, over);

/** The answer of the `n`th request to a route (1 for the first) is `then`; those before it are the emulator's. */
function onCall(n: number, then: Steer): Steer {
  let calls = 0;
  return (real, req) => (++calls === n ? then(real, req) : real());
}

/**
 * Deploys with `values`, the run cancelled while the `nth` request to `route` is in flight;
 * checks that this request was the last asked and was given up with the run's signal.
 */
async function cancelledAt(route: string, values: Record<string, string>, nth = 1) {
  const cancel = new AbortController();
  const unheard: string[] = [];
  f.steered.steer(route, onCall(nth, cancelledInFlight(cancel, unheard)));
  const result = await deploy(values, { signal: cancel.signal });
  expect(f.steered.steered).toEqual(Array<string>(nth).fill(route));
  expect(unheard).toEqual([]);
  return result;
}

const apps = () => f.emulator.state.apps.map((a) => a.appId);
const environments = () => f.emulator.state.environments.map((e) => e.displayName).sort();

describe('a deploy cancelled while a request is in flight', () => {
  it('the listing of every name, for a near miss: given up, nothing created', async () => {
    // The first listing looks for "review" by name; the second gathers every name.
    const { report } = await cancelledAt(`GET ${ENVS}`, { environment: 'review' }, 2);
    expect(report.status).toBe('cancelled');
    expect(environments()).toEqual(['pr-1', 'pr-12', 'staging']);
  });

  it('the listing of the installs, before the environment is created with its cms install: given up', async () => {
    const values = { environment: 'review', 'cms-environment': 'demostg', 'api-url': f.emulator.url };
    const { report } = await cancelledAt(`GET ${INSTALLS}`, values);
    expect(report.status).toBe('cancelled');
    expect(environments()).toEqual(['pr-1', 'pr-12', 'staging']);
  });

  it('the creation of the environment: given up, and the error says what was being done', async () => {
    const { report, out, firstLine } = await cancelledAt(`POST ${ENVS}`, { environment: 'review' });
    expect(report.status).toBe('cancelled');
    // The zip is written meanwhile, and said to be.
    expect(firstLine).toBe('deploy cancelled: cancelled while creating the environment and writing the zip');
    expect(out['environment-created']).toBeUndefined();
  });

  it("the update of an existing environment's variables: given up, and the error says so", async () => {
    const route = `PATCH ${ENVS}/${PREVIEWS.staging.id}`;
    const { report, firstLine } = await cancelledAt(route, { environment: 'staging', 'env-vars': 'A=1' });
    expect(report.status).toBe('cancelled');
    expect(firstLine).toMatch(/^deploy cancelled: cancelled while updating the environment\b/);
  });

  it('the delete of the app this run created, after its environment was refused: given up', async () => {
    // Without api-url the install is not checked first: the service refuses it at creation.
    const values = { app: 'basket', environment: 'review', 'cms-environment': 'nosuch' };
    const { report } = await cancelledAt(`DELETE ${APPS}/basket`, values);
    expect(report.status).not.toBe('success');
    expect(apps()).toEqual(['shop', 'basket']);
  });

  it('the wait for the build: the error says the run was waiting for it', async () => {
    const cancel = new AbortController();
    const client = new Proxy(f.steered.client, {
      get(target, key, receiver) {
        if (key !== 'waitForOperation') return Reflect.get(target, key, receiver);
        return (...args: Parameters<typeof target.waitForOperation>) => {
          cancel.abort(new Error('the run was cancelled'));
          return target.waitForOperation(...args);
        };
      },
    });
    const { report, firstLine, ctx } = await deploy({ environment: 'staging' }, { signal: cancel.signal, client });
    expect(report.status).toBe('cancelled');
    expect(firstLine).toBe('deploy cancelled: cancelled while waiting for the build');
    // The zip was taken whole before the wait: no word of an upload cut short.
    expect(report.error).not.toContain('cut short');
    expect(ctx.record.facts).toContain('zip uploaded');
  });
});

describe("the lists a deploy reads: 100 a page, whatever the service's default", () => {
  it('environments 100 a page, installs 100 a page', async () => {
    const asked: string[] = [];
    const note: Steer = (real, req) => (asked.push(`${req.method} ${req.url.pathname}${req.url.search}`), real());
    f.steered.steer(`GET ${ENVS}`, note);
    f.steered.steer(`GET ${INSTALLS}`, note);
    const { report } = await deploy({ environment: 'review', 'cms-environment': 'demostg', 'api-url': f.emulator.url });
    expect(report.status).toBe('success');
    expect(asked).toEqual([`GET ${ENVS}?pageSize=100`, `GET ${ENVS}?pageSize=100`, `GET ${INSTALLS}?limit=100`]);
  });
});

const UPLOAD = `POST /headless/fu/v1/accounts/demo/apps/shop/environments/${PREVIEWS.staging.id}:upload`;

describe('what an upload is answered with', () => {
  const answered =
    (body: string): Steer =>
    async (real) => ({ ...(await real()), body });
  const uploaded = (lines: string[]) => lines.find((l) => l.startsWith('uploaded '));

  it('an answer before the zip sent while it is written was read: the finished file with its length next, and why', async () => {
    const early: Steer = (_real, req) => {
      (req.body as Readable).destroy();
      return { status: 413, headers: {}, body: '', earlyAnswer: true };
    };
    f.steered.steer(UPLOAD, onCall(1, early));
    const { report, lines } = await deploy({ environment: 'staging', wait: 'false' });
    expect(report.status).toBe('started');
    expect(f.steered.steered).toEqual([UPLOAD, UPLOAD]);
    const why = 'server answered before reading a body without a length';
    expect(lines).toContain(
      `upload: the server refused the zip sent while it was being written (413, ${why}); sending the finished file with its length`,
    );
    expect(uploaded(lines)).toContain(`(sent the finished file (${why}));`);
    expect(f.emulator.state.uploads).toHaveLength(1);
  });

  it('no body: the build is said to be followed as the latest operation; one named: in the log, what was done, the output', async () => {
    f.steered.steer(UPLOAD, answered(''));
    const none = await deploy({ environment: 'staging', wait: 'false' });
    expect(none.report.status).toBe('started');
    expect(uploaded(none.lines)).toMatch(
      /; the service answered no operation; the build is followed as the environment's latest operation$/,
    );
    const named = `accounts/demo/apps/shop/environments/${PREVIEWS.staging.id}/operations/build-7f3a`;
    f.steered.steer(UPLOAD, answered(JSON.stringify({ name: named, done: false })));
    const t = await deploy({ environment: 'staging', wait: 'false' });
    expect(uploaded(t.lines)).toMatch(new RegExp(`; operation ${named}$`));
    expect(t.ctx.record.facts).toContain(`zip uploaded (operation ${named})`);
    expect(t.out.operation).toBe(named);
    expect(f.steered.steered).toEqual([UPLOAD, UPLOAD]);
  });

  it('one named, then unknown to every poll (404): the run fails; it is not "started" as an upload without an operation', async () => {
    const named = `accounts/demo/apps/shop/environments/${PREVIEWS.staging.id}/operations/build-9c1d`;
    f.steered.steer(UPLOAD, answered(JSON.stringify({ name: named, done: false })));
    f.steered.steer(`GET /headless/v1/${named}`, async (real) => ({
      ...(await real()),
      status: 404,
      body: JSON.stringify({ error: { code: 404, message: 'operation not found', status: 'NOT_FOUND' } }),
    }));
    const t = await deploy({ environment: 'staging' });
    expect(t.report.status).toBe('failure');
    expect(t.out.status).toBe('failure');
    expect(t.out.operation).toBe(named);
    expect(t.warnings.join('\n')).not.toContain('without an operation');
  });
});

describe('skip-if-digest: the tree already live is neither zipped nor uploaded', () => {
  it('unchanged: no upload, no zip in the temp dir, status unchanged; one byte changed: deployed', async () => {
    const ws = makeWorkspace(APP_FILES);
    const uploads = () => f.routes().filter((r) => r.endsWith(':upload')).length;
    const first = await deploy({ environment: 'staging' }, { workspace: ws });
    expect([first.report.status, first.out.unchanged]).toEqual(['success', 'false']);
    const digest = first.out['content-digest']!;
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);

    const tempDir = mkdtempSync(join(tmpdir(), 'hd-skip-'));
    const again = await deploy({ environment: 'staging', 'skip-if-digest': digest }, { workspace: ws, tempDir });
    expect([again.report.status, again.out.unchanged, again.out['content-digest']]).toEqual([
      'unchanged',
      'true',
      digest,
    ]);
    expect(uploads()).toBe(1);
    expect(readdirSync(tempDir)).toEqual([]);
    expect(again.details['unchanged, live']).toContain(digest);

    appendFileSync(join(ws, 'package.json'), ' ');
    const changed = await deploy({ environment: 'staging', 'skip-if-digest': digest }, { workspace: ws, tempDir });
    expect([changed.report.status, changed.out.unchanged]).toEqual(['success', 'false']);
    expect(changed.out['content-digest']).not.toBe(digest);
    expect(uploads()).toBe(2);
    rmSync(tempDir, { recursive: true });
  });
});
