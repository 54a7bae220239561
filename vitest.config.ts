import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/action/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
    // The workflow parser imports its JSON schemas without an import attribute, which Node
    // refuses; run it through Vite's transform instead of Node's loader.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
