/**
 * The program on a real pseudo-terminal (util-linux `script`): one line updated in place while it
 * zips, uploads and waits for the build; with CI set, plain lines and no escape codes.
 */
/* eslint-disable no-control-regex -- the terminal's escape codes are what these tests read */
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { EXISTING, seedWithApp } from '../action/helpers/emulator.js';
import { useEmulator } from '../action/helpers/use-emulator.js';
import { APP_FILES, makeWorkspace } from '../action/helpers/workspace.js';
import { CLI_ENTRY, plainEnv } from './run-cli.js';

const emulator = useEmulator({ seed: seedWithApp, buildSeconds: 1.5 });

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Runs the program under `script`, so its stderr is a terminal; returns what the terminal got. */
async function onTerminal(env: Record<string, string>): Promise<string> {
  const command = `'${process.execPath}' '${CLI_ENTRY}' --app ${EXISTING.app} --environment ${EXISTING.displayName}`;
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

  it('NO_COLOR: the live line stays, colours go', async () => {
    const screen = await onTerminal({ NO_COLOR: '1' });
    expect(screen).toContain('\r\x1b[2K');
    expect(screen).not.toMatch(/\x1b\[\d+m/);
  });
});
