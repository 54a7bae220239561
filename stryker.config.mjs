// Mutation testing (StrykerJS): which code is mutated, and how. See docs/mutation.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The rules where a bug costs users most. Globs, so that files moving into subfolders stay in.
  mutate: [
    // Input rules and the rows of the step table.
    'src/inputs/**/*.ts',
    '!src/inputs/action-metadata.ts', // generated from action.yml
    '!src/inputs/types.ts',
    // The rules that choose steps and read inputs against the step table.
    'src/engine/read-inputs.ts',
    'src/engine/step-selection.ts',
    'src/engine/skip-rule.ts',
    'src/steps/*/step.ts',
    // The API client's URL, retry, proxy and redaction rules.
    'src/api/url.ts',
    'src/api/retry-policy.ts',
    'src/api/proxy.ts',
    'src/api/webhook-url.ts',
    'src/util/redact.ts',
    // What the action tells the runner: outputs, masks, annotations (a slip breaks every workflow).
    'src/doors/action/workflow-commands.ts',
    // The upload body: the bytes sent, and when a read buffer may be filled again.
    'src/api/part-body.ts',
    // The archive: what goes in (the plan: rules, names, links, order) and the bytes of the zip
    // format. Not the writer's streams and workers: their faults are I/O, tested end to end.
    'src/archive/plan/exclude-rules.ts',
    'src/archive/plan/entry-name.ts',
    'src/archive/plan/plan-archive.ts',
    'src/archive/plan/walk.ts',
    'src/archive/plan/rule-file.ts',
    'src/archive/plan/resolve-link.ts',
    'src/archive/plan/compare-utf8.ts',
    'src/archive/zip/zip-format.ts',
    // What the action reports.
    'src/report/**/*.ts',
    // The emulator's validators (what it accepts decides what the tests prove).
    'emulator/http/json-body.ts',
    'emulator/handlers/**/validate*.ts',
    'emulator/handlers/**/names.ts',
    'emulator/handlers/**/environment-fields.ts',
  ],
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutation.config.ts',
    // Only the test files that import a mutated file run against its mutants.
    related: true,
    // The runner uses worker threads (StrykerJS 9 always does): they start faster than processes,
    // which is most of the cost of each mutant's run.
  },
  // Vitest does not type-check, so the files need no `// @ts-nocheck` (which would also change
  // src/inputs/action-metadata.ts, whose text a unit test compares with what action.yml generates).
  disableTypeChecks: false,
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.all.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Reruns test only mutants in code or tests that changed since the last run on this machine.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The machine running it is usually small; raise with --concurrency where there are cores.
  concurrency: 2,
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 85, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
