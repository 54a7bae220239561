/**
 * The sweep's part of the job summary: one row per environment that matched `delete-pattern`,
 * with its pull request (a link), the pull request's state and what the sweep did. Pure. Every
 * value from the service or GitHub (display names, reasons quoting GitHub's messages) goes
 * through escapeMarkdown, so a display name cannot add a link, HTML or a column.
 */
import { escapeMarkdown, markdownLink } from '../../util/markdown.js';
import { stateLabel, type PullState } from './decide.js';

export interface SweepRow {
  readonly displayName: string;
  readonly id: string;
  /** null when the name carries no pull request number. */
  readonly number: number | null;
  /** null when there is no number to ask about. */
  readonly state: PullState | null;
  /** What the sweep did, in words: `deleted`, `kept: the pull request is open`, … */
  readonly done: string;
}

export interface SweepTableFacts {
  readonly app: string;
  readonly pattern: string;
  readonly rows: readonly SweepRow[];
  readonly pullRequestUrl: (number: number) => string;
}

export function renderSweepTable(f: SweepTableFacts): string {
  const title = `### Previews of app ${escapeMarkdown(f.app)} matching ${escapeMarkdown(f.pattern)}`;
  if (f.rows.length === 0) return `${title}\n\nNo environment of the app matches; nothing to sweep.`;
  const lines = [title, '', '| Environment | Pull request | State | Done |', '| --- | --- | --- | --- |'];
  for (const r of f.rows) {
    const pull = r.number === null ? '' : markdownLink(`#${r.number}`, f.pullRequestUrl(r.number));
    const cells = [escapeMarkdown(r.displayName), pull, escapeMarkdown(stateLabel(r.state)), escapeMarkdown(r.done)];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
