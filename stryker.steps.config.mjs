// The second mutated set (StrykerJS): where the steps run, the code the bundle's end-to-end tests
// exercise but a mutant of src/ only meets through the in-process tests. It grows by areas, each
// with its own result, kept apart from the first set's (stryker.config.mjs) so that a partial run
// never replaces that one. See docs/mutation.md.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: [
    // Look-ups by name, the build wait, near-miss names, repeats of lost answers, the journal.
    'src/steps/common/**/*.ts',
    // The order of steps and what a run reports when one fails.
    'src/flow/**/*.ts',
    // The tolerant reader of the platform's answers, and the upload of a file still growing.
    'src/api/read-answer.ts',
    'src/api/growing-file.ts',
  ],
  incrementalFile: 'reports/mutation/steps/stryker-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/steps/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/steps/mutation.json' },
};
