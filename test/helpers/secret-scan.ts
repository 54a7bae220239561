/**
 * Looks for secrets in what a run leaves for people: its log (stdout, where errors and warnings
 * go as ::error:: and ::warning:: lines), stderr, outputs (every value written to GITHUB_OUTPUT,
 * not only the last) and job summary, as written and as GitHub shows it. Every end-to-end run
 * goes through it: test/action/helpers/run.ts for each run, test/reliability/secrets.ts for all.
 *
 * `::add-mask::<value>` lines are the one place a secret is meant to be written: they are how an
 * action tells the runner what to mask, and the runner consumes them instead of showing them.
 * They are left out of the scan, and counted, so a reader sees they were expected.
 */
import type { RunResult } from '../../scripts/runner.js';
import { shown } from '../support/markdown-text.js';

export interface Finding {
  run: string;
  /** stdout, stderr, output:<name>, summary or summary (as shown) */
  where: string;
  /** What kind of secret (never the value). */
  what: string;
}

export interface ScanTotals {
  runs: number;
  texts: number;
  bytes: number;
  /** Lines of all the texts scanned (stdout without its mask commands, stderr, summary, outputs). */
  lines: number;
  maskCommands: number;
  /** Runs whose stdout held nothing but mask commands: nothing of theirs was really scanned. */
  silentRuns: string[];
  findings: Finding[];
}

/** `secrets`: each value to look for, with what it is (for a finding, never the value). */
export function scanRuns(
  runs: readonly { label: string; result: RunResult }[],
  secrets: ReadonlyMap<string, string>,
): ScanTotals {
  const totals: ScanTotals = { runs: 0, texts: 0, bytes: 0, lines: 0, maskCommands: 0, silentRuns: [], findings: [] };
  for (const { label, result } of runs) {
    totals.runs++;
    const stdoutLines = result.stdout.split('\n');
    const masks = stdoutLines.filter((l) => l.startsWith('::add-mask::'));
    totals.maskCommands += masks.length;
    if (stdoutLines.every((l) => l.trim() === '' || l.startsWith('::add-mask::'))) totals.silentRuns.push(label);
    const outputs = new Set([...Object.entries(result.outputs), ...result.outputWrites].map(([k, v]) => `${k}=${v}`));
    const texts: [string, string][] = [
      ['stdout', stdoutLines.filter((l) => !l.startsWith('::add-mask::')).join('\n')],
      ['stderr', result.stderr],
      ['summary', result.summary],
      // As GitHub shows it: a secret escaped in the markdown (sec\-ret) reads as itself there.
      ['summary (as shown)', shown(result.summary)],
      ...[...outputs].map((o): [string, string] => [
        `output:${o.slice(0, o.indexOf('='))}`,
        o.slice(o.indexOf('=') + 1),
      ]),
    ];
    for (const [where, text] of texts) {
      totals.texts++;
      totals.bytes += Buffer.byteLength(text);
      if (text !== '') totals.lines += text.split('\n').length;
      for (const [value, what] of secrets) {
        if (text.includes(value)) totals.findings.push({ run: label, where, what });
      }
    }
  }
  return totals;
}
