/**
 * `npx @github/local-action run . src/doors/action/main.ts .env.example`, as README gives it,
 * deploys examples/demo-app to the emulator and reports the outputs the action set. local-action
 * runs src/doors/action/main.ts from source with @actions/core replaced by its own recorder, so
 * it sees only what goes through @actions/core: an output written to GITHUB_OUTPUT by hand would
 * leave it saying "No outputs were set!". Only the emulator's port and the temp paths of
 * .env.example change.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { osEssentials } from '../../scripts/runner.js';
import { CREDENTIALS } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '@github', 'local-action', 'bin', 'local-action.js');
/** The file that exports the action's run(), as README's command names it. */
const RUN = 'src/doors/action/main.ts';

const emulator = useEmulator({ buildSeconds: 0.3 });
const temp = mkdtempSync(join(tmpdir(), 'hd-local-action-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The rows of local-action's "Action Outputs" table: `│ 0 │ 'status' │ 'success' │`. */
function reportedOutputs(stdout: string): Record<string, string> {
  const table = stdout.slice(stdout.lastIndexOf('Action Outputs'));
  return Object.fromEntries([...table.matchAll(/│ \d+\s+│ '([^']+)'\s+│ '([^']*)'\s+│/g)].map((m) => [m[1]!, m[2]!]));
}

it('deploys examples/demo-app with .env.example and reports the outputs the action set', async () => {
  const output = join(temp, 'output');
  const summary = join(temp, 'summary.md');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const envFile = join(temp, 'env');
  writeFileSync(
    envFile,
    readFileSync(join(ROOT, '.env.example'), 'utf8')
      .replaceAll('http://127.0.0.1:4010', emulator.url)
      .replaceAll('/tmp/headless-deploy-output', output)
      .replaceAll('/tmp/headless-deploy-summary.md', summary)
      .replace('RUNNER_TEMP=/tmp', `RUNNER_TEMP=${temp}`),
  );

  // Asynchronous: the emulator runs in this process and must keep answering. local-action runs
  // `npm exec tsx` and `npm ls`: offline, so nothing leaves the machine.
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'run', '.', RUN, envFile], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
    env: {
      ...osEssentials(process.env, process.platform),
      HOME: temp,
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
    },
  });

  expect(stdout).not.toContain('No outputs were set!');
  const outputs = reportedOutputs(stdout);
  expect(outputs).toMatchObject({ status: 'success', app: 'shop', 'app-created': 'true', 'archive-files': '4' });
  expect(outputs.deployment).toMatch(/^accounts\/demo\/apps\/shop\/environments\/[^/]+\/deployments\/\w+$/);
  // Annotations and groups reach local-action as core calls, which it prints as commands.
  expect(stdout).toMatch(/::group::deploy: deploy "examples\/demo-app"/);
  expect(stdout).toContain('build done');
  // The summary went through core.summary (local-action writes it to GITHUB_STEP_SUMMARY); the
  // outputs through core.setOutput (local-action keeps them; nothing wrote the file by hand).
  expect(readFileSync(summary, 'utf8')).toContain('headless-deploy: succeeded');
  expect(readFileSync(output, 'utf8')).toBe('');
  expect(stdout).not.toContain(CREDENTIALS['api-password']);
  expect(emulator.state.uploads).toHaveLength(1);
  expect(emulator.state.environments[0]).toMatchObject({ displayName: 'staging', cmsEnvironment: 'demostg' });
}, 180_000);
