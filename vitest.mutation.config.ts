import { defineConfig } from 'vitest/config';
import { workflowParserWithoutMaps } from './test/support/workflow-parser-without-maps.js';

/**
 * The tests Stryker runs against each mutant: the in-process unit and integration tests.
 * test/action spawns the bundled action (dist/), which a mutant of src/ never reaches and which
 * would cost seconds per mutant; the global setup (which may rebuild dist/) is left out for the
 * same reason. MUTATION_TESTS=unit narrows it to the unit tests, for a quick run on a small
 * machine (mutants only the integration tests would kill then show as survivors).
 */
const unitOnly = process.env.MUTATION_TESTS === 'unit';

export default defineConfig({
  plugins: [workflowParserWithoutMaps()],
  test: {
    include: unitOnly ? ['test/unit/**/*.test.ts'] : ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // As in vitest.config.ts: zip timestamps are checked in a zone far from UTC (scripts/mutation.sh
    // sets it for StrykerJS's worker threads too), and the workflow parser's JSON schemas go
    // through Vite's transform.
    env: { TZ: 'Pacific/Kiritimati' },
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
