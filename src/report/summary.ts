/**
 * Renders the job summary from a RunReport: a heading, a table of steps and a table of
 * details. Pure, so the markdown is tested as text; main writes it to GITHUB_STEP_SUMMARY.
 * Every value from outside (file names, names, server messages) goes through
 * src/util/markdown.ts: it cannot break a table, open HTML, become a link or ping anyone.
 */
import { formatBytesExact, formatDuration, groupDigits } from '../util/format.js';
import { escapeCell, escapeMarkdown, markdownLink } from '../util/markdown.js';

export type RunStatus =
  | 'success'
  | 'started'
  | 'failure'
  | 'timeout'
  | 'cancelled'
  | 'unhealthy'
  | 'rolled-back'
  | 'superseded'
  | 'busy'
  | 'planned'
  | 'skipped';
/**
 * How a run ended, `unchanged` included: the tree was already live, nothing was zipped or
 * uploaded (skip-unchanged, skip-if-digest). Kept out of RunStatus, which a preview's comment
 * also takes: there an unchanged run reads as the success it is.
 */
export type EndStatus = RunStatus | 'unchanged';
export type StepOutcome =
  | 'success'
  | 'failure'
  | 'skipped'
  | 'planned'
  | 'timeout'
  | 'cancelled'
  | 'unhealthy'
  | 'rolled-back'
  | 'superseded'
  | 'busy';

/** A label and a value, shown as one row of the details table. */
export type DetailRow = readonly [label: string, value: string];

export interface StepReport {
  /** deploy, install copy or webhook. */
  readonly name: string;
  readonly outcome: StepOutcome;
  /** The plan's line for the step. */
  readonly description?: string;
  readonly durationMs?: number | null;
  readonly details?: readonly DetailRow[];
  readonly error?: string | null;
}

/** What the summary shows of the zip: its size, the largest files sent and what each exclude rule left out. */
export interface ArchiveFacts {
  readonly bytes: number;
  readonly files: number;
  readonly sha256: string;
  readonly largest?: readonly { readonly name: string; readonly size: number }[];
  readonly excluded?: readonly { readonly pattern: string; readonly files: number; readonly dirs: number }[];
}

export interface RunReport {
  readonly status: EndStatus;
  readonly steps: readonly StepReport[];
  /** Warnings of the run (inputs ignored, values not in force...), already free of secrets. */
  readonly warnings?: readonly string[];
  /** What this run created, in words. */
  readonly created?: readonly string[];
  readonly archive?: ArchiveFacts | null;
  readonly operation?: string | null;
  readonly build?: string | null;
  readonly deployment?: string | null;
  /** The environment's public URL (`environment-url` filled in). */
  readonly url?: string | null;
  /** Why the run did nothing (skip-without-credentials). */
  readonly skipped?: string | null;
  /** Markdown blocks a step rendered itself, escaped by that step (src/util/markdown.ts). */
  readonly sections?: readonly string[];
  /** Phases worth timing (zip, upload, build wait...), in order. */
  readonly timings?: readonly { readonly label: string; readonly ms: number }[];
  readonly durationMs?: number | null;
  /** What stopped the run, already free of secrets. */
  readonly error?: string | null;
}

const ICONS: Readonly<Record<StepOutcome | 'started' | 'unchanged', string>> = {
  success: '✅',
  unchanged: '💤',
  started: '🚀',
  failure: '❌',
  skipped: '⏭️',
  planned: '📝',
  timeout: '⏱️',
  cancelled: '🚫',
  unhealthy: '🩺',
  'rolled-back': '⏪',
  superseded: '🔀',
  busy: '🚧',
};

const HEADINGS: Readonly<Record<EndStatus, string>> = {
  success: 'succeeded',
  unchanged: 'unchanged (the same tree is already live; nothing uploaded)',
  started: 'started (uploaded; the build was not awaited)',
  failure: 'failed',
  timeout: 'timed out',
  cancelled: 'cancelled',
  unhealthy: 'unhealthy (built, but the site did not answer healthy)',
  'rolled-back': 'rolled back (the deploy failed; a kept archive was uploaded again)',
  superseded: "superseded (another upload's build took over the operation; this build's outcome is unknown)",
  busy: "busy (the environment's latest operation was not done; nothing uploaded)",
  planned: 'planned (dry run, nothing changed)',
  skipped: 'skipped (no credentials, nothing done)',
};

export function renderSummary(report: RunReport): string {
  const lines = [`## ${ICONS[report.status]} headless-deploy: ${HEADINGS[report.status]}`, ''];
  if (report.skipped) lines.push(escapeMarkdown(report.skipped), '');
  if (report.url) lines.push(`🔗 ${markdownLink(report.url, report.url)}`, '');
  if (report.error) {
    lines.push(...report.error.split(/\r?\n/).map((line) => `> ${escapeMarkdown(line)}`), '');
  }
  if (report.warnings && report.warnings.length > 0) {
    lines.push('**Warnings**', '', ...report.warnings.map((w) => `- ⚠️ ${escapeMarkdown(w)}`), '');
  }
  if (report.steps.length > 0) {
    lines.push('| Step | Outcome | Duration | What |', '| --- | --- | --- | --- |');
    for (const step of report.steps) {
      const duration = step.durationMs == null ? '' : formatDuration(step.durationMs);
      const outcome = `${ICONS[step.outcome]} ${step.outcome}`;
      lines.push(row([step.name, outcome, duration, step.description ?? '']));
    }
    lines.push('');
  }
  for (const section of report.sections ?? []) lines.push(section, '');
  const details = detailRows(report);
  if (details.length > 0) {
    lines.push('| Detail | Value |', '| --- | --- |', ...details.map(row), '');
  }
  lines.push(...archiveTables(report.archive));
  return fitSummary(lines.join('\n'));
}

/** GitHub drops a step's summary over 1 MiB whole; this leaves room for what redaction and the runner add. */
export const SUMMARY_MAX_BYTES = 1_000_000;

/**
 * A summary cut at the last whole line that fits `max` bytes, with a note of what was left out;
 * one that fits is returned as it is.
 */
export function fitSummary(markdown: string, max = SUMMARY_MAX_BYTES): string {
  if (Buffer.byteLength(markdown) <= max) return markdown;
  const lines = markdown.split('\n');
  const kept: string[] = [];
  let bytes = 0;
  const room = max - 300;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > room) break;
    kept.push(line);
    bytes += size;
  }
  const left = lines.length - kept.length;
  const note = `_The summary was cut here: ${groupDigits(left)} more lines (${groupDigits(Buffer.byteLength(markdown) - bytes)} bytes) would pass GitHub's 1 MiB limit for a job summary; the log has every warning and rule._`;
  return [...kept, '', note, ''].join('\n');
}

function detailRows(report: RunReport): DetailRow[] {
  const rows: DetailRow[] = [];
  const { archive } = report;
  for (const what of report.created ?? []) rows.push(['created', what]);
  if (archive) {
    rows.push(['archive', `${formatBytesExact(archive.bytes)}, ${count(archive.files, 'file')}`]);
    rows.push(['archive sha256', archive.sha256]);
  }
  if (report.operation) rows.push(['operation', report.operation]);
  if (report.build) rows.push(['build', report.build]);
  if (report.deployment) rows.push(['deployment', report.deployment]);
  for (const step of report.steps) {
    for (const [label, value] of step.details ?? []) rows.push([`${step.name}: ${label}`, value]);
    if (step.error) rows.push([`${step.name}: error`, step.error]);
  }
  for (const timing of report.timings ?? []) rows.push([`time: ${timing.label}`, formatDuration(timing.ms)]);
  if (report.durationMs != null) rows.push(['time: total', formatDuration(report.durationMs)]);
  return rows;
}

/** What each exclude rule left out and the largest files sent: where to look when a zip is too big. */
function archiveTables(archive: ArchiveFacts | null | undefined): string[] {
  const lines: string[] = [];
  if (archive?.excluded && archive.excluded.length > 0) {
    lines.push('| Exclude rule | Left out |', '| --- | --- |');
    for (const r of archive.excluded) {
      const parts = [r.dirs > 0 ? count(r.dirs, 'folder') : '', r.files > 0 ? count(r.files, 'file') : ''].filter(
        Boolean,
      );
      lines.push(row([r.pattern, parts.join(', ') || 'nothing']));
    }
    lines.push('');
  }
  if (archive?.largest && archive.largest.length > 0) {
    lines.push('| Largest files sent | Size |', '| --- | --- |');
    for (const f of archive.largest) lines.push(row([f.name, formatBytesExact(f.size)]));
    lines.push('');
  }
  return lines;
}

function row(cells: readonly string[]): string {
  return `| ${cells.map(escapeCell).join(' | ')} |`;
}

function count(n: number, noun: string): string {
  return `${groupDigits(n)} ${noun}${n === 1 ? '' : 's'}`;
}
