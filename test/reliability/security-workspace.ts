/**
 * Security, the workspace as the attacker: a committed exclude-from file that leads to a secret,
 * blocks or is huge; file names that are markdown. Each is a run of dist/index.js. (File names
 * that cannot go in a zip, a path swapped for a link between planning and writing, and the temp
 * zip's mode 0600 are test/unit/archive-hostile.test.ts's and archive-names.test.ts's; a file name
 * that forges a log line, security-server.ts's.)
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { runAction, type RunResult } from '../../scripts/runner.js';
import { errorsOf } from '../helpers/annotations.js';
import type { Evidence } from './support/evidence.js';
import { mapLimit } from './support/pool.js';
import { baseInputs, reliabilitySeed } from './support/seed.js';
import { appWorkspace, tempDir, writeTree } from './support/workspace.js';
import { harmless, LINK, shown } from '../support/markdown-text.js';

/** The name its runs are recorded under, for the secret scan. */
const SUITE = 'security: workspaces';
/** What a secret file outside the workspace holds; it must never be shown, nor zipped. */
const OUTSIDE_SECRET = 'PRIVATE-KEY-9d41c7e0b2a8f356';

/** Every place a run leaves text for people or for the workflow. */
function everything(r: RunResult): string {
  return [r.stdout, r.stderr, r.summary, ...Object.values(r.outputs)].join('\n');
}

export function securityWorkspaceSuite(evidence: Evidence): void {
  describe('security: hostile workspaces', () => {
    const EXCLUDE_FROM_CASES = 5;
    evidence.plan(SUITE, EXCLUDE_FROM_CASES + 1);
    let emulator: RunningEmulator;
    let appNo = 0;

    beforeAll(async () => {
      emulator = await startEmulator({ seed: reliabilitySeed(), buildSeconds: 0.2 });
      evidence.secret(OUTSIDE_SECRET, 'the text of a secret file outside the workspace');
    });
    afterAll(() => emulator?.close());

    async function deploy(label: string, workspace: string, extra: Record<string, string>) {
      return evidence.record(
        SUITE,
        label,
        await runAction({
          inputs: { ...baseInputs(emulator), app: `sec-ws-${++appNo}`, environment: 'staging', ...extra },
          workspace,
          timeoutMs: 60_000,
        }),
      );
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

    it('a file named as a markdown link: the summary shows its name, no link', async () => {
      const row = evidence.attack(
        '4. file names as markdown',
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
  });
}
