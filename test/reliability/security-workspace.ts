/**
 * Security, the workspace as the attacker: a committed exclude-from file that leads to a secret,
 * blocks or is huge; file names that cannot go in a zip or that forge log lines; the temp zip
 * itself. Each is a run of dist/index.js; the zip the action sent is taken from the upload and
 * read back with yauzl, an independent reader. (What the engine does with a path swapped for a
 * link between planning and writing is test/unit/archive-hostile.test.ts's.)
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runAction, type RunResult } from '../../scripts/runner.js';
import { errorsOf } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { startIntercept, type Exchange, type Intercept } from './support/intercept.js';
import { rawEntries, zipOfUpload } from './support/multipart-zip.js';
import { mapLimit } from './support/pool.js';
import { baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace, tempDir, writeTree } from './support/workspace.js';
import { forgedCommands } from './support/workflow-commands.js';
import { harmless, LINK, shown } from '../support/markdown-text.js';

/** The name its runs are recorded under, for the secret scan. */
const SUITE = 'security: workspaces';
/** What a secret file outside the workspace holds; it must never be shown, nor zipped. */
const OUTSIDE_SECRET = 'PRIVATE-KEY-9d41c7e0b2a8f356';
const APP_FILES = ['build.mjs', 'package.json', 'src/app.js', 'src/index.html'];
const FORGED = 'FORGED';

const isUpload = (x: Exchange) => x.method === 'POST' && x.path.includes(':upload');

/** Every place a run leaves text for people or for the workflow. */
function everything(r: RunResult): string {
  return [r.stdout, r.stderr, r.summary, ...Object.values(r.outputs)].join('\n');
}

/** A byte name is safe in a zip: valid UTF-8, no control character, no backslash. */
function unsafeBytes(raw: Buffer): string | null {
  if (raw.some((b) => b < 0x20 || b === 0x7f || b === 0x5c)) return 'a control character or backslash';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return 'bytes that are not UTF-8';
  }
  return null;
}

export function securityWorkspaceSuite(evidence: Evidence): void {
  describe('security: hostile workspaces', () => {
    const EXCLUDE_FROM_CASES = 5;
    evidence.plan(SUITE, EXCLUDE_FROM_CASES + 3);
    let emulator: RunningEmulator;
    const intercepts: Intercept[] = [];
    let appNo = 0;

    beforeAll(async () => {
      emulator = await startEmulator({ seed: reliabilitySeed(), buildSeconds: 0.2 });
      evidence.secret(OUTSIDE_SECRET, 'the text of a secret file outside the workspace');
    });
    afterAll(async () => {
      for (const i of intercepts) await i.close();
      await emulator?.close();
    });

    async function deploy(label: string, workspace: string, extra: Record<string, string>, env = {}) {
      return evidence.record(
        SUITE,
        label,
        await runAction({
          inputs: { ...baseInputs(emulator), app: `sec-ws-${++appNo}`, environment: 'staging', ...extra },
          workspace,
          env,
          timeoutMs: 60_000,
        }),
      );
    }

    /** An intercepting server in front of the emulator, for the headless API. */
    async function interceptHeadless(hooks: Parameters<typeof startIntercept>[1]) {
      const i = await startIntercept(emulator.url, hooks);
      intercepts.push(i);
      return { intercept: i, inputs: { 'headless-api-url': `${i.origin}/headless` } };
    }

    it('exclude-from leading to a secret, a FIFO or a huge file: refused by name, its text never shown', async () => {
      const row = evidence.attack(
        '1. files the action reads from the workspace',
        '`exclude-from` as a link to a secret file outside `path`; through a linked directory; a link to /proc/self/environ (the action’s own environment, credentials included); a FIFO; a 2 MiB file of the secret’s text',
        'dist/index.js',
      );
      const outside = tempDir('sec-outside');
      writeTree(outside, { id_rsa: `${OUTSIDE_SECRET}\n` });
      const cases: [label: string, file: string, make: (ws: string) => void, expected: RegExp][] = [
        [
          'a link to a secret file outside',
          '.deployignore',
          (ws) => symlinkSync(join(outside, 'id_rsa'), join(ws, '.deployignore')),
          /exclude-from file "\.deployignore" leads out of the path input through a symbolic link; give a file inside it/,
        ],
        [
          'a linked directory on the way out',
          'conf/id_rsa',
          (ws) => symlinkSync(outside, join(ws, 'conf')),
          /exclude-from file "conf\/id_rsa" leads out of the path input through a symbolic link; give a file inside it/,
        ],
        [
          'a link to /proc/self/environ',
          '.deployignore',
          (ws) => symlinkSync('/proc/self/environ', join(ws, '.deployignore')),
          /exclude-from file "\.deployignore" leads out of the path input through a symbolic link; give a file inside it/,
        ],
        [
          'a FIFO',
          '.deployignore',
          (ws) => execFileSync('mkfifo', [join(ws, '.deployignore')]),
          /exclude-from file "\.deployignore" is not a regular file; give exclude-from a text file of exclude patterns/,
        ],
        [
          'a 2 MiB file',
          '.deployignore',
          (ws) => writeFileSync(join(ws, '.deployignore'), `${OUTSIDE_SECRET}\n`.repeat(80_000)),
          /exclude-from file "\.deployignore" is larger than 1 MiB; give exclude-from a text file of exclude patterns/,
        ],
      ];
      expect(cases).toHaveLength(EXCLUDE_FROM_CASES);
      const before = emulator.requests().length;
      const runs = await mapLimit(cases, 4, async ([label, file, make]) => {
        const ws = appWorkspace('sec-exclude-from');
        make(ws);
        return deploy(`exclude-from: ${label}`, ws, { 'exclude-from': file });
      });
      const seen: string[] = [];
      runs.forEach((r, i) => {
        const [label, , , expected] = cases[i]!;
        expect({ label, code: r.code }).not.toEqual({ label, code: 0 });
        expect(errorsOf(r.stdout), label).toMatch(expected);
        expect(everything(r), label).not.toContain(OUTSIDE_SECRET);
        // /proc/self/environ would hold the credentials; the scan of every run looks for them.
        expect(r.tempLeft).toEqual([]);
        seen.push(
          `${label}: "${errorsOf(r.stdout)
            .split('\n')[0]!
            .replace(/^deploy failed: [^:]*: /, '')}"`,
        );
      });
      // All refused in the pre-flight: the service never heard of these runs.
      expect(emulator.requests().length - before).toBe(0);
      row.held(
        `each run fails before any request, naming the file and the fix; the secret's text is in no log, error, output or summary. ${seen.join('; ')}`,
      );
    });

    it('unsafe and forging file names: left out, named escaped; the zip holds no such entry, no duplicate', async () => {
      const row = evidence.attack(
        '4. unsafe zip entry names',
        'files named with a backslash, a TAB, an ESC sequence, a drive prefix, a newline followed by `::error::`, non-UTF-8 bytes (`bad-\\xff.txt`), and the valid name `bad-\\ufffd.txt` that the invalid one would decode to',
        'dist/index.js; the zip taken from the upload, read with yauzl',
      );
      const ws = appWorkspace('sec-names');
      const enc = (s: string) => Buffer.from(s, 'utf8');
      const unsafe: [Buffer, string][] = [
        [
          enc('back\\slash.txt'),
          '"back\\\\slash.txt" has a name that cannot go in a zip safely (it holds a backslash)',
        ],
        [
          enc('tab\there.txt'),
          '"tab\\there.txt" has a name that cannot go in a zip safely (it holds a control character)',
        ],
        [
          enc('esc\x1b[31mred.txt'),
          '"esc\\u001b[31mred.txt" has a name that cannot go in a zip safely (it holds a control character)',
        ],
        [enc('C:drive.txt'), '"C:drive.txt" has a name that cannot go in a zip safely (it starts with a drive prefix)'],
        [
          enc(`nl\n::error::${FORGED}-name.txt`),
          `"nl\\n::error::${FORGED}-name.txt" has a name that cannot go in a zip safely (it holds a control character)`,
        ],
        [
          Buffer.concat([enc('bad-'), Buffer.from([0xff]), enc('.txt')]),
          '"bad-\\xff.txt" has a name that cannot go in a zip safely (it is not valid UTF-8)',
        ],
        [
          Buffer.from('caf\xe9.txt', 'latin1'),
          '"caf\\xe9.txt" has a name that cannot go in a zip safely (it is not valid UTF-8)',
        ],
      ];
      // Node takes a Buffer as a path as it is: these are the byte names Linux allows.
      for (const [name] of unsafe) writeFileSync(Buffer.concat([enc(`${ws}/`), name]), 'x\n');
      writeFileSync(join(ws, 'bad-\ufffd.txt'), 'the valid one\n');
      let upload: Exchange | undefined;
      const { inputs } = await interceptHeadless({ before: (x) => void (isUpload(x) && (upload = x)) });
      const r = await deploy('unsafe file names', ws, inputs);
      expect(r.code, errorsOf(r.stdout)).toBe(0);
      const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
      for (const [, message] of unsafe) {
        expect(warnings).toContain(`::warning::${message}; left out of the archive`);
      }
      expect(forgedCommands(r.stdout, FORGED)).toEqual([]);

      const entries = await rawEntries(zipOfUpload(upload!));
      const names = entries.map((e) => e.raw);
      expect(names.map((n) => unsafeBytes(n)).filter(Boolean)).toEqual([]);
      expect(new Set(names.map((n) => n.toString('hex'))).size).toBe(names.length);
      expect(names.map((n) => n.toString('utf8')).sort()).toEqual([...APP_FILES, 'bad-\ufffd.txt'].sort());
      expect(entries.find((e) => e.raw.toString('utf8') === 'bad-\ufffd.txt')!.data.toString()).toBe('the valid one\n');
      row.held(
        `deployed; each of the ${unsafe.length} left out with a warning naming it escaped (e.g. ${unsafe[5]![1].split(' has')[0]}); the zip holds ${names.length} entries, all valid UTF-8 without controls or backslashes, no two alike, \`bad-\\ufffd.txt\` once with its own bytes`,
      );
    });

    it('a file named as a markdown link: the summary shows its name, no link', async () => {
      const row = evidence.attack(
        '4b. file names as markdown',
        'the largest file of the workspace named `[Deploy token expired - re-authenticate](http:evil.example)`, and another named `@octocat <img src=x> `rm`.txt`',
        'dist/index.js; the job summary it wrote, read as GitHub renders markdown',
      );
      const ws = appWorkspace('sec-md-names');
      const LINKED = '[Deploy token expired - re-authenticate](http:evil.example)';
      const MENTIONS = '@octocat <img src=x> `rm`.txt';
      writeFileSync(join(ws, LINKED), 'x'.repeat(200_000));
      writeFileSync(join(ws, MENTIONS), 'y'.repeat(100_000));
      const r = await deploy('markdown file names', ws, {});
      expect(r.code, errorsOf(r.stdout)).toBe(0);
      const largest = r.summary.split('| Largest files sent |')[1] ?? '';
      expect(shown(largest)).toContain(LINKED);
      expect(shown(largest)).toContain(MENTIONS);
      expect(LINK.test(r.summary)).toBe(false);
      expect(harmless(largest.split('\n').slice(2, 4).join(' '))).toEqual([]);
      row.held(
        `deployed; "Largest files sent" names both files as text (${largest.split('\n')[2]!.slice(0, 90)}…): no link, mention, code or HTML in the summary`,
      );
    });

    it('the temp zip is readable by its owner only, and gone after the run', async () => {
      const row = evidence.attack(
        '6. the temp zip',
        'the zip looked at in RUNNER_TEMP while the upload is held (a link planted at its path, and a directory swapped for a link between planning and writing, are test/unit/archive-hostile.test.ts’s)',
        'dist/index.js (the upload held by an intercepting server)',
      );
      const runnerTemp = tempDir('sec-runner-temp');
      let seen: { name: string; mode: number; file: boolean; links: number; uid: number } | undefined;
      const { inputs } = await interceptHeadless({
        before: (x) => {
          if (!isUpload(x)) return;
          const name = readdirSync(runnerTemp).find((f) => f.endsWith('.zip'))!;
          const st = lstatSync(join(runnerTemp, name));
          seen = { name, mode: st.mode & 0o777, file: st.isFile(), links: st.nlink, uid: st.uid };
        },
      });
      const r = await deploy('temp zip mode', appWorkspace('sec-zip-mode'), inputs, { RUNNER_TEMP: runnerTemp });
      expect(r.code, errorsOf(r.stdout)).toBe(0);
      expect(seen).toMatchObject({ mode: 0o600, file: true, links: 1, uid: process.getuid!() });
      expect(readdirSync(runnerTemp)).toEqual([]);
      row.held(
        `during the upload ${seen!.name} was a regular file of mode 0${seen!.mode.toString(8)}, one link, owned by the runner's user, and gone after the run`,
      );
    });
  });
}
