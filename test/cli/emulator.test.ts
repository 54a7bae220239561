/** `headless-deploy emulator`: the emulator's own bundle, its flags, its shutdown. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY, plainEnv, ROOT, runCli } from './run-cli.js';

describe('headless-deploy emulator', () => {
  it('takes the emulator’s flags (--help is the emulator’s)', async () => {
    const r = await runCli({ cwd: ROOT, args: ['emulator', '--help'] });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--build-seconds');
  });

  it('a flag the emulator does not know: its error, exit 2', async () => {
    const r = await runCli({ cwd: ROOT, args: ['emulator', '--prot', '1'] });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^emulator: /);
  });

  it('listens, answers, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'emulator', '--port', '0'], {
      env: plainEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /emulator listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', () => reject(new Error(`emulator ended before listening: ${out}`)));
    });
    const res = await fetch(`${url}/__emulator/state`);
    expect(res.status).toBe(200);
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await ended).toBe(0);
  });
});
