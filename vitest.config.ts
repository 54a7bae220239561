import { defineConfig } from 'vitest/config';
import { workflowParserWithoutMaps } from './test/support/workflow-parser-without-maps.js';

export default defineConfig({
  plugins: [workflowParserWithoutMaps()],
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/action/**/*.test.ts',
      'test/cli/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    // Zip timestamps are UTC: run everything in a zone 14 hours from it, so local time in their
    // place shows (test/unit/archive-zip-format.test.ts checks the zone really is this one).
    env: { TZ: 'Pacific/Kiritimati' },
    // Lists every skipped or todo test; under CI fails the run unless test/skip-allowlist.json names it.
    reporters: ['default', './test/support/skip-guard.ts'],
    // The workflow parser imports its JSON schemas without an import attribute, which Node
    // refuses; run it through Vite's transform instead of Node's loader.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
