/**
 * Secrets: credentials never travel in clear text to a remote host, and nothing any run of these
 * suites printed, output or summarised holds a secret. Registered last: it scans every run the
 * other suites recorded.
 */
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.js';
import { FAKE_GITHUB_TOKEN, runAction, type RunResult } from '../../scripts/runner.js';
import { errorsOf } from './support/annotations.js';
import type { Evidence } from './support/evidence.js';
import { scanRuns } from './support/secret-scan.js';
import { API_PASSWORD, API_USER, BASIC_CREDENTIALS, reliabilitySeed } from './support/seed.js';
import { appWorkspace } from './support/workspace.js';

const SUITE = 'secrets';

interface TaskLike {
  type: string;
  mode?: string;
  tasks?: TaskLike[];
}

/** The tests under a task: a run narrowed with -t marks the ones it filtered out as skipped. */
function testsOf(task: TaskLike): TaskLike[] {
  return task.type === 'test' ? [task] : (task.tasks ?? []).flatMap(testsOf);
}

export function secretsSuite(evidence: Evidence): void {
  describe('secrets', () => {
    const PLAIN_HTTP_CASES = 3;
    evidence.plan(SUITE, PLAIN_HTTP_CASES);

    it('refuses plain http to a remote host before sending credentials anywhere', async () => {
      const emulator = await startEmulator({ seed: reliabilitySeed() });
      try {
        const cases: [string, Record<string, string>][] = [
          ['api-url', { 'api-url': 'http://example.com', 'copy-from': 'demostg', 'copy-to': 'demoprod' }],
          [
            'headless-api-url',
            { 'headless-api-url': 'http://example.com/headless', account: 'demo', app: 'shop', environment: 'staging' },
          ],
          [
            'headless-api-url',
            {
              'headless-api-url': 'http://10.0.0.1:8080/headless',
              account: 'demo',
              app: 'shop',
              environment: 'staging',
            },
          ],
        ];
        expect(cases).toHaveLength(PLAIN_HTTP_CASES);
        for (const [input, extra] of cases) {
          const r = evidence.record(
            SUITE,
            `plain http: ${input} ${Object.values(extra)[0]}`,
            await runAction({
              inputs: { 'api-user-id': API_USER, 'api-password': API_PASSWORD, ...extra },
              workspace: appWorkspace('http'),
            }),
          );
          expect(r.code).not.toBe(0);
          expect(errorsOf(r.stdout)).toMatch(new RegExp(`^input "${input}": uses plain http to [\\w.]+; use https`));
          expect(errorsOf(r.stdout)).toContain('no request was made');
        }
        expect(emulator.requests()).toEqual([]);
        evidence.figure(
          SUITE,
          'plain-http base URLs to remote hosts',
          `${cases.length} tried, all refused before any request`,
        );
      } finally {
        await emulator.close();
      }
    });

    it('the scan finds a secret where there is one', () => {
      const leaky: RunResult = {
        code: 1,
        signal: null,
        stdout: `::add-mask::${API_PASSWORD}\nPOST failed with Authorization: Basic ${BASIC_CREDENTIALS}\n`,
        stderr: '',
        outputs: { status: 'failure' },
        outputWrites: [['status', 'failure']],
        summary: '',
        tempLeft: [],
        durationMs: 0,
      };
      const secrets = new Map([
        [API_PASSWORD, 'the API password'],
        [BASIC_CREDENTIALS, 'the Basic credentials'],
      ]);
      const totals = scanRuns([{ label: 'leaky', result: leaky }], secrets);
      // The mask command is how the runner learns a secret: expected, and not a finding.
      expect(totals.maskCommands).toBe(1);
      expect(totals.findings).toEqual([{ run: 'leaky', where: 'stdout', what: 'the Basic credentials' }]);
    });

    it('no log, error, output or job summary of any run holds a secret', ({ task }) => {
      evidence.secret(API_PASSWORD, 'the API password');
      evidence.secret(BASIC_CREDENTIALS, 'the Basic credentials');
      evidence.secret(FAKE_GITHUB_TOKEN, 'the GitHub token');
      const totals = scanRuns(evidence.runs, evidence.secrets);
      const bySuite = new Map<string, number>();
      for (const r of evidence.runs) bySuite.set(r.suite, (bySuite.get(r.suite) ?? 0) + 1);

      evidence.figure(SUITE, 'runs scanned', totals.runs);
      evidence.figure(SUITE, 'lines scanned', totals.lines);
      evidence.figure(SUITE, 'runs scanned, by suite', [...bySuite].map(([s, n]) => `${s}: ${n}`).join(', '));
      evidence.figure(
        SUITE,
        'texts scanned (logs, stderr, outputs, summaries)',
        `${totals.texts} (${(totals.bytes / 1024).toFixed(0)} KiB)`,
      );
      evidence.figure(SUITE, 'distinct secret values looked for', evidence.secrets.size);
      evidence.figure(SUITE, '::add-mask:: commands (the runner consumes them; not scanned)', totals.maskCommands);
      evidence.figure(SUITE, 'secrets found', totals.findings.length);
      for (const f of totals.findings) evidence.note(SUITE, `FOUND ${f.what} in ${f.where} of "${f.run}"`);

      // What the scan covered: every run each suite that ran declared, no fewer (a suite that
      // stopped recording, or a run left out, would shrink the scan without a word).
      const narrowed = testsOf(task.file as TaskLike).some((t) => t.mode === 'skip' || t.mode === 'todo');
      const expected = [...evidence.plannedRuns].filter(([suite]) => !narrowed || bySuite.has(suite));
      expect(Object.fromEntries([...bySuite].sort())).toEqual(Object.fromEntries(expected.sort()));
      expect(totals.runs).toBe(expected.reduce((n, [, runs]) => n + runs, 0));
      // Each run left something to scan: its stdout holds lines beyond the mask commands.
      expect(totals.silentRuns).toEqual([]);
      expect(totals.lines).toBeGreaterThanOrEqual(totals.runs);
      expect(totals.findings).toEqual([]);
    });
  });
}
