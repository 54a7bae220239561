/**
 * What happened so far, in the user's words: each fact is recorded the moment it becomes true,
 * so a failure, a timeout or a cancellation can say exactly what had and had not been done.
 */
import type { ArchiveFacts, DetailRow } from '../report/summary.js';

export class RunRecord {
  /** What was changed, in order, each in words that stand alone in the recap. */
  readonly facts: string[] = [];
  readonly timings: { label: string; ms: number }[] = [];
  readonly details = new Map<string, DetailRow[]>();
  archive: ArchiveFacts | null = null;
  /** What this run created, in words: `app "shop" (region US-C)`. */
  readonly created: string[] = [];
  /** Every warning logged during the run, for the summary. */
  readonly warnings: string[] = [];
  /** True when the deploy uploaded and did not wait (`wait: false`): the run's status is `started`. */
  started = false;
  /** The region of an existing app, as the service gave it: the plan line shows it, not the input. */
  regionInForce: string | null = null;
  operation: string | null = null;
  build: string | null = null;
  deployment: string | null = null;
  /** Markdown a step renders for the summary itself (the sweep's table), already escaped. */
  readonly sections: string[] = [];
  /** What the running step is doing now, in the user's words: named when it fails or is cut short. */
  doing: string | null = null;

  did(text: string): void {
    this.facts.push(text);
  }
  time(label: string, ms: number): void {
    this.timings.push({ label, ms });
  }
  detail(step: string, label: string, value: string): void {
    const rows = this.details.get(step) ?? [];
    rows.push([label, value]);
    this.details.set(step, rows);
  }
  /** `done so far: app "shop" created; environment "staging" found; …` */
  recap(): string {
    if (this.facts.length === 0) return 'nothing had been changed yet';
    return `done so far: ${this.facts.join('; ')}`;
  }
}
