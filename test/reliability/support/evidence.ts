/**
 * Everything the suites produce for the report and the secret scan: each run's texts (log,
 * errors, outputs, job summary) and each suite's figures. One instance is shared by every suite
 * of reliability.test.ts, which writes docs/reliability.md from it at the end.
 */
import type { RunResult } from '../../../scripts/runner.js';

export interface RecordedRun {
  suite: string;
  label: string;
  result: RunResult;
}

/** One attack of the security suite: what was tried, against what, and what the action or emulator did. */
export interface SecurityCase {
  kind: string;
  attack: string;
  /** dist/index.js, the emulator bundle, or the in-process emulator or engine (and why). */
  against: string;
  outcome: string;
  passed: boolean;
}

export class Evidence {
  readonly runs: RecordedRun[] = [];
  /** Secrets that must never appear, with a description for a finding (never the value). */
  readonly secrets = new Map<string, string>();
  /** Per suite: name → value, in the order they were set. */
  readonly figures = new Map<string, Map<string, string | number>>();
  /** Per suite: free lines for the report (outcomes of single cases). */
  readonly notes = new Map<string, string[]>();
  /** Per suite: how many runs it records when all its tests run, declared up front for the secret scan. */
  readonly plannedRuns = new Map<string, number>();

  /** The security suite's attacks, in order; each stays failed unless its test gets to the end. */
  readonly security: SecurityCase[] = [];

  /** Declares that `suite` records `runs` runs of the action when its tests run. */
  plan(suite: string, runs: number): void {
    this.plannedRuns.set(suite, runs);
  }

  record(suite: string, label: string, result: RunResult): RunResult {
    this.runs.push({ suite, label, result });
    return result;
  }

  secret(value: string | undefined | null, what: string): void {
    if (value) this.secrets.set(value, what);
  }

  figure(suite: string, name: string, value: string | number): void {
    const table = this.figures.get(suite) ?? new Map<string, string | number>();
    table.set(name, value);
    this.figures.set(suite, table);
  }

  /**
   * Opens a row of the security table, failed until `held` is called at the end of the test:
   * a test that stops at an assertion leaves it failed.
   */
  attack(kind: string, attack: string, against: string): { held(outcome: string): void } {
    const row: SecurityCase = {
      kind,
      attack,
      against,
      outcome: 'the test failed before it recorded what happened (see Tests)',
      passed: false,
    };
    this.security.push(row);
    return {
      held: (outcome) => {
        row.outcome = outcome;
        row.passed = true;
      },
    };
  }

  note(suite: string, line: string): void {
    this.notes.set(suite, [...(this.notes.get(suite) ?? []), line]);
  }
}
