/**
 * Names that differ from one machine to the next: a workspace and a RUNNER_TEMP with spaces and
 * non-ASCII letters in them (a Windows profile such as `C:\Users\Jürgen Müller`), and a run
 * without RUNNER_TEMP, which falls back to the system's temp dir. dist/index.js runs as the
 * runner runs it; each test checks where the zip went and that nothing is left behind. And a name
 * the server chose, full of control characters, as the log shows it.
 */
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTILE, seedWithHostileName } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { APP_FILES, makeWorkspace } from './helpers/workspace.js';

const emulator = useEmulator({ seed: seedWithHostileName, buildSeconds: 0.3 });

const EXPECTED_ENTRIES = ['build.mjs', 'package.json', 'packages/ui/index.js', 'src/app.js', 'src/index.html'];

describe.each(NODES)('names per platform on $label', ({ node }) => {
  it('deploys a workspace and writes its zip under names with spaces and non-ASCII letters', async () => {
    const base = join(makeWorkspace({}), 'Jürgen Müller 日本');
    const workspace = join(base, 'my repo');
    const runnerTemp = join(base, 'runner temp');
    mkdirSync(base, { recursive: true });
    renameSync(makeWorkspace(APP_FILES), workspace);
    mkdirSync(join(workspace, 'web app'), { recursive: true });
    renameSync(makeWorkspace(APP_FILES), join(workspace, 'web app', 'dist ü'));

    const r = await runChecked({
      node,
      workspace,
      emulator,
      env: { RUNNER_TEMP: runnerTemp },
      inputs: deployInputs(emulator, 'shop', { path: 'web app/dist ü' }),
    });

    expect(r.code, r.stdout).toBe(0);
    expect(r.outputs.status).toBe('success');
    expect(emulator.state.uploads.map((u) => u.entries)).toEqual([EXPECTED_ENTRIES]);
    // The action made RUNNER_TEMP (it did not exist), wrote the zip there and removed it.
    expect(readdirSync(runnerTemp)).toEqual([]);
  });

  it('writes its zip into the system temp dir when RUNNER_TEMP is empty', async () => {
    // The child's os.tmpdir(): TMPDIR on Linux and macOS, TEMP/TMP on Windows. A directory that
    // does not exist yet shows that the action used it (it creates it) and left it empty.
    const systemTemp = join(makeWorkspace({}), 'system temp');
    const r = await runChecked({
      node,
      workspace: makeWorkspace(APP_FILES),
      emulator,
      env: { RUNNER_TEMP: '', TMPDIR: systemTemp, TEMP: systemTemp, TMP: systemTemp },
      inputs: deployInputs(emulator, 'shop'),
    });

    expect(r.code, r.stdout).toBe(0);
    expect(emulator.state.uploads).toHaveLength(1);
    expect(existsSync(systemTemp)).toBe(true);
    expect(readdirSync(systemTemp)).toEqual([]);
  });
});

it("shows a server's control characters escaped, in plain lines and in warnings", async () => {
  // cms-environment differs from the environment's: a warning names it too.
  const r = await runChecked({
    workspace: makeWorkspace(APP_FILES),
    emulator,
    inputs: deployInputs(emulator, 'web', { environment: HOSTILE.id, 'cms-environment': 'demoprod' }),
  });

  expect(r.code, r.stdout).toBe(0);
  const shown = 'x\\x1b]0;owned\\x07\\x1b[2J\\x0dforged\\x9b1m';
  expect(r.stdout).toContain(`\nenvironment "${shown}" found`);
  expect(r.stdout).toContain(`::warning::input "cms-environment" is demoprod, but environment "${shown}"`);
  for (const raw of ['\x1b', '\x07', '\rforged', '\x9b']) expect(r.stdout).not.toContain(raw);
});
