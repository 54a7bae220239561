/**
 * The emulator action's main step: starts the emulator bundle in the background for the rest of
 * the job and returns once it listens. Its pid goes to the post step through the action's state.
 */
import * as core from '@actions/core';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { loadSeedFile, defaultSeed, type Seed } from '../store/seed.js';
import { resolveWorkspacePath, WorkspacePathError } from '../../src/steps/deploy/workspace-file.js';
import { emulatorArgs } from './inputs.js';
import { startDetached } from './process.js';

/** The credentials and account a workflow passes to the deploy action, from the seed in use. */
function seedFacts(seed: Seed): { userId: string; password: string; account: string } {
  const credential = seed.credentials?.[0];
  return {
    userId: credential?.userId ?? '',
    password: credential?.password ?? '',
    account: seed.headless?.accounts?.[0] ?? credential?.account ?? '',
  };
}

async function run(): Promise<void> {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  // Inside the workspace once links are followed, a regular file, and an error that never shows
  // what the path leads to.
  const seedInput = core.getInput('seed').trim();
  const seedFile =
    seedInput === ''
      ? null
      : await resolveWorkspacePath({
          input: 'seed',
          value: seedInput,
          workspace,
          kind: 'file',
          missingHint: 'a relative path is taken from the workspace',
        }).catch((e: unknown) => {
          throw e instanceof WorkspacePathError ? new Error(`emulator action: ${e.message}`) : e;
        });
  const args = emulatorArgs(
    {
      port: core.getInput('port') || '0',
      seed: seedFile ?? '',
      faults: core.getInput('faults'),
      latency: core.getInput('latency') || '0',
      buildSeconds: core.getInput('build-seconds') || '2',
      answers: core.getInput('answers'),
    },
    workspace,
  );
  // Loaded here too, to name its credentials in the outputs; a bad seed fails before the start.
  const seed = seedFile === null ? defaultSeed : loadSeedFile(seedFile);

  // The bundles sit side by side: emulator/dist/main/index.js runs ../server/index.js.
  const server = resolve(dirname(process.argv[1]!), '..', 'server', 'index.js');
  const logFile = join(process.env.RUNNER_TEMP || tmpdir(), `headless-deploy-emulator-${process.pid}.log`);
  const started = await startDetached(server, args, logFile);
  core.saveState('pid', String(started.pid));
  core.saveState('url', started.url);
  core.saveState('log', logFile);

  const facts = seedFacts(seed);
  core.setOutput('url', started.url);
  core.setOutput('hosting-url', started.url);
  core.setOutput('headless-url', `${started.url}/headless`);
  core.setOutput('api-user-id', facts.userId);
  core.setOutput('api-password', facts.password);
  core.setOutput('account', facts.account);
  core.info(`emulator listening on ${started.url} (pid ${started.pid}); log: ${logFile}`);
}

run().catch((e: unknown) => core.setFailed((e as Error).message));
