// The second mutated set (StrykerJS): where the steps run, the code the bundle's end-to-end tests
// exercise but a mutant of src/ only meets through the in-process tests. It grows by areas, each
// with its own result, kept apart from the first set's (stryker.config.mjs) so that a partial run
// never replaces that one. See docs/mutation.md.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [
    // Near-miss names, repeats of lost answers, the run record, the guarded delete.
    'src/step-kit/**/*.ts',
    // What deploy, rollback and wait share: upload, build wait, health gate, kept archives, restore.
    'src/release/**/*.ts',
    // The order of steps and what a run reports when one fails.
    'src/engine/run-flow.ts',
    'src/engine/plan.ts',
    // The tolerant reader of the platform's answers, and the upload of a file still growing.
    'src/api/read-answer.ts',
    'src/api/growing-file.ts',
    // Each step's run code: the deploy (archive checks, app and environment, roll-back-after),
    // install copy, webhook, wait, delete, rollback, sweep. The rows (src/steps/*/step.ts) are in
    // the first set.
    'src/steps/**/*.ts',
    '!src/steps/*/step.ts',
    // What the action asks of GitHub: pull requests, deployments, comments, kept archives.
    'src/github/**/*.ts',
    // The client's requests: retries, timeouts, the proxy and TLS, redaction of what comes back.
    'src/api/transport.ts',
    'src/api/request.ts',
    // The program's command line: flags to inputs.
    'src/doors/cli/flags.ts',
    'src/doors/cli/run-cli.ts',
  ],
  // A mutant of a module-level value (a table, a constant) is reached by every test file that
  // imports it, so each would rerun most of the suite: such mutants are left out (reported as
  // ignored), which keeps a full run of this set within a few hours on two cores.
  ignoreStatic: true,
  // The type checker compiles src/ alone, not the tests: with tsconfig.all.json its two processes
  // held a core between them for the whole of a 2,358-mutant run and the runner fell to 7 mutants
  // a minute; with src/ alone a run of 485 took 13 minutes. A mutant that would break only a
  // test's types is then run instead of dropped, and is killed or survives on what it does.
  tsconfigFile: 'tsconfig.json',
  incrementalFile: 'reports/mutation/steps/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/steps/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/steps/mutation.json' },
};
