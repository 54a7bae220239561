/**
 * The emulator action (emulator/action.yml) as the runner runs it: main starts the bundled
 * emulator in the background, the deploy action's dist/index.js runs against main's outputs, and
 * post (given main's state) stops it and writes a summary of what it served.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NODES } from './helpers/nodes.js';
import { runChecked } from './helpers/run.js';
import { runStep, type StepResult } from './helpers/run-step.js';
import { makeWorkspace, removeWorkspaces } from './helpers/workspace.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ACTION_YML = join(ROOT, 'emulator', 'action.yml');
const MAIN = join(ROOT, 'emulator', 'dist', 'main', 'index.js');
const POST = join(ROOT, 'emulator', 'dist', 'post', 'index.js');

const steps: StepResult[] = [];
const started: number[] = [];
afterAll(() => {
  // A failed assertion must not leave an emulator behind.
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
  for (const s of steps) s.cleanup();
  removeWorkspaces();
});

async function step(...args: Parameters<typeof runStep>): Promise<StepResult> {
  const s = await runStep(...args);
  steps.push(s);
  const pid = Number(s.state.pid);
  if (pid > 0) started.push(pid);
  return s;
}

/** Running, and not a zombie waiting for a parent to reap it. */
function running(pid: number): boolean {
  if (process.platform === 'win32') {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  try {
    const stat = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return stat !== '' && !stat.startsWith('Z');
  } catch {
    return false; // ps exits 1 when there is no such process
  }
}

/** Whether nothing listens at `url` any more. */
const refused = (url: string) =>
  fetch(url).then(
    () => false,
    (e: { cause?: { code?: string } }) => e.cause?.code === 'ECONNREFUSED',
  );

describe.each(NODES)('emulator action on $label', ({ node }) => {
  it('main starts it, the deploy action deploys and copies through its outputs, post stops it and sums up', async () => {
    const workspace = makeWorkspace();
    const main = await step({ entry: MAIN, actionYml: ACTION_YML, node, workspace, inputs: { 'build-seconds': '1' } });
    expect(main.code, main.stdout + main.stderr).toBe(0);
    const out = main.outputs;
    expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out['hosting-url']).toBe(out.url);
    expect(out['headless-url']).toBe(`${out.url}/headless`);
    expect(out).toMatchObject({ 'api-user-id': 'demo-user', 'api-password': 'demo-password', account: 'demo' });
    const pid = Number(main.state.pid);
    expect(running(pid), 'the emulator outlives the main step').toBe(true);
    // Its output went to a log in RUNNER_TEMP, not to the step's stdout.
    expect(readFileSync(main.state.log!, 'utf8').split('\n')[0]).toBe(`emulator listening on ${out.url}`);
    expect(readFileSync(main.state.log!, 'utf8')).toContain('answers: contract');
    expect(main.state.log!.startsWith(main.runnerTemp)).toBe(true);

    const credentials = { 'api-user-id': out['api-user-id']!, 'api-password': out['api-password']! };
    const deploy = await runChecked({
      node,
      workspace,
      inputs: {
        ...credentials,
        'headless-api-url': out['headless-url']!,
        account: out.account!,
        app: 'shop',
        environment: 'staging',
      },
    });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    expect(deploy.outputs.status).toBe('success');
    const copy = await runChecked({
      node,
      workspace,
      inputs: { ...credentials, 'api-url': out['hosting-url']!, 'copy-from': 'demostg', 'copy-to': 'demoprod' },
    });
    expect(copy.outputs['install-copy']).toBe('accepted');

    // One request answered by a fault, for the summary to count.
    const set = await fetch(`${out.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faults: '500:1' }),
    });
    expect(set.status).toBe(200);
    expect((await fetch(`${out.url}/v1/installs`)).status).toBe(500);

    const post = await step({ entry: POST, actionYml: ACTION_YML, node, workspace, state: main.state });
    expect(post.code, post.stdout + post.stderr).toBe(0);
    expect(running(pid), 'post stops the emulator').toBe(false);
    expect(await refused(out.url!), 'the port refuses connections after post').toBe(true);

    const summary = post.summary;
    expect(summary).toContain(`## Emulator at ${out.url}`);
    expect(summary).toMatch(/\| `createApp` \| 20\d \| 1 \|/);
    expect(summary).toMatch(/\| `uploadEnvironment` \| 200 \| 1 \|/);
    expect(summary).toMatch(/\| `createInstallCopy` \| 202 \| 1 \|/);
    expect(summary).toMatch(/\| `listInstalls` \| 500 \| 1 \|/);
    expect(summary).toMatch(/\| 500 \| 1 \|/);
    expect(summary, 'the faults table').toContain('| injected fault | requests |');
    expect(summary).toContain('The emulator has been stopped.');
    expect(summary).not.toContain('demo-password');
  });

  it('takes a seed file from the workspace, names its first credentials, and passes the answers input on', async () => {
    const workspace = makeWorkspace({
      'seed.json': readFileSync(join(ROOT, 'test', 'fixtures', 'seed-hosting.json'), 'utf8'),
    });
    const main = await step({
      entry: MAIN,
      actionYml: ACTION_YML,
      node,
      workspace,
      inputs: { seed: 'seed.json', answers: 'documented' },
    });
    expect(main.code, main.stdout + main.stderr).toBe(0);
    expect(main.outputs).toMatchObject({ 'api-user-id': 'owner', 'api-password': 'owner-pass' });
    // A seed's own credentials are not printed in the emulator's banner.
    expect(readFileSync(main.state.log!, 'utf8')).not.toContain('owner-pass');
    expect(readFileSync(main.state.log!, 'utf8')).toContain('answers: documented');
    const post = await step({ entry: POST, actionYml: ACTION_YML, node, workspace, state: main.state });
    expect(post.code).toBe(0);
    expect(post.summary).toContain('It served no requests.');
    expect(running(Number(main.state.pid))).toBe(false);
  });

  it('refuses bad inputs before starting anything, naming each, and post then has nothing to stop', async () => {
    const workspace = makeWorkspace();
    const main = await step({
      entry: MAIN,
      actionYml: ACTION_YML,
      node,
      workspace,
      inputs: { port: '70000', faults: '418:0.5', 'build-seconds': 'soon', answers: 'strict' },
    });
    expect(main.code).not.toBe(0);
    expect(main.stdout).toMatch(
      /::error::.*input "port".*input "build-seconds".*input "faults".*input "answers": unknown answer set "strict"; use contract or documented/,
    );
    expect(main.state.pid).toBeUndefined();
    const post = await step({ entry: POST, actionYml: ACTION_YML, node, workspace, state: main.state });
    expect(post.code).toBe(0);
    expect(post.stdout).toContain('nothing to stop');
  });

  it('refuses a seed that leads out of the workspace, and never shows what it leads to', async () => {
    const SECRET = 'SEED-OUTSIDE-7c1e9a40d2';
    const secretFile = join(makeWorkspace({ id_rsa: `${SECRET} not json\n` }), 'id_rsa');
    const workspace = makeWorkspace({ 'inside.json': `{ "accounts": [ ${SECRET}` });
    symlinkSync(secretFile, join(workspace, 'linked.json'));
    const cases: [string, RegExp][] = [
      ['linked.json', /input "seed": "linked\.json" leads out of the workspace through a symbolic link; give a file/],
      [secretFile, /input "seed": ".*" is outside the workspace; give a path inside it/],
      // Inside and a file, but not JSON: the emulator does not start; named, with where, never with what it holds.
      ['inside.json', /seed file .*inside\.json: not valid JSON/],
    ];
    if (existsSync('/etc/passwd')) {
      symlinkSync('/etc/passwd', join(workspace, 'passwd.json'));
      cases.push(['passwd.json', /input "seed": "passwd\.json" leads out of the workspace through a symbolic link/]);
    }
    for (const [seed, message] of cases) {
      const main = await step({ entry: MAIN, actionYml: ACTION_YML, node, workspace, inputs: { seed } });
      expect(main.code, seed).not.toBe(0);
      expect(main.stdout, seed).toMatch(message);
      expect(main.stdout + main.stderr, seed).not.toContain(SECRET);
      expect(main.stdout + main.stderr, seed).not.toMatch(/root:|nobody:/);
      expect(main.state.pid, seed).toBeUndefined();
    }
  });
});
