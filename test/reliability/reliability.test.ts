/**
 * The reliability and security suites, run in order in one process so they share the
 * record of every run (for the secret scan) and their figures (for docs/reliability.md, which
 * the last hook writes when the whole set ran). `npm run test:reliability`.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { awkwardWorkspacesSuite } from './awkward-workspaces.js';
import { badInputSuite } from './bad-input.js';
import { cancellationSuite } from './cancellation.js';
import { chaosSuite } from './chaos.js';
import { concurrentDeploySuite } from './concurrent-deploy.js';
import { emulatorFuzzSuite } from './emulator-fuzz.js';
import { secretsSuite } from './secrets.js';
import { securityEmulatorSuite } from './security-emulator.js';
import { securityServerSuite } from './security-server.js';
import { securityWorkspaceSuite } from './security-workspace.js';
import { Evidence } from './support/evidence.js';
import { writeReport, type TestOutcome } from './support/report.js';
import { removeTempDirs } from './support/workspace.js';
import { timeoutSuite } from './timeout.js';

const REPORT = fileURLToPath(new URL('../../docs/reliability.md', import.meta.url));
const started = Date.now();
const evidence = new Evidence();

chaosSuite(evidence);
concurrentDeploySuite(evidence);
timeoutSuite(evidence);
cancellationSuite(evidence);
badInputSuite(evidence);
awkwardWorkspacesSuite(evidence);
emulatorFuzzSuite(evidence);
securityWorkspaceSuite(evidence);
securityServerSuite(evidence);
securityEmulatorSuite(evidence);
// Last: it scans every run the suites above recorded.
secretsSuite(evidence);

interface TaskLike {
  type: string;
  name: string;
  mode?: string;
  result?: { state?: string };
  tasks?: TaskLike[];
  suite?: TaskLike;
}

function outcomes(task: TaskLike, prefix = ''): TestOutcome[] {
  if (task.type === 'test')
    return [
      { name: `${prefix}${task.name}`, state: task.mode === 'skip' ? 'skipped' : (task.result?.state ?? 'not run') },
    ];
  const inner = task.type === 'suite' ? `${prefix}${task.name} › ` : prefix;
  return (task.tasks ?? []).flatMap((t) => outcomes(t, inner));
}

// vitest reads the hook's first parameter as a fixture pattern: it must be a destructuring one.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, file) => {
  const tests = ((file as unknown as TaskLike).tasks ?? []).flatMap((t) => outcomes(t));
  // A run narrowed by -t measured only part of the set: leave the last full report in place.
  if (!tests.some((t) => t.state === 'skipped')) {
    mkdirSync(dirname(REPORT), { recursive: true });
    writeReport(REPORT, evidence, { durationMs: Date.now() - started, tests });
  }
  // After the report: whatever the clean-up costs, the figures are kept.
  removeTempDirs();
});
