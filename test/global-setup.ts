/**
 * Before any test: the end-to-end tests run dist/index.js, so a bundle older than src/ would
 * test stale code. Rebuild it when it is stale; in CI (where .ci/run has just built it) a stale
 * bundle is an error instead, since rebuilding there would hide a dist/ that was not committed.
 */
import { execFileSync } from 'node:child_process';
import { readStamp, ROOT, sourceHash } from '../scripts/dist-source-hash.js';

/** File filters on the command line (`vitest run test/unit/x.test.ts`): none means every file runs. */
function runsTheBundle(argv: readonly string[]): boolean {
  const filters = argv.slice(2).filter((a) => a.startsWith('test/') || a.endsWith('.ts'));
  const named = filters.filter((a) => !a.endsWith('config.ts'));
  return named.length === 0 || named.some((a) => /test\/(action|cli|reliability)\b|^test\/?$/.test(a));
}

export default function setup(): void {
  // A run of in-process tests alone need not wait for a bundle it does not use.
  if (!runsTheBundle(process.argv)) return;
  if (readStamp() === sourceHash()) return;
  if (process.env.CI) {
    throw new Error(
      'dist/ was not built from the current src/: run `npm run package` and commit dist/ with its source',
    );
  }
  console.log('dist/ is older than src/: rebuilding it (npm run package) before the tests');
  execFileSync('npm', ['run', '--silent', 'package'], {
    cwd: ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
}
