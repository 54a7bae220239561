/**
 * docs/reliability.md has two parts. Between the GENERATED markers: what the suites measured in
 * this very run, written here and nowhere else (nothing in it is typed by hand). After them: the
 * history (what the suites found and had fixed, flakes and their causes, what was tried by
 * hand), written by people and labelled so; a run keeps it as it is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Evidence } from './evidence.js';

export interface TestOutcome {
  name: string;
  state: string;
}

export interface ReportMeta {
  durationMs: number;
  tests: TestOutcome[];
}

/** The suites in the order the report shows them; each key is the suite name its figures use. */
const SECTIONS: [suite: string, title: string, what: string][] = [
  [
    'chaos',
    'Chaos: runs under mixed faults',
    'Runs of dist/index.js, four at a time, against an emulator that answers a share of all requests with 429 (Retry-After: 1), 500, 502, 503 or a dropped connection, before doing anything. Each run is one of four kinds: a fresh app (create app and environment, install copy by name), a new environment in an existing app, an existing environment by display name (env-vars PATCHed, deploy then a rebuild webhook by parts), an environment by id (deploy, install copy by uuid, purge-cache by whole webhook URL). Afterwards the state is checked run by run: one app, one environment, the upload, the install copy (found by its notification e-mail), the webhook call. The emulator drops a connection before doing anything, so an effect stored twice could only come from the action repeating a request that had completed (after a timeout or a cut-off answer): that is what the duplicate counts measure.',
  ],
  [
    'five jobs, one new app',
    'Five jobs deploying the same new app at the same moment',
    'Five runs started together against an emulator holding every request 300 ms, so their lookups all miss and their creates collide.',
  ],
  ['operation never done', 'The operation never finishing', 'A build of 1,000,000 s and `timeout: 3s`.'],
  [
    'cancellation',
    'Cancellation: SIGINT, then SIGTERM at once',
    'The two signals a cancelled workflow sends (the runner waits 7.5 s between them; here the second follows at once, so both land while the action is at work), during the archive (150 MB to deflate at level 9) and the upload (a 20 MB zip, the emulator holding requests 1.5 s); either signal alone during the wait is test/action/signals.test.ts’s. Each must exit non-zero by itself (not by the action’s own fallback exit 1.5 s after the signal, nor by the runner, which escalates 7.5 s after SIGINT), say what it was doing and what had been done (once, whichever signal it handled first), set `status: cancelled`, and leave no zip in RUNNER_TEMP or the OS temp dir. The exit times are wall time seen from the test process, on a shared machine.',
  ],
  [
    'bad input',
    'Bad input',
    "A table of bad values, missing inputs and conflicting combinations, one row for each input of action.yml, given to dist/index.js by its INPUT_ name (each rule's variants are the unit tests'). Each must exit non-zero with a message naming the input and the fix, and the emulator the inputs point at must see no request. A `path` leading out of the workspace through a symlink, or empty after the excludes, is found on disk by the deploy step's pre-flight, before the first request is sent.",
  ],
  [
    'awkward workspaces',
    'Awkward workspaces',
    'Each case is a run of the action (or, where the timing cannot be arranged from outside, the archive engine itself) with one outcome asserted.',
  ],
  [
    'emulator fuzz',
    'The emulator under random and malformed requests',
    'Seeded requests written by hand on raw sockets: random and unknown methods, paths from the route table with real and junk segments, junk query parameters, bad credentials, wrong content types, malformed, deeply nested, huge and truncated bodies, junk multipart uploads. Allowed answers: 200, 201, 202, 400, 401, 403, 404, 409, 413, 429, 500, 502, 503; a request whose client dropped the connection may go unanswered. The first run holds only requests the service must refuse, and the whole state (GET /__emulator/state) must be byte-for-byte the same afterwards; the second mixes in valid ones, and the state must keep every link between records.',
  ],
  [
    'security',
    'Security: hostile workspaces, hostile servers, hostile log lines',
    'Each row is an attack reproduced as an attacker would make it: a workspace, a server or a client under their control, against the bundled action run as the runner runs it (dist/index.js, INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files) or against the emulator bundle (emulator/dist/server/index.js) in a process of its own. Where the attack needs a limit no user can set or a moment no one can reach from outside, the row says what ran instead. A workflow command is read as the runner reads it: any line (split at `\\n`, `\\r\\n` and a lone `\\r`) that starts with `::` or `##[`; the action itself emits only add-mask, error, warning, notice, debug, group and endgroup.',
  ],
  [
    'secrets',
    'Secrets',
    'Every run recorded by the suites above is scanned: its log (stdout, where errors and warnings go as workflow commands), stderr, every output and the job summary, for the API password, the base64 Basic credentials, every webhook token and webhook URL the runs used or the emulator issued, and the GitHub token. `::add-mask::` lines are left out: they are how the action tells the runner what to mask, and the runner consumes them.',
  ],
];

const cell = (v: string | number) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(rows: [string, string | number][]): string {
  return ['| | |', '| --- | --- |', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`)].join('\n');
}

function securityTable(e: Evidence): string {
  return [
    '| class | attack reproduced | against | what the action or emulator did | result |',
    '| --- | --- | --- | --- | --- |',
    // By class number (3 before 3b), whatever order the suites ran in.
    ...[...e.security]
      .sort((a, b) => parseFloat(a.kind) - parseFloat(b.kind) || a.kind.localeCompare(b.kind))
      .map(
        (r) =>
          `| ${cell(r.kind)} | ${cell(r.attack)} | ${cell(r.against)} | ${cell(r.outcome)} | ${r.passed ? 'held' : '**FAILED**'} |`,
      ),
  ].join('\n');
}

function figure(e: Evidence, suite: string, name: string): string | number {
  return e.figures.get(suite)?.get(name) ?? 'not measured';
}

function summary(e: Evidence, meta: ReportMeta): string {
  const f = (suite: string, name: string) => figure(e, suite, name);
  const passed = meta.tests.filter((t) => t.state === 'pass').length;
  const cancel = ['the archive', 'the upload']
    .map(
      (p) => `${p}: ${String(f('cancellation', `during ${p}: exit after SIGINT`)).replace(/ \(exit code \d+\)/, '')}`,
    )
    .join(', ');
  return table([
    ['tests', `${passed} of ${meta.tests.length} passed`],
    ['runs of the bundled action, all suites', e.runs.length],
    ['chaos runs / successful', `${f('chaos', 'runs')} / ${f('chaos', 'successful runs')}`],
    ['faults injected (chaos)', `${f('chaos', 'faults injected')}: ${f('chaos', 'faults by kind')}`],
    [
      'duplicate effects (chaos)',
      `uploads stored twice: ${f('chaos', 'uploads stored twice')}; install copies / webhook calls: ${f('chaos', 'duplicate install copies / webhook calls')}`,
    ],
    [
      'five jobs, one new app',
      `${f('five jobs, one new app', 'jobs / successes')} succeeded; apps / environments: ${f('five jobs, one new app', 'apps / environments afterwards')}`,
    ],
    [
      'operation never done',
      `${f('operation never done', 'exit code / status output')} after ${f('operation never done', 'run time')}`,
    ],
    ['cancellation: exit after SIGINT', cancel],
    [
      'bad inputs tried / refused as required / requests seen',
      `${f('bad input', 'bad inputs tried')} / ${f('bad input', 'refused with the input and the fix named')} / ${f('bad input', 'requests the emulator saw')}`,
    ],
    ['awkward workspaces', `${e.notes.get('awkward workspaces')?.length ?? 0} cases, each with its outcome below`],
    [
      'emulator fuzz',
      `${f('emulator fuzz', 'invalid requests sent')} invalid + ${f('emulator fuzz', 'mixed requests sent')} mixed requests; state unchanged by the invalid ones: ${f('emulator fuzz', 'invalid: state unchanged')}; unexpected errors: ${f('emulator fuzz', 'unexpected errors logged by the emulator')}`,
    ],
    [
      'security attacks reproduced',
      `${e.security.filter((r) => r.passed).length} of ${e.security.length} held (table below)`,
    ],
    ['secrets found', `${f('secrets', 'secrets found')} in ${f('secrets', 'runs scanned')} runs scanned`],
  ]);
}

export const BEGIN =
  '<!-- GENERATED by npm run test:reliability: everything down to the END marker is rewritten by each full run -->';
export const END = '<!-- END of the generated part; below it, written by hand -->';

const HAND_WRITTEN_STUB = [
  '## History (written by hand, not measured by the run above)',
  '',
  'What the suites found and had fixed, flakes and their causes, and what was tried by hand. Keep it apart from the figures above: they are rewritten by every full run, this is not.',
  '',
].join('\n');

export function renderReport(e: Evidence, meta: ReportMeta): string {
  const out: string[] = [
    `Written by \`npm run test:reliability\` (test/reliability/) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${availableParallelism()} cores; the whole set took ${(meta.durationMs / 1000).toFixed(0)} s. Every figure in this part is what that run measured: do not edit it, run the suites again.`,
    '',
    '## How to run it again',
    '',
    '```sh',
    "npm run package            # the suites run the bundle, dist/index.js, as GitHub's runner does",
    'npm run test:reliability   # everything; rewrites the generated part of this file',
    'npx vitest run --config vitest.reliability.config.ts -t chaos   # one part (leaves this file alone)',
    '```',
    '',
    '`.ci/run` runs the suites after the other tests. All traffic stays on 127.0.0.1: the emulator runs inside the test process, each run of the action is a child process.',
    '',
    '## Summary',
    '',
    summary(e, meta),
  ];
  for (const [suite, title, what] of SECTIONS) {
    out.push('', `## ${title}`, '', what);
    if (suite === 'security' && e.security.length > 0) out.push('', securityTable(e));
    const figures = e.figures.get(suite);
    if (figures) out.push('', table([...figures]));
    const notes = e.notes.get(suite);
    if (notes?.length) out.push('', ...notes.map((n) => `- ${n}`));
  }
  out.push('', '## Tests', '', ...meta.tests.map((t) => `- ${t.state === 'pass' ? 'passed' : t.state}: ${t.name}`));
  return out.join('\n');
}

/**
 * Replaces the generated part of `file`, keeping the title above it and the hand-written
 * history below it as they are. A file without the markers gets them, and a stub history.
 */
export function mergeReport(existing: string | null, generated: string): string {
  const title = '# Reliability and security: what the suites proved';
  const block = `${BEGIN}\n\n${generated}\n\n${END}`;
  if (existing !== null) {
    const begin = existing.indexOf(BEGIN);
    const end = existing.indexOf(END);
    if (begin >= 0 && end > begin) return existing.slice(0, begin) + block + existing.slice(end + END.length);
  }
  return `${title}\n\n${block}\n\n${HAND_WRITTEN_STUB}`;
}

export function writeReport(file: string, e: Evidence, meta: ReportMeta): void {
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : null;
  writeFileSync(file, mergeReport(existing, renderReport(e, meta)));
}
