/**
 * Awkward workspaces: special files, unreadable ones, a tree changing during the run, symlink
 * loops and links out of `path`, very long and non-ASCII names, 100,000 small files. None may
 * hang or crash the run; content from outside `path` never enters the zip; each case has one
 * outcome. (A file vanishing between the walk and the write is test/unit/archive-write.test.ts's
 * and archive-walk-faults.test.ts's.)
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runAction, type RunResult } from '../../scripts/runner.js';
import { errorsOf, visibleLog } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { mapLimit } from './support/pool.js';
import { canRunAsNobody, runActionAsNobody } from './support/run-as-nobody.js';
import { baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace, removeTempDir, tempDir, writeTree } from './support/workspace.js';

const SUITE = 'awkward workspaces';
const MARKER = 'OUTSIDE-THE-PATH-7f3a9c';
const APP_FILES = ['build.mjs', 'package.json', 'src/app.js', 'src/index.html'];

/** A directory outside every workspace, holding a marker that must never reach a zip. */
function outsideDir(): string {
  const dir = tempDir('outside');
  writeTree(dir, { 'secret.txt': `${MARKER}\n`, 'nested/deep.txt': `${MARKER} deep\n` });
  return dir;
}

export function awkwardWorkspacesSuite(evidence: Evidence): void {
  describe('awkward workspaces', () => {
    // One run per case, two for the unreadable file (failing, then with it excluded).
    evidence.plan(SUITE, 9);
    let emulator: RunningEmulator;
    let appNo = 0;
    const servers: Server[] = [];

    beforeAll(async () => {
      emulator = await startEmulator({ seed: reliabilitySeed(), buildSeconds: 0.2 });
    });
    afterAll(async () => {
      for (const s of servers) s.close();
      await emulator?.close();
    });

    /** Deploys `workspace` to a new app; returns the run and what the emulator stored of its upload. */
    async function deploy(label: string, workspace: string, extra: Record<string, string> = {}, run = runAction) {
      const app = `awkward-${++appNo}`;
      const before = emulator.requests().length;
      const result = evidence.record(
        SUITE,
        label,
        await run({
          inputs: { ...baseInputs(emulator), app, environment: 'staging', ...extra },
          workspace,
          timeoutMs: 120_000,
        }),
      );
      const upload = emulator.state.uploads.find((u) => u.app === app);
      const sent = emulator.requests().slice(before);
      return { result, entries: upload?.entries ?? null, requests: sent.length, sent };
    }

    function outcome(label: string, text: string): void {
      evidence.note(SUITE, `${label}: ${text}`);
    }

    function succeeded(r: RunResult): void {
      expect(r.code, errorsOf(r.stdout)).toBe(0);
      expect(r.outputs.status).toBe('success');
      expect(r.tempLeft).toEqual([]);
    }

    it('a FIFO and a socket are left out with a warning, without blocking', async () => {
      const ws = appWorkspace('special');
      execFileSync('mkfifo', [join(ws, 'pipe')]);
      const server = createServer();
      servers.push(server);
      await new Promise<void>((r) => server.listen(join(ws, 'app.sock'), r));
      const { result, entries } = await deploy('FIFO and socket', ws);
      succeeded(result);
      expect(entries!.sort()).toEqual(APP_FILES);
      expect(result.stdout).toContain('"pipe" is a FIFO; left out of the archive');
      expect(result.stdout).toContain('"app.sock" is a socket; left out of the archive');
      outcome('FIFO, socket', `deployed without them, each named in a warning (run took ${result.durationMs} ms)`);
    });

    it('symlink loops are left out with a warning', async () => {
      const ws = appWorkspace('loops');
      symlinkSync('loop-b', join(ws, 'loop-a'));
      symlinkSync('loop-a', join(ws, 'loop-b'));
      symlinkSync('self', join(ws, 'self'));
      symlinkSync('.', join(ws, 'src/here')); // a link to its own directory: kept as a link, never walked
      const { result, entries } = await deploy('symlink loops', ws);
      succeeded(result);
      expect(entries!.sort()).toEqual([...APP_FILES, 'src/here'].sort());
      for (const name of ['loop-a', 'loop-b', 'self'])
        expect(result.stdout).toContain(`"${name}" is a symbolic link in a loop`);
      outcome(
        'symlink loops',
        'deployed without the looping links (a link to its own directory is kept as a link, not followed)',
      );
    });

    it('symlinks leading out of `path` are left out; their content never enters the zip', async () => {
      const outside = outsideDir();
      const ws = appWorkspace('links-out');
      writeTree(ws, { 'web/package.json': '{}', 'web/index.html': 'inside\n' });
      symlinkSync(join(outside, 'secret.txt'), join(ws, 'web/abs-file'));
      symlinkSync(outside, join(ws, 'web/abs-dir'));
      symlinkSync('../package.json', join(ws, 'web/up-file')); // inside the workspace, outside `path`
      symlinkSync('..', join(ws, 'web/up-dir'));
      symlinkSync('/etc/passwd', join(ws, 'web/passwd'));
      symlinkSync('index.html', join(ws, 'web/home.html')); // inside: kept, as a link
      const { result, entries } = await deploy('symlinks out of path', ws, { path: 'web' });
      succeeded(result);
      expect(entries!.sort()).toEqual(['home.html', 'index.html', 'package.json']);
      for (const name of ['abs-file', 'abs-dir', 'up-file', 'up-dir', 'passwd']) {
        expect(result.stdout).toContain(`"${name}" is a symbolic link to something outside the archived directory`);
      }

      outcome(
        'symlinks out of `path` (absolute, relative, to a file, to a directory, /etc/passwd)',
        'left out with a warning each; the zip holds only the files inside `path` (and the link inside, as a link)',
      );
    });

    it('very long paths and non-ASCII names arrive as they are', async () => {
      const ws = appWorkspace('names');
      const longDir = Array.from({ length: 14 }, (_, i) => `${String(i).padStart(2, '0')}-${'d'.repeat(200)}`).join(
        '/',
      );
      const longName = `${longDir}/${'f'.repeat(250)}.txt`;
      const names = [
        'café/naïve résumé.txt',
        '日本語/ファイル名.txt',
        'emoji-😀.txt',
        'cafe\u0301-nfd.txt',
        'Ωmega/ünïcødé.md',
        longName,
      ];
      writeTree(ws, Object.fromEntries(names.map((n) => [n, `${n.length}\n`])));
      const { result, entries } = await deploy('long and non-ASCII names', ws);
      succeeded(result);
      expect(entries!.sort()).toEqual([...APP_FILES, ...names].sort());
      outcome(
        'very long paths, non-ASCII names',
        `deployed; the emulator read back every name byte for byte (longest ${Buffer.byteLength(longName)} bytes, NFC and NFD kept apart)`,
      );
    });

    it('an unreadable file fails the run, naming the file and the fix; excluding it deploys', async () => {
      const ws = appWorkspace('unreadable-file', { 'secret.key': 'k\n' });
      chmodSync(join(ws, 'secret.key'), 0o000);
      const run = canRunAsNobody ? runActionAsNobody : runAction;
      const failed = await deploy('unreadable file', ws, {}, run);
      expect(failed.result.code).not.toBe(0);
      expect(failed.result.outputs.status).toBe('failure');
      expect(errorsOf(failed.result.stdout)).toMatch(
        /cannot read "secret\.key" \(permission denied\); make it readable or exclude it/,
      );
      expect(failed.entries).toBeNull();
      expect(failed.result.tempLeft).toEqual([]);
      const excluded = await deploy('unreadable file, excluded', ws, { exclude: 'secret.key' }, run);
      succeeded(excluded.result);
      expect(excluded.entries!.sort()).toEqual(APP_FILES);
      outcome(
        `unreadable file (mode 000, run as ${canRunAsNobody ? 'user nobody: root reads anything' : 'this user'})`,
        `fails: "${errorsOf(failed.result.stdout).split('\n')[0]}"; with exclude: secret.key it deploys`,
      );
    });

    it('an unreadable directory fails the plan: GET look-ups at most, nothing with an effect', async () => {
      const ws = appWorkspace('unreadable-dir', { 'private/key.pem': 'k\n' });
      chmodSync(join(ws, 'private'), 0o000);
      const failed = await deploy('unreadable directory', ws, {}, canRunAsNobody ? runActionAsNobody : runAction);
      chmodSync(join(ws, 'private'), 0o755);
      expect(failed.result.code).not.toBe(0);
      expect(errorsOf(failed.result.stdout)).toMatch(
        /cannot read directory "private" \(permission denied\); make it readable or exclude it/,
      );
      // The root's files let the look-ups start while the rest was walked: GETs may have gone out, nothing else.
      expect(failed.sent.filter((r) => r.method !== 'GET')).toEqual([]);
      outcome(
        'unreadable directory',
        `fails in the pre-flight, having sent ${failed.requests} GET look-up(s) and nothing else: "${errorsOf(failed.result.stdout).split('\n')[0]}"`,
      );
    });

    it('a tree that changes while the action runs still deploys', async () => {
      const ws = appWorkspace('churn');
      mkdirSync(join(ws, 'churn'));
      let stop = false;
      let changes = 0;
      const churn = (async () => {
        for (let i = 0; !stop; i++) {
          const f = join(ws, 'churn', `f${i % 50}.txt`);
          try {
            if (i % 2) unlinkSync(f);
            else writeFileSync(f, `${i}\n`.repeat(i % 7));
            changes++;
          } catch {
            // already gone: a churn step that found nothing to remove
          }
          await new Promise((r) => setImmediate(r));
        }
      })();
      const { result, entries } = await deploy('tree changing during the run', ws);
      stop = true;
      await churn;
      succeeded(result);
      expect(entries!.filter((e) => !e.startsWith('churn/')).sort()).toEqual(APP_FILES);
      outcome(
        'files created and deleted all through the run',
        `deployed (${changes} changes during the run; ${entries!.length - APP_FILES.length} churn files made it in)`,
      );
    });

    it('100,000 small files deploy', async () => {
      const ws = appWorkspace('many');
      const jobs: [string, string][] = [];
      for (let d = 0; d < 100; d++) {
        mkdirSync(join(ws, 'many', `d${d}`), { recursive: true });
        for (let f = 0; f < 1000; f++) jobs.push([join(ws, 'many', `d${d}`, `f${f}.txt`), `${d}/${f}\n`]);
      }
      await mapLimit(jobs, 64, ([p, c]) => writeFile(p, c));
      const { result, entries } = await deploy('100,000 small files', ws).finally(() => removeTempDir(ws));
      succeeded(result);
      expect(entries).toHaveLength(100_000 + APP_FILES.length);
      expect(result.outputs['archive-files']).toBe(String(100_000 + APP_FILES.length));
      const zipLine = visibleLog(result.stdout)
        .split('\n')
        .find((l) => l.startsWith('archive: '));
      evidence.figure(
        SUITE,
        '100,000 small files: run time',
        `${result.durationMs} ms (${zipLine?.replace(/ \(sha256 .*/, '')})`,
      );
      outcome('100,000 small files', `deployed in ${result.durationMs} ms, every entry received`);
    });
  });
}
