/**
 * The program on a real pseudo-terminal (util-linux `script`): one line updated in place while it
 * zips, uploads and waits for the build; with CI set, plain lines and no escape codes; a server's
 * escape codes shown, never run.
 */
/* eslint-disable no-control-regex -- the terminal's escape codes are what these tests read */
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EXISTING, HOSTILE, seedWithHostileName } from '../action/helpers/emulator.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { APP_FILES, makeWorkspace } from '../action/helpers/workspace.js';
import { CLI_ENTRY, plainEnv } from './run-cli.js';

const HOSTILE_SHOWN = 'x\\x1b]0;owned\\x07\\x1b[2J\\x0dforged\\x9b1m';
const emulator = useEmulator({ seed: seedWithHostileName, buildSeconds: 1.5 });

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs the program under `script`, so its stderr is a terminal; returns what the terminal got. */
async function onTerminal(
  env: Record<string, string>,
  flags = `--environment ${EXISTING.displayName}`,
): Promise<string> {
  const command = `'${process.execPath}' '${CLI_ENTRY}' --app ${EXISTING.app} ${flags}`;
  // Not execFileSync: the emulator answers from this process, whose event loop must keep running.
  const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
    cwd: makeWorkspace({ ...APP_FILES, 'big.bin': 'x'.repeat(2 * 1024 * 1024) }),
    env: plainEnv({
      HEADLESS_DEPLOY_API_USER_ID: 'demo-user',
      HEADLESS_DEPLOY_API_PASSWORD: 'demo-password',
      HEADLESS_DEPLOY_HEADLESS_API_URL: emulator.headlessUrl,
      HEADLESS_DEPLOY_ACCOUNT: 'demo',
      TERM: 'xterm-256color',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let screen = '';
  child.stdout.on('data', (d: Buffer) => (screen += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, screen).toBe(0);
  return screen;
}

it('util-linux `script` is there to give the program a terminal (on Linux)', () => {
  expect(hasScript || process.platform !== 'linux').toBe(true);
});

// macOS's `script` takes other flags and Windows has none: there the unit tests cover the line.
describe.runIf(hasScript && process.platform === 'linux')('on a terminal', () => {
  it('draws one line in place: a bar for the zip and the upload, a spinner for the build', async () => {
    const screen = await onTerminal({});
    const redraws = screen.split('\r\x1b[2K').slice(1);
    expect(redraws.length).toBeGreaterThan(3);
    expect(screen).toMatch(/\r\x1b\[2K\S+ zipping [█░]+\s+\d+%/);
    expect(screen).toMatch(/\r\x1b\[2K\S+ build (queued|\S+ running): \d+s elapsed/);
    // The live line is cleared, not left behind, when a log line comes.
    expect(screen).not.toMatch(/elapsed, [^\r\n]*left\r?\n/);
    expect(screen).toContain('build done in');
  });

  it('with CI set: plain lines, one at a time, no escape codes', async () => {
    const screen = await onTerminal({ CI: 'true' });
    expect(screen).not.toContain('\x1b[');
    expect(screen).not.toMatch(/\r(?!\n)/);
    expect(screen).toContain('waiting for the build');
    expect(screen).toContain('build done in');
  });

  it("shows a server's escape codes and carriage returns escaped, in log lines and warnings, with colours on", async () => {
    // cms-environment differs from the environment's: a warning names it too.
    const screen = await onTerminal({}, `--environment ${HOSTILE.id} --cms-environment demoprod`);
    expect(screen).toContain(`environment "${HOSTILE_SHOWN}" found`);
    const warning = screen.split('\n').find((line) => line.includes('input "cms-environment"'));
    expect(warning).toContain(
      `\x1b[33mwarning:\x1b[0m input "cms-environment" is demoprod, but environment "${HOSTILE_SHOWN}"`,
    );
    for (const raw of ['\x1b]', '\x07', '\x1b[2J', '\rforged', '\x9b']) expect(screen).not.toContain(raw);
    expect(screen).toContain('\r\x1b[2K');
  });

  it('NO_COLOR: the live line stays, colours go', async () => {
    const screen = await onTerminal({ NO_COLOR: '1' });
    expect(screen).toContain('\r\x1b[2K');
    expect(screen).not.toMatch(/\x1b\[\d+m/);
  });
});
