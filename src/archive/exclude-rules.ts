import ignore from 'ignore';
import type { RuleCount, RuleSource } from './types.js';

/** Always excluded, before any rule the user gives (which may re-include them with `!`). */
export const DEFAULT_EXCLUDES = ['.git/', 'node_modules/'] as const;

export interface ExcludeRules {
  /**
   * Index into `rules` of the rule that excludes `relPath`, or -1 when it is kept.
   * `relPath` is POSIX and relative to the root; a directory is tested with a trailing slash.
   */
  match(relPath: string): number;
  /** Every rule with zeroed counts, ready to be counted into. */
  rules: RuleCount[];
}

/**
 * Compiles the defaults, the `exclude` input and the exclude-from file into one gitignore rule
 * list, so that a later rule overrides an earlier one exactly as in a single .gitignore at the
 * root. Patterns are case-sensitive, as git's are on the Linux runners.
 */
export function buildExcludeRules(input: { exclude?: readonly string[]; excludeFrom?: string }): ExcludeRules {
  const rules: RuleCount[] = [];
  const add = (source: RuleSource, text: string) => {
    for (const line of text.split(/\r?\n/)) {
      if (line.trim() === '' || line.startsWith('#')) continue;
      rules.push({ source, pattern: line, files: 0, dirs: 0 });
    }
  };
  for (const p of DEFAULT_EXCLUDES) add('default', p);
  for (const text of input.exclude ?? []) add('exclude', text);
  if (input.excludeFrom !== undefined) add('exclude-from', input.excludeFrom);

  // allowRelativePaths only lifts a check that would throw on legal names such as "...".
  const ig = ignore({ ignorecase: false, allowRelativePaths: true }).add(
    rules.map((r, i) => ({ pattern: r.pattern, mark: String(i) })),
  );
  return {
    rules,
    match(relPath) {
      const result = ig.test(relPath);
      return result.ignored && result.rule?.mark !== undefined ? Number(result.rule.mark) : -1;
    },
  };
}
