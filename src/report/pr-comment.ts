/**
 * The sticky pull request comment, as text: a hidden marker that says which app and
 * environment it is about (so a later run finds and edits it), then what the last run did.
 * Pure. Everything that comes from outside (names, build ids, server messages, URLs) is escaped:
 * a display name or error cannot open HTML, close the marker, break the table or add a link.
 */
import { formatBytes, formatDuration } from '../util/format.js';
import { escapeMarkdown, markdownLink } from '../util/markdown.js';
import type { RunStatus } from './summary.js';

const MARKER = /^<!-- headless-deploy:preview app=(\S*) environment=(\S*) -->$/;

/**
 * `<!-- headless-deploy:preview app=shop environment=pr-12 -->`. The values are URL-encoded,
 * so neither a space nor a `>` can end the comment or the field early.
 */
export function commentMarker(app: string, environment: string): string {
  return `<!-- headless-deploy:preview app=${encodeURIComponent(app)} environment=${encodeURIComponent(environment)} -->`;
}

/** The app and environment of a comment's marker (its first line), or null when it has none. */
export function parseMarker(body: string): { app: string; environment: string } | null {
  const m = MARKER.exec(body.split(/\r?\n/, 1)[0]!.trim());
  if (!m) return null;
  try {
    return { app: decodeURIComponent(m[1]!), environment: decodeURIComponent(m[2]!) };
  } catch {
    return null;
  }
}

export interface PreviewFacts {
  readonly kind: 'deploy' | 'delete';
  readonly status: RunStatus | 'skipped' | 'started';
  readonly app: string;
  /** As given in the `environment` input: the key of the comment. */
  readonly environment: string;
  readonly environmentId?: string | null;
  /** true: this run deleted it; false: it was already gone. */
  readonly deleted?: boolean | null;
  readonly url?: string | null;
  readonly commit?: { readonly sha: string; readonly url: string | null } | null;
  readonly build?: string | null;
  readonly archiveBytes?: number | null;
  readonly durationMs?: number | null;
  readonly logUrl?: string | null;
  /** What stopped the run, already free of secrets. */
  readonly error?: string | null;
  /** One more sentence under the heading (why a sweep removed the preview); escaped. */
  readonly note?: string | null;
  /** ISO time of the run's end. */
  readonly updatedAt: string;
}

const ICONS: Readonly<Record<PreviewFacts['status'], string>> = {
  success: '✅',
  started: '🚀',
  failure: '❌',
  timeout: '⏱️',
  cancelled: '🚫',
  unhealthy: '🩺',
  'rolled-back': '⏪',
  superseded: '🔀',
  busy: '🚧',
  planned: '📝',
  skipped: '⏭️',
};

const ENDED: Readonly<Record<PreviewFacts['status'], string>> = {
  success: 'succeeded',
  started: 'started',
  failure: 'failed',
  timeout: 'timed out',
  cancelled: 'was cancelled',
  unhealthy: 'built, but the site is unhealthy',
  'rolled-back': 'failed, and a kept archive was uploaded again',
  superseded: 'was superseded by a later upload',
  busy: 'found the environment busy; nothing uploaded',
  planned: 'was planned (dry run)',
  skipped: 'was skipped',
};

function heading(f: PreviewFacts): string {
  const name = `**${escapeMarkdown(f.environment)}**`;
  if (f.kind === 'delete') {
    return f.status === 'success'
      ? `🗑️ Preview ${name} removed`
      : `${ICONS[f.status]} Preview ${name}: removal ${ENDED[f.status]}`;
  }
  if (f.status === 'success') return `✅ Preview ${name} deployed`;
  if (f.status === 'started') return `🚀 Preview ${name} uploaded; the build was not awaited`;
  return `${ICONS[f.status]} Preview ${name}: deploy ${ENDED[f.status]}`;
}

export function renderPrComment(f: PreviewFacts): string {
  const lines = [commentMarker(f.app, f.environment), `### ${heading(f)}`, ''];
  if (f.kind === 'delete' && f.status === 'success') {
    lines.push(
      f.deleted === false
        ? 'The preview environment was already gone; nothing was left to delete.'
        : 'The preview environment was deleted; its link no longer works.',
      '',
    );
  }
  if (f.note) lines.push(escapeMarkdown(f.note), '');
  if (f.error) lines.push(`> ${escapeMarkdown(f.error.length > 500 ? `${f.error.slice(0, 497)}...` : f.error)}`, '');
  const rows: [string, string][] = [];
  rows.push(['App', escapeMarkdown(f.app)]);
  rows.push([
    'Environment',
    escapeMarkdown(f.environment) + (f.environmentId ? ` (id ${escapeMarkdown(f.environmentId)})` : ''),
  ]);
  if (f.url && f.kind === 'deploy') rows.push(['URL', markdownLink(f.url, f.url)]);
  if (f.commit) {
    const short = escapeMarkdown(f.commit.sha.slice(0, 7));
    rows.push(['Commit', f.commit.url ? markdownLink(f.commit.sha.slice(0, 7), f.commit.url) : short]);
  }
  if (f.build) rows.push(['Build', escapeMarkdown(f.build)]);
  if (f.archiveBytes != null) rows.push(['Archive', escapeMarkdown(formatBytes(f.archiveBytes))]);
  if (f.durationMs != null) rows.push(['Duration', escapeMarkdown(formatDuration(f.durationMs))]);
  if (f.logUrl) rows.push(['Log', markdownLink('workflow run', f.logUrl)]);
  lines.push('| | |', '| --- | --- |', ...rows.map(([k, v]) => `| ${k} | ${v} |`), '');
  // The time is ours (an ISO string), but escaped anyway if it ever is not.
  const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(f.updatedAt) ? f.updatedAt : escapeMarkdown(f.updatedAt);
  lines.push(`<sub>Updated by headless-deploy at ${at}.</sub>`);
  return lines.join('\n');
}
