import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant: the in-process unit and integration tests only.
 * test/action spawns the bundled action (dist/), which a mutant of src/ never reaches and which
 * would cost seconds per mutant; the global setup (which may rebuild dist/) is left out for the
 * same reason.
 */
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
