/**
 * Rewrites the second mutated set's figures in docs/mutation.md from its committed report
 * (reports/mutation/steps/mutation.json): the table per file, and every survivor by line with
 * its reason from reports/mutation/steps/survivors.json (keyed `file:line`, the line as the
 * report has it). A survivor without a reason is listed as not yet looked at, and named here.
 *
 *   npx tsx scripts/mutation-tables.ts && npx prettier --write docs/mutation.md
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Mutant {
  status: string;
  mutatorName: string;
  location: { start: { line: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const REPORT = 'reports/mutation/steps/mutation.json';
const REASONS = 'reports/mutation/steps/survivors.json';
const DOC = 'docs/mutation.md';
// Their equivalent mutants have a table of their own, written by hand above the generated one.
const OWN_TABLE = new Set(['src/steps/common/near-miss.ts', 'src/api/read-answer.ts']);

const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
const reasons = JSON.parse(readFileSync(REASONS, 'utf8')) as Record<string, string>;
const doc = readFileSync(DOC, 'utf8').split('\n');

const COUNTED = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored'] as const;
type Counts = Record<(typeof COUNTED)[number], number>;
const count = (mutants: Mutant[]): Counts => {
  const c = Object.fromEntries(COUNTED.map((s) => [s, 0])) as Counts;
  for (const m of mutants) if (m.status in c) c[m.status as keyof Counts]++;
  return c;
};
const score = (c: Counts): string => {
  const valid = c.Killed + c.Timeout + c.Survived + c.NoCoverage;
  return valid ? `${((100 * (c.Killed + c.Timeout)) / valid).toFixed(2)} %` : '—';
};
const row = (c: Counts) => `${c.Killed} | ${c.Timeout} | ${c.Survived} | ${c.NoCoverage} | ${c.Ignored} |`;

const files = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b));
const all = count(files.flatMap(([, f]) => f.mutants));
const perFile = [
  '| file | score | killed | timed out | survived | no coverage | ignored (static) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...files.map(([name, f]) => `| \`${name}\` | ${score(count(f.mutants))} | ${row(count(f.mutants))}`),
  `| **all** | **${score(all)}** | ${row(all)}`,
];

const survivors: string[] = [];
const unexplained: string[] = [];
for (const [name, f] of files) {
  if (OWN_TABLE.has(name)) continue;
  const source = f.source.split('\n');
  const byLine = new Map<number, { n: number; uncovered: number; mutators: Set<string> }>();
  for (const m of f.mutants) {
    if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
    const line = m.location.start.line;
    const e = byLine.get(line) ?? { n: 0, uncovered: 0, mutators: new Set<string>() };
    e.n++;
    if (m.status === 'NoCoverage') e.uncovered++;
    e.mutators.add(m.mutatorName);
    byLine.set(line, e);
  }
  for (const [line, e] of [...byLine].sort(([a], [b]) => a - b)) {
    const key = `${name}:${line}`;
    const code = (source[line - 1] ?? '').trim().replace(/\|/g, '\\|').replace(/`/g, "'").slice(0, 70);
    if (!reasons[key]) unexplained.push(key);
    const what = `${e.n}${e.uncovered ? ` (${e.uncovered} no coverage)` : ''}: ${[...e.mutators].join(', ')}`;
    const why = reasons[key] ?? 'not yet looked at: a missing test or an equivalent mutant';
    survivors.push(`| \`${name.replace(/^src\//, '')}:${line}\` | ${what} | \`${code}\` | ${why} |`);
  }
}

/** Replaces the table that starts at the first line from `from` on that `starts` a line of. */
function replaceTable(from: number, starts: string, lines: string[]): void {
  const start = doc.findIndex((l, i) => i > from && l.startsWith(starts));
  if (start < 0) throw new Error(`${DOC}: no table starting "${starts}" after line ${from + 1}`);
  let end = start;
  while (doc[end]?.startsWith('|')) end++;
  doc.splice(start, end - start, ...lines);
}
const figures = doc.indexOf('<!-- steps-figures -->');
if (figures < 0) throw new Error(`${DOC}: the <!-- steps-figures --> marker is missing`);
replaceTable(figures, '| file', perFile);
const listed = doc.findIndex((l) => l.startsWith('Every other survivor'));
replaceTable(listed, '| where', ['| where | mutants | code | why |', '| --- | --- | --- | --- |', ...survivors]);
writeFileSync(DOC, doc.join('\n'));

console.log(`${DOC}: ${score(all)} over ${files.length} files, ${survivors.length} survivor lines`);
if (unexplained.length > 0) console.log(`without a reason in ${REASONS}:\n${unexplained.join('\n')}`);
