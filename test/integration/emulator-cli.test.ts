/**
 * The emulator's command line as people start it: `npm run emulator` runs the bundle, prints the
 * listening line first, and stops with the npm process that started it, whatever the signal.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = 'emulator/dist/server/index.js';

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

function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
  });
}

async function eventually(check: () => boolean | Promise<boolean>, what: string, limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`still not true after ${limitMs / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

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
    await eventually(() => refused(url!), `${url} refuses connections`);
    await eventually(() => below.every((pid) => !running(pid)), `no process left of ${below.join(', ')}`);
  });
});

describe('the emulator bundle', () => {
  it('names the default seed’s credentials in its banner', async () => {
    const { child, all } = await start(process.execPath, [SERVER, '--port', '0']);
    await eventually(() => all().includes('credentials'), 'the banner is complete', 5_000);
    expect(all().split('\n')[0]).toMatch(LISTENING);
    expect(all()).toContain('demo-user / demo-password');
    child.kill('SIGTERM');
  });

  it('does not print credentials when a seed file is in use', async () => {
    const { child, first, all } = await start(process.execPath, [
      SERVER,
      '--port',
      '0',
      '--seed',
      'test/fixtures/seed-hosting.json',
    ]);
    expect(first).toMatch(LISTENING);
    await eventually(() => all().includes('headless API'), 'the second line', 5_000);
    expect(all()).not.toMatch(/credentials|password|owner-pass/);
    child.kill('SIGTERM');
  });

  it('stops on SIGTERM sent to it directly', async () => {
    const { child, first } = await start(process.execPath, [SERVER, '--port', '0']);
    const url = LISTENING.exec(first)![1]!;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await refused(url)).toBe(true);
  });
});

describe('--answers', () => {
  const DEMO = `Basic ${Buffer.from('demo-user:demo-password').toString('base64')}`;

  it('--help lists the flags, --answers with its two sets, and exits 0 without listening', () => {
    const r = spawnSync(process.execPath, [SERVER, '--help'], { cwd: ROOT, encoding: 'utf8', timeout: 10_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Usage: npm run emulator -- \[options\]/);
    expect(r.stdout).toMatch(
      /--answers SET +contract \(default\)[^]*documented: the platform's public reference answers/,
    );
    for (const flag of ['--port', '--host', '--seed', '--faults', '--latency', '--build-seconds', '--max-upload-mb']) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).not.toMatch(/^emulator listening on http/m);
  });

  it('npm run emulator -- --answers documented plays the documented answers', async () => {
    const { child, first, all } = await start(
      'npm',
      ['run', '--silent', 'emulator', '--', '--answers', 'documented', '--port', '0'],
      true,
    );
    leftovers.push(...descendants(child.pid!));
    const url = LISTENING.exec(first)![1]!;
    await eventually(() => all().includes('answers: documented'), 'the banner names the answer set', 5_000);
    const headers = { authorization: DEMO, 'content-type': 'application/json' };
    const created = await fetch(`${url}/headless/v1/accounts/demo/apps?appId=web`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ region: 'regions/US-C', uploadable: {} }),
    });
    expect(created.status).toBe(200);
    const deleted = await fetch(`${url}/headless/v1/accounts/demo/apps/web`, { method: 'DELETE', headers });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    process.kill(-child.pid!, 'SIGTERM');
  });

  it('is contract by default, and says so', async () => {
    const { child, first, all } = await start(process.execPath, [SERVER, '--port', '0']);
    const url = LISTENING.exec(first)![1]!;
    await eventually(() => all().includes('answers: contract'), 'the banner names the answer set', 5_000);
    const deleted = await fetch(`${url}/headless/v1/accounts/demo/apps/nope`, {
      method: 'DELETE',
      headers: { authorization: DEMO },
    });
    expect(deleted.status).toBe(404);
    const res = await fetch(`${url}/v1/installs?limit=1`, { headers: { authorization: DEMO } });
    expect(((await res.json()) as { next: string }).next).toBe('/v1/installs?limit=1&offset=1');
    child.kill('SIGTERM');
  });

  it('refuses an unknown set before listening, naming the two allowed', () => {
    const r = spawnSync(process.execPath, [SERVER, '--answers', 'strict', '--port', '0'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('emulator: --answers: unknown answer set "strict"; use contract or documented');
  });
});
