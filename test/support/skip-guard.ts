/**
 * A vitest reporter: no test may skip in silence. Every skipped or todo test is listed at the
 * end of the run with its reason, and under CI (CI set) the run fails unless the test is named
 * in test/skip-allowlist.json with the reason it may not run. A run narrowed with -t skips the
 * tests it filtered out on purpose: those are not counted.
 */
import { readFileSync } from 'node:fs';
import nodePath, { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ALLOWLIST_FILE = fileURLToPath(new URL('../skip-allowlist.json', import.meta.url));

export interface AllowedSkip {
  /** `<file relative to the repository> > <full test name>`, as this reporter prints it. */
  test: string;
  /** Why the test may not run: a person reads this when CI lists the skip. */
  reason: string;
}

export function readAllowlist(file = ALLOWLIST_FILE): AllowedSkip[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { allowed?: AllowedSkip[] };
  const allowed = parsed.allowed ?? [];
  for (const a of allowed) {
    if (typeof a.test !== 'string' || typeof a.reason !== 'string' || a.reason.trim() === '')
      throw new Error(`${relative(ROOT, file)}: every entry needs "test" and a non-empty "reason"`);
  }
  return allowed;
}

export interface Skipped {
  test: string;
  mode: string;
  note: string | undefined;
}

/**
 * A test file as the allow-list names it: relative to the repository and `/`-separated on every
 * OS, so an entry written on Linux also matches on windows-latest (where vitest gives
 * `D:/a/repo/test/x.test.ts` and the repository is `D:\a\repo`).
 */
export function testFile(root: string, moduleId: string, path: typeof nodePath = nodePath): string {
  return path.relative(root, moduleId).split(path.sep).join('/');
}

/** The skipped and todo tests of finished modules, named as the allow-list names them. */
export function skippedTests(modules: readonly TestModule[]): Skipped[] {
  const out: Skipped[] = [];
  for (const m of modules) {
    for (const t of m.children.allTests()) {
      const r = t.result();
      if (r.state !== 'skipped') continue;
      out.push({ test: `${testFile(ROOT, m.moduleId)} > ${t.fullName}`, mode: t.options.mode, note: r.note });
    }
  }
  return out;
}

/** The skips that fail the run: those no allow-list entry names. */
export function unexplained(skipped: readonly Skipped[], allowed: readonly AllowedSkip[]): Skipped[] {
  const names = new Set(allowed.map((a) => a.test));
  return skipped.filter((s) => !names.has(s.test));
}

export default class SkipGuard implements Reporter {
  private narrowed = false;

  onInit(vitest: Vitest): void {
    this.narrowed = vitest.config.testNamePattern !== undefined;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (this.narrowed) return;
    const skipped = skippedTests(modules);
    if (skipped.length === 0) return;
    const allowed = readAllowlist();
    const reasons = new Map(allowed.map((a) => [a.test, a.reason]));
    const failing = unexplained(skipped, allowed);
    const lines = skipped.map(
      (s) =>
        `  ${s.mode === 'todo' ? 'todo' : 'skipped'}: ${s.test}${s.note ? ` (${s.note})` : ''}${reasons.has(s.test) ? ` — allowed: ${reasons.get(s.test)}` : ''}`,
    );
    console.error(`\n${skipped.length} test(s) did not run:\n${lines.join('\n')}`);
    if (failing.length > 0 && process.env.CI) {
      console.error(
        `\n${failing.length} of them are not in ${relative(ROOT, ALLOWLIST_FILE)}: make them run, or add each with the reason it may not. Failing the run (CI is set).`,
      );
      process.exitCode = 1;
    }
  }
}
