/**
 * The job summary the emulator action's post step writes: what the emulator served, counted by
 * route and status, and which faults it injected. Pure: takes the request log, returns Markdown.
 */
import type { RequestLogEntry } from '../http/request-log.js';
import { matchRoute } from '../http/router.js';

/** What a table cell may show of text that came over the wire: no Markdown or HTML, bounded. */
export function cell(text: string, max = 80): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return cut.replace(/[\\`*_{}[\]<>()#+!|~&]/g, (c) => `&#${c.charCodeAt(0)};`).replace(/[\r\n\t]/g, ' ');
}

function statusText(status: number): string {
  if (status === -1) return 'connection reset';
  if (status === 0) return 'no answer (client gone)';
  return String(status);
}

function routeOf(entry: RequestLogEntry): string {
  const m = matchRoute(entry.method, entry.path);
  if (m.kind === 'route') return `\`${m.name}\``;
  return `${cell(entry.method, 10)} ${cell(entry.path)} (no such route)`;
}

function countBy<T>(items: readonly T[], key: (t: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

export interface SummaryFacts {
  url: string;
  /** The request log, or null when it could not be read (the reason is in `problem`). */
  requests: readonly RequestLogEntry[] | null;
  problem?: string;
  /** Whether the post step saw the process exit. */
  stopped: boolean;
}

export function emulatorSummary(facts: SummaryFacts): string {
  const out = [`## Emulator at ${cell(facts.url)}`, ''];
  if (facts.requests === null) {
    out.push(`The request log could not be read: ${cell(facts.problem ?? 'unknown reason', 200)}.`, '');
  } else if (facts.requests.length === 0) {
    out.push('It served no requests.', '');
  } else {
    const reqs = facts.requests;
    const faults = reqs.filter((r) => r.fault !== undefined);
    out.push(
      `It served ${reqs.length} request${reqs.length === 1 ? '' : 's'}` +
        ` (the emulator keeps the most recent ones), ${faults.length} of them answered by an injected fault.`,
      '',
      '| route | status | requests |',
      '| --- | --- | ---: |',
    );
    const rows = countBy(reqs, (r) => `${routeOf(r)}\u0000${statusText(r.status)}`);
    for (const [key, n] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
      const [route, status] = key.split('\u0000');
      out.push(`| ${route} | ${status} | ${n} |`);
    }
    out.push('');
    if (faults.length > 0) {
      out.push('| injected fault | requests |', '| --- | ---: |');
      const byKind = countBy(faults, (r) => (r.fault === 'reset' ? 'connection reset' : `${r.fault}`));
      for (const [kind, n] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) out.push(`| ${cell(kind)} | ${n} |`);
      out.push('');
    }
  }
  out.push(facts.stopped ? 'The emulator has been stopped.' : '**The emulator could not be stopped.**', '');
  return out.join('\n');
}
