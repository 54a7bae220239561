/** `headless-deploy emulator`: the emulator's own bundle, its flags, its shutdown. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY, plainEnv, ROOT, runCli } from './run-cli.js';

describe('headless-deploy emulator', () => {
  it('takes the emulator’s flags (--help is the emulator’s, naming this program and only shipped docs)', async () => {
    const r = await runCli({ cwd: ROOT, args: ['emulator', '--help'] });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--build-seconds');
    expect(r.stdout).toMatch(/^Usage: headless-deploy emulator /);
    expect(r.stdout).not.toContain('npm run');
    const shipped = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
    const docs = r.stdout.match(/[\w./-]+\.md\b/g) ?? [];
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) expect(shipped).toContain(doc);
  });

  it('a flag the emulator does not know: its error, exit 2', async () => {
    const r = await runCli({ cwd: ROOT, args: ['emulator', '--prot', '1'] });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^emulator: /);
  });

  it('a seed file with a typo: never listens, names the file, the field and what it likely is, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hd-seed-'));
    try {
      writeFileSync(
        join(dir, 'seed.json'),
        JSON.stringify({ accounts: [{ name: 'demo' }], headles: { accounts: ['demo'] } }),
      );
      const r = await runCli({ cwd: dir, args: ['emulator', '--port', '0', '--seed', 'seed.json'] });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^emulator: seed file seed\.json: unknown field "headles"; did you mean "headless"\?$/m);
      expect(r.stdout).not.toContain('listening');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
