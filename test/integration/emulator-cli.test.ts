/**
 * The emulator's command line as people start it: `npm run emulator` runs the bundle, prints the
 * listening line first, and stops with the npm process that started it, whatever the signal; and
 * its flags reach the options (the answer set, TLS, requireContentLength).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { basic, DEMO_AUTH } from './helpers/headless-http.js';
import { openSocket, until } from './helpers/raw-http.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = 'emulator/dist/server/index.js';
const SYNC = { cwd: ROOT, encoding: 'utf8', timeout: 10_000 } as const;

const children: ChildProcess[] = [];
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of [...children.splice(0).map((c) => c.pid!), ...leftovers.splice(0)]) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already, as it should be
    }
  }
});

/** Starts a command and resolves with its first stdout line, or rejects with what it printed. */
function start(
  command: string,
  args: string[],
  detached = false,
): Promise<{ child: ChildProcess; first: string; all: () => string }> {
  // detached: its own process group, as a command typed in a terminal has.
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached });
  children.push(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve({ child, first: out.split('\n')[0]!, all: () => out });
    });
    child.on('exit', (code) => reject(new Error(`${command} exited (${code}) before listening:\n${out}${err}`)));
  });
}

/** Every process below `pid`, from `ps` (Linux and macOS). */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of rows) {
      if (parent === p) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** Running, and not a zombie waiting to be reaped. */
function running(pid: number): boolean {
  try {
    const stat = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return stat !== '' && !stat.startsWith('Z');
  } catch {
    return false;
  }
}

/** Whether a connection to `url` is refused: nothing listens there any more. */
const refused = (url: string) =>
  openSocket(url).then(
    (s) => (s.socket.destroy(), false),
    (e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED',
  );

const LISTENING = /^emulator listening on (http:\/\/127\.0\.0\.1:\d+)$/;

describe.runIf(process.platform !== 'win32')('npm run emulator', () => {
  it.each([
    ['SIGTERM', 'npm'],
    ['SIGHUP', 'npm'],
    ['SIGKILL', 'npm'],
    // Ctrl-C in a terminal: the whole foreground group gets it (npm alone ignores it while its script runs).
    ['SIGINT', 'its process group'],
  ] as const)('stops, port closed and no process left, when %s is sent to %s', async (signal, target) => {
    const { child, first } = await start('npm', ['run', '--silent', 'emulator', '--', '--port', '0'], true);
    const url = LISTENING.exec(first)?.[1];
    expect(first, 'the first stdout line').toMatch(LISTENING);
    const below = descendants(child.pid!);
    expect(below.length, 'npm started the server below it').toBeGreaterThan(0);
    leftovers.push(...below);

    if (target === 'its process group') process.kill(-child.pid!, signal);
    else child.kill(signal);
    await until(() => refused(url!), `${url} refuses connections`, 100, 100);
    await until(() => below.every((pid) => !running(pid)), `no process left of ${below.join(', ')}`, 100, 100);
  });
});

describe('the emulator bundle', () => {
  it('prints the listening line first, then the answer set and the default seed’s credentials; stops on SIGTERM', async () => {
    const { child, first, all } = await start(process.execPath, [SERVER, '--port', '0']);
    const url = LISTENING.exec(first)![1]!;
    await until(() => all().includes('credentials'), 'the banner is complete', 500);
    expect(all()).toContain('answers: contract');
    expect(all()).toContain('demo-user / demo-password');
    const res = await fetch(`${url}/v1/installs?limit=1`, { headers: { authorization: DEMO_AUTH } });
    expect(((await res.json()) as { next: string }).next).toBe('/v1/installs?limit=1&offset=1');

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await refused(url)).toBe(true);
  });

  it('--help lists the flags, --answers with its two sets, and exits 0 without listening', () => {
    const r = spawnSync(process.execPath, [SERVER, '--help'], SYNC);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: headless-deploy emulator \[options\]/);
    expect(r.stdout).toMatch(
      /--answers SET +contract \(default\)[^]*documented: the platform's public reference answers/,
    );
    for (const flag of ['--port', '--host', '--seed', '--faults', '--latency', '--build-seconds', '--max-upload-mb']) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).not.toMatch(/^emulator listening on http/m);
  });

  it('refuses an unknown answer set before listening (exit 2), naming the two allowed', () => {
    const r = spawnSync(process.execPath, [SERVER, '--answers', 'strict', '--port', '0'], SYNC);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^emulator: --answers: unknown answer set "strict"; use contract or documented/);
  });
});

describe('npm run emulator -- with flags', () => {
  /** A GET over https trusting `ca`, as JSON. */
  const httpsJson = (url: string, ca: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const req = httpsRequest(url, { ca, headers, agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end();
    });

  it('--tls --require-content-length --answers documented --seed FILE: https (the CA file named last), Content-Length asked for, the documented answers, no credentials printed', async () => {
    const args = ['--import', 'tsx', 'emulator/cli.ts', '--port', '0', '--seed', 'test/fixtures/seed-hosting.json'];
    const flags = ['--tls', '--require-content-length', '--answers', 'documented'];
    const { child, first, all } = await start(process.execPath, [...args, ...flags]);
    const origin = /^emulator listening on (https:\/\/127\.0\.0\.1:\d+)$/.exec(first)?.[1];
    expect(origin, first).toBeDefined();
    await until(() => /tls CA certificate: .+\n/.test(all()), 'the CA line', 500);
    expect(all()).not.toMatch(/credentials|password|owner-pass/);
    const ca = readFileSync(/tls CA certificate: (.+)\n/.exec(all())![1]!, 'utf8');
    expect((await httpsJson(`${origin}/__emulator/config`, ca)).json).toEqual({ requireContentLength: true });
    const installs = await httpsJson(`${origin}/v1/installs?limit=1`, ca, {
      authorization: basic('owner', 'owner-pass'),
    });
    expect(installs.json.next).toBe(`${origin}/v1/installs?limit=1&offset=1`);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM'); // not SIGKILL: it removes its CA file on the way out
    await exited;
  });
});
