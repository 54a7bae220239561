/**
 * What a run loads: dist/index.js holds only what reading the inputs needs, and the rest comes
 * in chunk files that a run loads only when it uses them (src/index.ts). A static import in the
 * wrong place pulls a library into a chunk every run loads, and one of these tests fails. Each
 * library is known by a string only it has; each test checks first that the string is in some
 * file of dist/ (so a test cannot pass by looking for nothing), and the runs that must load a
 * library check that they did (so the recording is known to work).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { osEssentials } from '../../scripts/runner.js';
import { EXISTING, seedWithApp, webhooksOf } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { useFakeGithub } from './helpers/use-fake-github.js';
import { makeWorkspace } from './helpers/workspace.js';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const RECORDER = fileURLToPath(new URL('./helpers/record-loads.mjs', import.meta.url));

/** A string each library's code has and nothing else in dist/ has. */
const MARKERS = {
  undici: 'llhttp',
  // undici's fetch (for octokit only): the index of undici, which the client's own parts leave out
  'undici fetch': 'Request cannot be constructed from a URL that includes credentials',
  // @actions/core's writers (lib/file-command.js), which the action's door talks to the runner with
  "core's writers": 'Unable to find environment variable for file command',
  // core.js itself, with its OIDC client (and so an HTTP client and all of undici): @actions/artifact's only
  'core.js': 'Unable to get ACTIONS_ID_TOKEN_REQUEST_TOKEN env variable',
  octokit: 'octokit-core.js/',
  'form-data': 'application/1d-interleaved-parityfec', // the first entry of mime-db, form-data's MIME table
  'zip engine': 'zip writer: data outside a streamed entry', // src/archive/zip/zip-writer.ts
} as const;
type Library = keyof typeof MARKERS;

const distFiles = () => readdirSync(DIST).filter((f) => f.endsWith('.js'));

/** The files of dist/ holding the library; fails when none does (the marker went stale). */
function filesOf(library: Library): string[] {
  const files = distFiles().filter((f) => readFileSync(join(DIST, f), 'utf8').includes(MARKERS[library]));
  expect(files, `no file of dist/ holds ${library} (its marker "${MARKERS[library]}")`).not.toEqual([]);
  return files;
}

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });
const fixture = useFakeGithub();
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Runs the action with the recorder; returns the run and the libraries it loaded. */
async function runRecorded(o: Omit<Parameters<typeof runChecked>[0], 'nodeArgs'>) {
  const dir = mkdtempSync(join(tmpdir(), 'hd-loads-'));
  dirs.push(dir);
  const record = join(dir, 'loads');
  const run = await runChecked({ ...o, nodeArgs: ['--import', RECORDER], env: { ...o.env, RECORD_LOADS_TO: record } });
  const loaded = readFileSync(record, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:') && fileURLToPath(url).startsWith(DIST))
    .map((url) => fileURLToPath(url).slice(DIST.length));
  expect(loaded, 'the recorder saw the entry load').toContain('index.js');
  const libraries = (Object.keys(MARKERS) as Library[]).filter((l) => filesOf(l).some((f) => loaded.includes(f)));
  return { run, libraries };
}

it('dist/index.js, which every run parses, holds none of the libraries a run may not need', () => {
  const entry = readFileSync(join(DIST, 'index.js'), 'utf8');
  for (const library of Object.keys(MARKERS) as Library[]) {
    expect(filesOf(library), `${library} is in dist/index.js`).not.toContain('index.js');
    expect(entry.includes(MARKERS[library])).toBe(false);
  }
});

it("the action's door holds @actions/core's writers without core.js; core.js is only in @actions/artifact's chunk", () => {
  // Checked to be in @actions/core itself, so the test looks for something.
  const lib = (file: string) => fileURLToPath(new URL(`../../node_modules/@actions/core/lib/${file}`, import.meta.url));
  expect(readFileSync(lib('file-command.js'), 'utf8')).toContain(MARKERS["core's writers"]);
  expect(readFileSync(lib('oidc-utils.js'), 'utf8')).toContain(MARKERS['core.js']);
  const artifact = 'github.actions.results.api.v1.ArtifactService';
  const [withCore, ...more] = filesOf('core.js');
  expect(more).toEqual([]);
  expect(readFileSync(join(DIST, withCore!), 'utf8')).toContain(artifact);
  const door = filesOf("core's writers").filter((f) =>
    readFileSync(join(DIST, f), 'utf8').includes('neutralizeCommands'),
  );
  expect(door).toHaveLength(1);
  expect(door).not.toContain(withCore);
});

it('the program (dist/cli/) never loads @actions/core: its front door writes to the terminal', async () => {
  const cli = fileURLToPath(new URL('../../dist/cli/', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'hd-loads-'));
  dirs.push(dir);
  const record = join(dir, 'loads');
  // An input error: the program loads main.ts to report it, as the action does.
  const run = await promisify(execFile)(process.execPath, ['--import', RECORDER, join(cli, 'index.js'), '--app', 'x'], {
    env: { ...osEssentials(process.env, process.platform), HOME: dir, RECORD_LOADS_TO: record },
  }).catch((err: { code: number; stdout: string }) => err);
  expect(run.stdout).toContain('status=failure');
  const loaded = readFileSync(record, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:') && fileURLToPath(url).startsWith(cli))
    .map((url) => fileURLToPath(url).slice(cli.length));
  expect(loaded).toContain('index.js');
  expect(loaded.length, 'main.ts was loaded').toBeGreaterThan(1);
  const core = readdirSync(cli).filter(
    (f) => f.endsWith('.js') && readFileSync(join(cli, f), 'utf8').includes(MARKERS["core's writers"]),
  );
  expect(core).not.toEqual([]);
  expect(loaded.filter((f) => core.includes(f))).toEqual([]);
});

describe.each(NODES)('chunks loaded on $label', ({ node }) => {
  it("a webhook run loads the client (undici) and core's writers, and neither core.js, the zip engine, form-data nor octokit", async () => {
    const { token } = await webhooksOf(emulator, EXISTING.environmentId);
    const { run, libraries } = await runRecorded({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: {
        ...CREDENTIALS,
        'headless-api-url': emulator.headlessUrl,
        account: 'demo',
        app: EXISTING.app,
        environment: EXISTING.displayName,
        deploy: 'false',
        webhook: 'purge-cache',
        'webhook-token': token,
      },
    });
    expect(run.code).toBe(0);
    expect(libraries).toEqual(['undici', "core's writers"]);
  });

  it("a run with an input error loads nothing of a step, and core's writers to report it", async () => {
    const { run, libraries } = await runRecorded({
      node,
      workspace: makeWorkspace(),
      inputs: deployInputs(emulator, 'shop', { 'github-deployment': 'true', region: 'nowhere' }),
    });
    expect(run.code).toBe(1);
    expect(run.outputs.status).toBe('failure');
    expect(libraries).toEqual(['undici', "core's writers"]);
  });

  it('a deploy loads the zip engine and form-data (for the upload), and octokit and the fetch of undici only with github-deployment', async () => {
    const plain = await runRecorded({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, 'shop'),
    });
    expect(plain.run.outputs.status).toBe('success');
    expect(plain.libraries).toEqual(['undici', "core's writers", 'form-data', 'zip engine']);

    const recorded = await runRecorded({
      node,
      workspace: makeWorkspace(),
      emulator,
      env: { GITHUB_API_URL: fixture.github.url },
      inputs: deployInputs(emulator, 'shop', { 'github-deployment': 'true' }),
    });
    expect(recorded.run.outputs.status).toBe('success');
    expect(recorded.libraries).toEqual([
      'undici',
      'undici fetch',
      "core's writers",
      'octokit',
      'form-data',
      'zip engine',
    ]);
  });
});
