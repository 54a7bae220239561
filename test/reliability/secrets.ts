/**
 * Secrets: nothing any run of these suites printed, output or summarised holds a secret.
 * Registered last: it scans every run the other suites recorded. (The scan's own test is
 * test/action/secret-scan.test.ts; credentials refused over plain http to a remote host, before
 * any request, are the bad-input table's and test/unit/url.test.ts's.)
 */
import { describe, expect, it } from 'vitest';
import { FAKE_GITHUB_TOKEN } from '../../scripts/runner.js';
import type { Evidence } from './support/evidence.js';
import { scanRuns } from '../helpers/secret-scan.js';
import { API_PASSWORD, BASIC_CREDENTIALS } from './support/seed.js';

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
