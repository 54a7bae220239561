/**
 * docs/reliability.md, written from what the suites measured in this very run: nothing in the
 * figures is typed by hand. The few fixed paragraphs say how to run it again, what `npm audit`
 * answered when tried by hand, and what the suites found and had fixed.
 */
import { writeFileSync } from 'node:fs';
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
    'Cancellation: SIGINT, then SIGTERM 200 ms later',
    'As a cancelled workflow sends them, during the archive (150 MB to deflate at level 9), the upload (a 20 MB zip, the emulator holding requests 1.5 s) and the wait (a build that never ends). Each must exit non-zero within 2 s of SIGINT, say what it was doing and what had been done, set `status: cancelled`, and leave no zip in RUNNER_TEMP or the OS temp dir.',
  ],
  [
    'bad input',
    'Bad input',
    "A table of bad values, missing inputs and conflicting combinations across every input of action.yml. Each must exit non-zero with a message naming the input and the fix, and the emulator the inputs point at must see no request. `path` missing, a file, a symlink leading out of the workspace, or empty after the excludes are found on disk by the deploy step's pre-flight, which runs before the first request.",
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
    'secrets',
    'Secrets',
    'Every run recorded by the suites above is scanned: its log (stdout, where errors and warnings go as workflow commands), stderr, every output and the job summary, for the API password, the base64 Basic credentials, every webhook token and webhook URL the runs used or the emulator issued, and the GitHub token. `::add-mask::` lines are left out: they are how the action tells the runner what to mask, and the runner consumes them.',
  ],
];

const FOUND_AND_FIXED = [
  'Runs failed under 500 and 502 faults on the creates and triggers the client rightly does not repeat blindly (create app, create environment, install copy, webhook): 10 of 52 chaos runs failed before the fix. The steps now settle a lost answer themselves (src/steps/repeat-ambiguous.ts): create app and create environment look for the record and repeat only when it is not there (the name is a key, so a repeat cannot make a second one); install copy and webhook repeat, since a repeat converges to the same end state, with a warning that a second copy job or build may exist.',
  "The action retries each request up to 10 times instead of the client's default 5, within the same 2-minute budget (src/main.ts): at 28% faults, 5 attempts lose about one request in 600, close to one per chaos set of 550 requests.",
  'When several jobs raced to create an app, every one of them reported `app-created: true` and "app created". The client\'s createApp now tells its caller when a 409 meant the app was already there (`onExisting`), and only the job that created it says so.',
  "`path` missing, a file, or empty after the excludes failed only after the app lookup (and any creates). The deploy step now checks the directory and plans the zip before its first request; it also refuses a `path` that leads out of the workspace through a symbolic link (a link committed to the repository could otherwise put the runner's own files in the zip).",
  'An `api-user-id` holding ":" crashed the action with a stack trace (createClient threw outside any catch). It is now an input error, and run() ends anything unforeseen with a message instead of a stack trace.',
  'A cancelled run said only "cancelled while deploying". It now names the phase (writing the zip, uploading the zip, waiting for the build), and a cut-short upload is reported as possibly having reached the service.',
  'The emulator logged "unexpected error" and answered 500 when a client hung up in the middle of a JSON body; it now treats that as the client\'s bad request (emulator/json-body.ts).',
];

const cell = (v: string | number) => String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(rows: [string, string | number][]): string {
  return ['| | |', '| --- | --- |', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`)].join('\n');
}

function figure(e: Evidence, suite: string, name: string): string | number {
  return e.figures.get(suite)?.get(name) ?? 'not measured';
}

function summary(e: Evidence, meta: ReportMeta): string {
  const f = (suite: string, name: string) => figure(e, suite, name);
  const passed = meta.tests.filter((t) => t.state === 'pass').length;
  const cancel = ['the archive', 'the upload', 'the wait']
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
    ['secrets found', `${f('secrets', 'secrets found')} in ${f('secrets', 'runs scanned')} runs scanned`],
  ]);
}

export function renderReport(e: Evidence, meta: ReportMeta): string {
  const out: string[] = [
    '# Reliability and security: what the suites proved',
    '',
    `Written by \`npm run test:reliability\` (test/reliability/) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${availableParallelism()} cores; the whole set took ${(meta.durationMs / 1000).toFixed(0)} s. Every figure below is what that run measured: do not edit this file, run the suites again.`,
    '',
    '## How to run it again',
    '',
    '```sh',
    "npm run package            # the suites run the bundle, dist/index.js, as GitHub's runner does",
    'npm run test:reliability   # everything; rewrites this file',
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
    const figures = e.figures.get(suite);
    if (figures) out.push('', table([...figures]));
    const notes = e.notes.get(suite);
    if (notes?.length) out.push('', ...notes.map((n) => `- ${n}`));
  }
  out.push(
    '',
    '## npm audit',
    '',
    '`npm audit --omit=dev` was tried by hand (it is not part of the suite, which must not depend on the network): the registry this machine reaches answered `405 Method Not Allowed` on its bulk advisory endpoint, so no audit could be had here. Run it where registry.npmjs.org is reachable; the runtime dependencies are @actions/core, @actions/github, archiver, undici, form-data and ignore, pinned in package.json.',
    '',
    '## What the suites found, and what was fixed',
    '',
    ...FOUND_AND_FIXED.map((t) => `- ${t}`),
    '',
    '## Tests',
    '',
    ...meta.tests.map((t) => `- ${t.state === 'pass' ? 'passed' : t.state}: ${t.name}`),
    '',
  );
  return out.join('\n');
}

export function writeReport(file: string, e: Evidence, meta: ReportMeta): void {
  writeFileSync(file, renderReport(e, meta));
}
