/**
 * The deploy's look-ups overlap the walk of the tree: the GET of the app leaves once the walk
 * has kept a first entry, while directories are still being read. What must still hold: nothing
 * at all is sent for a bad path, a bad exclude-from file or an empty zip; nothing with an effect
 * (a GitHub deployment, a creation, the upload) happens before the plan is complete; a plan that
 * fails after the look-ups started is the run's error; a look-up that fails is reported as the
 * look-up it is. The walk is watched through its file-system calls: each directory it reads
 * notes what the emulator has received by then, so no clock is read.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeploymentState } from '../../src/github/deployment.js';
import type { GithubServices } from '../../src/github/services.js';
import { APP_FILES, makeWorkspace } from '../action/helpers/workspace.js';
import { clientFor } from '../helpers/step-context.js';
import { useFlow } from './helpers/flow.js';

/** Called with each directory the walk reads, before it is read; may throw as the disk would. */
const walkHook = vi.hoisted(() => ({ readdir: null as ((dir: string) => void) | null }));

vi.mock('../../src/archive/plan/walk-fs.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/archive/plan/walk-fs.js')>();
  return {
    ...real,
    nodeWalkFs: {
      ...real.nodeWalkFs,
      readdir: (dir: string) => {
        walkHook.readdir?.(dir);
        return real.nodeWalkFs.readdir(dir);
      },
    },
  };
});

const f = useFlow(
  { buildSeconds: 60 },
  {
    inputs: (e) => ({
      'api-url': e.url,
      app: 'shop',
      environment: 'staging',
      'cms-environment': 'demostg',
      'github-deployment': 'true',
      // Only read: the deployment goes to the fake GitHub each test gives the context.
      'github-token': 'fake-github-token',
    }),
  },
);
afterEach(() => {
  walkHook.readdir = null;
});

/** Enough directories that the walk gives the event loop many turns (one every 8) after its first entry. */
const DIRS = 640;
const GET_APP = 'GET /headless/v1/accounts/demo/apps/shop';

/** The app's files at the root, so the first entry comes with the first directory read, then many directories. */
function bulkyWorkspace(files: Record<string, string> = APP_FILES, perDir?: string): string {
  const ws = makeWorkspace(files);
  for (let i = 0; i < DIRS; i++) {
    const dir = join(ws, 'assets', `d${i}`);
    mkdirSync(dir, { recursive: true });
    if (perDir) writeFileSync(join(dir, perDir), 'x\n');
  }
  return ws;
}

const received = () => f.routes();

/** Each directory read, with what the emulator had received when the walk came to it. */
interface Read {
  dir: string;
  received: string[];
}

function watchWalk(onRead?: (n: number, dir: string) => void): Read[] {
  const reads: Read[] = [];
  walkHook.readdir = (dir) => {
    reads.push({ dir, received: received() });
    onRead?.(reads.length, dir);
  };
  return reads;
}

/** A GitHub that records what the deploy asks of it, with how many directories had been read by then. */
function fakeGithub(reads: Read[]): { github: GithubServices; asked: string[] } {
  const asked: string[] = [];
  const github: Partial<GithubServices> = {
    startDeployment: async (environment) => {
      asked.push(`start ${environment} after ${reads.length} reads`);
      return { status: async (state: DeploymentState) => void asked.push(state) };
    },
    pullRequest: null,
  };
  return { github: github as GithubServices, asked };
}

/** Rejections nobody handled while `run` went on (and for a few turns after, as abandoned requests settle). */
async function unhandledDuring<T>(run: () => Promise<T>): Promise<{ result: T; unhandled: unknown[] }> {
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', note);
  try {
    const result = await run();
    for (let i = 0; i < 20; i++) await nextTurn();
    return { result, unhandled };
  } finally {
    process.off('unhandledRejection', note);
  }
}

/** A deploy of `workspace` whose walk is watched, with a GitHub that records what it is asked. */
async function watched(
  workspace: string,
  extra: Record<string, string> = {},
  onRead?: (n: number, dir: string) => void,
) {
  const reads = watchWalk(onRead);
  const { github, asked } = fakeGithub(reads);
  const r = await f.run(extra, { workspace, github });
  return { ...r, reads, asked };
}

describe('the look-ups overlap the walk', () => {
  it('sends the GET of the app while directories are still being read, and nothing else before the plan is complete', async () => {
    const { report, reads, asked, written } = await watched(bulkyWorkspace());
    expect(report.status).toBe('success');
    expect(reads.length).toBeGreaterThan(DIRS);
    // Nothing before the walk: the root is read before any request.
    expect(reads[0]!.received).toEqual([]);
    // The app was asked for while directories were still being read...
    const asked1st = reads.findIndex((r) => r.received.includes(GET_APP));
    expect(asked1st).toBeGreaterThan(0);
    expect(asked1st).toBeLessThan(reads.length - 1);
    // ...and only GET requests went out during the walk.
    expect(reads.flatMap((r) => r.received).filter((c) => !c.startsWith('GET '))).toEqual([]);
    // The GitHub deployment, the creations and the upload came after the last directory.
    expect(asked).toEqual([`start staging after ${reads.length} reads`, 'in_progress', 'success']);
    expect(f.writes().length).toBeGreaterThanOrEqual(3);
    // The look-ups' findings are said in the step's order, as before: outputs of the app before the environment's.
    const names = written.map(([name]) => name);
    expect(names.indexOf('app')).toBeLessThan(names.indexOf('environment-id'));
  });

  it('says what the look-ups found in the order of the step, after the plan’s warnings', async () => {
    // A first run creates app and environment; the second finds both while it walks.
    await f.run({ 'github-deployment': 'false' }, { files: APP_FILES });
    const { 'package.json': _left, ...withoutPackageJson } = APP_FILES;
    const before = received().length;
    const { report, reads, lines } = await watched(bulkyWorkspace(withoutPackageJson), {
      'github-deployment': 'false',
      wait: 'false',
    });
    expect(report.status).toBe('started');
    expect(reads.at(-1)!.received.slice(before)).toContain(GET_APP);
    const at = (text: string) => lines.findIndex((l) => l.includes(text));
    // The plan's warning comes first, though the app was found while it walked.
    expect(at('has no package.json at its root')).toBeGreaterThanOrEqual(0);
    expect(at('app "shop" found')).toBeGreaterThan(at('has no package.json at its root'));
    expect(at('environment "staging" found')).toBeGreaterThan(at('app "shop" found'));
  });
});

describe('nothing is sent before the plan has a first entry', () => {
  const outside = makeWorkspace({ 'secret.txt': 'outside\n' });
  const cases: [string, () => { workspace: string; inputs?: Record<string, string> }, RegExp][] = [
    [
      'a path that does not exist',
      () => ({ workspace: bulkyWorkspace(), inputs: { path: 'not-checked-out' } }),
      /input "path": "not-checked-out" does not exist in the workspace/,
    ],
    [
      'a path that is a file',
      () => ({ workspace: bulkyWorkspace(), inputs: { path: 'package.json' } }),
      /input "path": "package.json" is a file/,
    ],
    [
      'a path leading out of the workspace through a link',
      () => {
        const workspace = bulkyWorkspace();
        symlinkSync(outside, join(workspace, 'leads-out'));
        return { workspace, inputs: { path: 'leads-out' } };
      },
      /input "path": "leads-out" leads out of the workspace through a symbolic link/,
    ],
    [
      'an exclude-from file that does not exist',
      () => ({ workspace: bulkyWorkspace(), inputs: { 'exclude-from': '.deployignore' } }),
      /exclude-from file "\.deployignore" cannot be read \(ENOENT\)/,
    ],
    [
      'an exclude-from file leading out of the path through a link',
      () => {
        const workspace = bulkyWorkspace();
        symlinkSync(join(outside, 'secret.txt'), join(workspace, '.deployignore'));
        return { workspace, inputs: { 'exclude-from': '.deployignore' } };
      },
      /exclude-from file "\.deployignore" leads out of the path input through a symbolic link/,
    ],
    [
      'nothing left after the excludes, after a long walk',
      () => ({ workspace: bulkyWorkspace({ 'debug.log': 'x\n' }, 'run.log'), inputs: { exclude: '*.log' } }),
      /input "path": nothing to deploy in "\." after excludes \(excluded by exclude:1\)/,
    ],
  ];

  it.each(cases)('%s: fails without a request to the service or to GitHub', async (_label, make, message) => {
    const { workspace, inputs } = make();
    const { report, reads, asked } = await watched(workspace, inputs);
    expect(report.error).toMatch(message);
    // The empty zip's walk read every directory, giving requests every chance to arrive.
    if (inputs?.exclude) expect(reads.length).toBeGreaterThan(DIRS);
    for (let i = 0; i < 10; i++) await nextTurn();
    expect(received()).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('a plan that fails after the look-ups started', () => {
  /** A deploy whose walk fails (EACCES) at its `failAt`th directory; what the emulator had received by then. */
  async function failingDeploy(failAt: number) {
    let seenWhenFailing: string[] = [];
    let failedDir = '';
    const workspace = bulkyWorkspace();
    // The deflate workers start at the first entry; a plan that fails must stop them, or they
    // would keep the action's process alive after its error.
    const workers: Worker[] = [];
    const onWorker = (w: Worker) => workers.push(w);
    process.on('worker', onWorker);
    const { result, unhandled } = await unhandledDuring(() =>
      watched(workspace, {}, (n, dir) => {
        if (n !== failAt) return;
        seenWhenFailing = received();
        failedDir = dir;
        throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
      }),
    ).finally(() => process.off('worker', onWorker));
    expect(workers.length).toBeGreaterThan(0);
    expect(workers.map((w) => w.threadId)).toEqual(workers.map(() => -1));
    expect(unhandled).toEqual([]);
    // The planning error, under what the step was doing then, exactly as when nothing overlapped it.
    const rel = relative(workspace, failedDir).split(sep).join('/');
    expect(rel).not.toBe('');
    expect(result.firstLine).toBe(
      `deploy failed: checking the path and planning the zip: cannot read directory "${rel}" (permission denied); make it readable or exclude it`,
    );
    expect(result.asked).toEqual([]);
    // What the look-ups found is not said: no output but the status, no "found".
    expect(result.written.map(([name]) => name)).toEqual(['status']);
    expect(result.lines.filter((l) => /\bfound\b/.test(l))).toEqual([]);
    return seenWhenFailing;
  }

  it('at the directory after the first entry: the look-ups under way are abandoned', async () => {
    await failingDeploy(2);
    // The app is missing: had its look-up gone on, the apps would have been listed next.
    expect(received().filter((c) => c !== GET_APP)).toEqual([]);
  });

  it('late in the walk, once app and environment were found: nothing with an effect is done', async () => {
    await f.run({ 'github-deployment': 'false' }, { files: APP_FILES });
    const before = received().length;
    expect((await failingDeploy(DIRS - 10)).slice(before)).toContain(GET_APP);
    expect(
      received()
        .slice(before)
        .filter((c) => !c.startsWith('GET ')),
    ).toEqual([]);
  });
});

it('a look-up that fails while the walk goes on is the run’s error once the plan is complete, named as the look-up', async () => {
  const wrong = clientFor(f.emulator.url, f.clock, { userId: 'demo-user', password: 'not-the-password' });
  try {
    const reads = watchWalk();
    const { github, asked } = fakeGithub(reads);
    const { result, unhandled } = await unhandledDuring(() =>
      f.run({}, { workspace: bulkyWorkspace(), client: wrong, github }),
    );
    // Refused while directories were still being read...
    expect(f.emulator.requests().find((r) => r.status === 401)).toBeDefined();
    expect(reads.at(-1)!.received).toContain(GET_APP);
    // ...and reported after the plan, as the look-up, as when looking came after planning.
    expect(result.firstLine).toMatch(/^deploy failed: looking for the app: .*\b401\b/);
    expect(asked).toEqual([`start staging after ${reads.length} reads`, 'in_progress', 'failure']);
    expect(received()).toEqual([GET_APP]);
    expect(unhandled).toEqual([]);
  } finally {
    await wrong.close();
  }
});
