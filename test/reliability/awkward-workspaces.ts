/**
 * Awkward workspaces: special files, a tree changing during the run, symlink loops and links out
 * of `path`, very long and non-ASCII names, 100,000 small files. None may hang or crash the run;
 * content from outside `path` never enters the zip; each case has one outcome. (A file vanishing
 * between the walk and the write, and an unreadable file or directory, are
 * test/unit/archive-write.test.ts's and archive-walk-faults.test.ts's; an unreadable directory found
 * while the look-ups already run, test/integration/deploy-early-lookups.test.ts's; a zip the writer
 * cannot finish, deploy-upload-mode.test.ts's.)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runAction, type RunResult } from '../../scripts/runner.js';
import { errorsOf, visibleLog } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { mapLimit } from './support/pool.js';
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
    // One run per case.
    evidence.plan(SUITE, 4);
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
    async function deploy(label: string, workspace: string, extra: Record<string, string> = {}) {
      const app = `awkward-${++appNo}`;
      const result = evidence.record(
        SUITE,
        label,
        await runAction({
          inputs: { ...baseInputs(emulator), app, environment: 'staging', ...extra },
          workspace,
          timeoutMs: 120_000,
        }),
      );
      const upload = emulator.state.uploads.find((u) => u.app === app);
      return { result, entries: upload?.entries ?? null };
    }

    function outcome(label: string, text: string): void {
      evidence.note(SUITE, `${label}: ${text}`);
    }

    function succeeded(r: RunResult): void {
      expect(r.code, errorsOf(r.stdout)).toBe(0);
      expect(r.outputs.status).toBe('success');
      expect(r.tempLeft).toEqual([]);
    }

    it('a FIFO, a socket, symlink loops and links out of `path` are left out, each with a warning', async () => {
      const outside = outsideDir();
      const ws = appWorkspace('special');
      writeTree(ws, { 'web/package.json': '{}', 'web/index.html': 'inside\n' });
      const web = (name: string) => join(ws, 'web', name);
      execFileSync('mkfifo', [web('pipe')]);
      const server = createServer();
      servers.push(server);
      await new Promise<void>((r) => server.listen(web('app.sock'), r));
      symlinkSync('loop-b', web('loop-a'));
      symlinkSync('loop-a', web('loop-b'));
      symlinkSync('self', web('self'));
      symlinkSync('.', web('here')); // a link to its own directory: kept as a link, never walked
      symlinkSync(join(outside, 'secret.txt'), web('abs-file'));
      symlinkSync(outside, web('abs-dir'));
      symlinkSync('../package.json', web('up-file')); // inside the workspace, outside `path`
      symlinkSync('..', web('up-dir'));
      symlinkSync('/etc/passwd', web('passwd'));
      symlinkSync('index.html', web('home.html')); // inside: kept, as a link
      const { result, entries } = await deploy('special files and links', ws, { path: 'web' });
      succeeded(result);
      expect(entries!.sort()).toEqual(['here', 'home.html', 'index.html', 'package.json']);
      const warned = (names: string[], why: string) => {
        for (const name of names) expect(result.stdout).toContain(`"${name}" is ${why}`);
      };
      warned(['pipe'], 'a FIFO; left out of the archive');
      warned(['app.sock'], 'a socket; left out of the archive');
      warned(['loop-a', 'loop-b', 'self'], 'a symbolic link in a loop');
      warned(['abs-file', 'abs-dir', 'up-file', 'up-dir', 'passwd'], 'a symbolic link to something outside');
      outcome(
        'FIFO, socket, symlink loops, symlinks out of `path` (absolute, relative, to a file, to a directory, /etc/passwd)',
        `deployed without them, each named in a warning (run took ${result.durationMs} ms); the zip holds only the files inside \`path\` and the links inside, as links`,
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
