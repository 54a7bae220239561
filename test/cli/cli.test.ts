/**
 * The program end to end: dist/cli/index.js against the emulator, as a person or another CI's
 * script runs it. The same steps and messages as the action (a run of each compared), outputs
 * on stdout, the log on stderr, and the exit codes a script branches on. How flags and variables
 * become inputs, and each input error, are test/integration/run-cli.test.ts's and the unit tests'.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canMakeFifo } from '../support/platform.js';
import { EXISTING, seedWithApp, webhooksOf } from '../action/helpers/emulator.js';
import { deployInputs, runChecked } from '../action/helpers/run.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { makeWorkspace } from '../action/helpers/workspace.js';
import { outputLines, plainEnv, runCli } from './run-cli.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 0.3 });
/** Builds that outlast any test: for the timeout and Ctrl-C. */
const slow = useEmulator({ seed: seedWithApp, buildSeconds: 600 });

const CREDENTIALS = { HEADLESS_DEPLOY_API_USER_ID: 'demo-user', HEADLESS_DEPLOY_API_PASSWORD: 'demo-password' };
const deployEnv = (more: Record<string, string> = {}, to = emulator) =>
  plainEnv({
    ...CREDENTIALS,
    HEADLESS_DEPLOY_HEADLESS_API_URL: to.headlessUrl,
    HEADLESS_DEPLOY_ACCOUNT: 'demo',
    ...more,
  });

describe('headless-deploy', () => {
  it('deploys the current directory: outputs on stdout as name=value, the log on stderr, exit 0', async () => {
    const cwd = makeWorkspace();
    const r = await runCli({ cwd, env: deployEnv(), args: ['--app', 'shop', '--environment', 'staging'] });

    expect(r.code).toBe(0);
    const env = emulator.state.environments.find((e) => e.app === 'shop')!;
    const outputs = outputLines(r.stdout);
    expect(outputs).toMatchObject({ app: 'shop', 'app-created': 'true', 'environment-id': env.id, status: 'success' });
    expect(outputs.operation).toMatch(/^accounts\/demo\/apps\/shop\/environments\/[^/]+\/operations\/[0-9a-f]{12}$/);
    expect([...emulator.state.uploads[0]!.entries].sort()).toEqual([
      'build.mjs',
      'package.json',
      'packages/ui/index.js',
      'src/app.js',
      'src/index.html',
    ]);
    expect(r.stderr).toContain('app "shop" created (region US-C)');
    expect(r.stderr).not.toContain('::');
    expect(r.stderr).not.toContain('\x1b[');
    expect(r.stdout).not.toContain('demo-password');
    expect(r.stderr).not.toContain('demo-password');
  });

  it('says what the action says, line for line where the run is the same', async () => {
    const cwd = makeWorkspace();
    const cli = await runCli({ cwd, env: deployEnv(), args: ['--app', 'shop', '--environment', 'staging'] });
    emulator.reset();
    const action = await runChecked({
      workspace: cwd,
      emulator,
      inputs: deployInputs(emulator, 'shop', { environment: 'staging' }),
    });
    const lines = (text: string) =>
      text
        .split('\n')
        // The action opens a step's log group with its first line.
        .map((l) => l.replace(/^::group::/, ''))
        .filter((l) => /^(deploy:|app "shop"|uploaded|waiting for the build)/.test(l))
        // ids, sizes and times differ from run to run
        .map((l) => l.replace(/[0-9a-f-]{36}|\d+ ms|\d+(\.\d+)? [kM]?i?B/g, '…'));
    expect(lines(cli.stderr).length).toBeGreaterThanOrEqual(4);
    expect(lines(cli.stderr)).toEqual(lines(action.stdout));
  });

  it('a script chains: deploy without waiting, read operation, wait for it with --operation', async () => {
    const cwd = makeWorkspace();
    const first = await runCli({
      cwd,
      env: deployEnv(),
      args: ['--app', EXISTING.app, '--environment', EXISTING.environmentId, '--no-wait', '--json'],
    });
    expect(first.code).toBe(0);
    // --json: stdout is one JSON object, the status and every output.
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    const started = JSON.parse(first.stdout) as { status: string; outputs: Record<string, string> };
    expect(Object.keys(started)).toEqual(['status', 'outputs']);
    expect(started.status).toBe('started');
    const waited = await runCli({ cwd, env: deployEnv(), args: ['--operation', started.outputs.operation!, '--json'] });
    expect(waited.code).toBe(0);
    const done = JSON.parse(waited.stdout) as { status: string; outputs: Record<string, string> };
    expect(done.status).toBe('success');
    expect(done.outputs.deployment).toMatch(/\/deployments\//);
  });

  it('purges the cache by webhook URL from the environment', async () => {
    const { urls } = await webhooksOf(emulator, EXISTING.environmentId);
    const r = await runCli({ cwd: makeWorkspace({}), env: plainEnv({ HEADLESS_DEPLOY_WEBHOOK_URL: urls.purgeCache }) });
    expect(r.code).toBe(0);
    expect(outputLines(r.stdout)).toEqual({ 'webhook-status': '200', status: 'success' });
    expect(emulator.state.webhookCalls).toHaveLength(1);
    const token = new URL(urls.purgeCache).searchParams.get('token')!;
    expect(r.stdout + r.stderr).not.toContain(token);
  });

  it('copies an install', async () => {
    const r = await runCli({
      cwd: makeWorkspace({}),
      env: plainEnv({ ...CREDENTIALS, HEADLESS_DEPLOY_API_URL: emulator.hostingUrl }),
      args: ['--copy-from', 'demostg', '--copy-to', 'demoprod', '--no-copy-files'],
    });
    expect(r.code).toBe(0);
    expect(outputLines(r.stdout)['install-copy']).toBe('accepted');
    expect(emulator.state.installCopies[0]).toMatchObject({ include_files: false, include_db: true });
  });

  it('deletes an environment', async () => {
    const r = await runCli({
      cwd: makeWorkspace({}),
      env: deployEnv(),
      args: [
        '--app',
        EXISTING.app,
        '--environment',
        EXISTING.displayName,
        '--delete-environment',
        '--delete-pattern',
        '*',
      ],
    });
    expect(r.code).toBe(0);
    expect(outputLines(r.stdout)['environment-deleted']).toBe('true');
    expect(emulator.state.environments.find((e) => e.id === EXISTING.environmentId)).toBeUndefined();
  });
});

describe('exit codes', () => {
  it('2: a misspelled flag, with a did-you-mean, and no request sent', async () => {
    const r = await runCli({ cwd: makeWorkspace(), env: deployEnv(), args: ['--ap', 'shop', '--json'] });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown flag --ap: did you mean --app?');
    expect(r.stderr).toContain('no request was made');
    expect(JSON.parse(r.stdout)).toEqual({ status: 'failure', outputs: { status: 'failure' } });
    expect(emulator.requests()).toEqual([]);
  });

  it('1: a failure (credentials refused), the password never printed', async () => {
    const r = await runCli({
      cwd: makeWorkspace(),
      env: deployEnv({ HEADLESS_DEPLOY_API_PASSWORD: 'wrong-password' }),
      args: ['--app', 'shop', '--environment', 'staging'],
    });
    expect(r.code).toBe(1);
    expect(outputLines(r.stdout).status).toBe('failure');
    expect(r.stdout + r.stderr).not.toContain('wrong-password');
  });

  it('3: a build that outlasts --timeout', async () => {
    const r = await runCli({
      cwd: makeWorkspace(),
      env: deployEnv({}, slow),
      args: ['--app', EXISTING.app, '--environment', EXISTING.displayName, '--timeout', '1s'],
    });
    expect(r.code).toBe(3);
    expect(outputLines(r.stdout).status).toBe('timeout');
  });

  it('130: Ctrl-C (SIGINT) cancels as the action’s cancellation does', async () => {
    const r = await runCli({
      cwd: makeWorkspace(),
      env: deployEnv({}, slow),
      args: ['--app', EXISTING.app, '--environment', EXISTING.displayName],
      started: (pid) => {
        const poll = setInterval(() => {
          if (slow.state.uploads.length > 0) {
            clearInterval(poll);
            process.kill(pid, 'SIGINT');
          }
        }, 50);
      },
    });
    expect(r.stderr).toContain('received SIGINT: cancelling requests in flight');
    expect(r.code).toBe(130);
    expect(outputLines(r.stdout).status).toBe('cancelled');
  });
});

describe('--summary FILE: a regular file or none, never what a link or a special file leads to', () => {
  const SUMMARY = 'deploy-summary.md';
  /** A checkout holding `make`'s thing at deploy-summary.md, and a file outside it a link could name. */
  async function refused(make: (path: string, outside: string) => void): Promise<void> {
    const outside = join(makeWorkspace({ 'notes.md': 'keep me' }), 'notes.md');
    const cwd = makeWorkspace();
    make(join(cwd, SUMMARY), outside);
    const args = ['--app', EXISTING.app, '--environment', EXISTING.displayName, '--summary', SUMMARY];
    const r = await runCli({ cwd, env: deployEnv(), args, timeoutMs: 20_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`--summary "${SUMMARY}" is`);
    expect(r.stderr).toContain('give a path to a regular file, or one that does not exist yet');
    expect(emulator.requests()).toEqual([]);
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
  }

  it.each<[string, (path: string, outside: string) => void]>([
    ['a symbolic link leading out of the checkout', (path, outside) => symlinkSync(outside, path)],
    ['a directory', (path) => mkdirSync(path)],
  ])('refuses %s: exit 2, no request sent', async (_, make) => refused(make));

  // mkfifo is missing on Windows only, where test/cli does not run; a skip is listed in the run.
  it.skipIf(!canMakeFifo)('refuses a FIFO (skipped where mkfifo is missing): exit 2, never blocking on it', () =>
    refused((path) => execFileSync('mkfifo', [path])),
  );

  it('replaces a regular file whole, and will not write through a link put there during the run', async () => {
    const cwd = makeWorkspace();
    writeFileSync(join(cwd, SUMMARY), 'STALE: an older, longer summary\n'.repeat(100));
    const args = ['--app', EXISTING.app, '--environment', EXISTING.displayName, '--summary', SUMMARY];
    const r = await runCli({ cwd, env: deployEnv(), args });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(cwd, SUMMARY), 'utf8')).toMatch(/^[^]*headless-deploy[^]*\n$/);
    expect(readFileSync(join(cwd, SUMMARY), 'utf8')).not.toContain('STALE');

    // Checked at the start, absent then; a link appears while the build runs.
    const outside = join(makeWorkspace({ 'notes.md': 'keep me' }), 'notes.md');
    const swapped = makeWorkspace();
    const late = await runCli({
      cwd: swapped,
      env: deployEnv({}, slow),
      args: [...args.slice(0, -1), 'late.md', '--timeout', '2s'],
      started: () => {
        const poll = setInterval(() => {
          if (slow.state.uploads.length === 0) return;
          clearInterval(poll);
          symlinkSync(outside, join(swapped, 'late.md'));
        }, 20);
      },
    });
    expect(late.code, late.stderr).toBe(3);
    expect(late.stderr).toContain('--summary "late.md" was changed during the run');
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
  });
});
