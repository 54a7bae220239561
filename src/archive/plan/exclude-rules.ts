import ignore, { type Ignore } from 'ignore';
import { groupDigits } from '../../util/format.js';
import { splitLines } from '../../util/lines.js';
import { LiteralRules } from './literal-rules.js';
import type { RuleReport, RuleSource } from '../types.js';

/**
 * Always excluded, before any rule the user gives (which may re-include them with `!`).
 * `.env*.local` (`.env.local`, `.env.production.local`, at any depth) is where Next.js, Vite,
 * Create React App and others keep a developer's or a CI job's secrets; they are never committed.
 */
export const DEFAULT_EXCLUDES = ['.git/', 'node_modules/', '.env*.local'] as const;

/** The default rule for local env files: what it leaves out is named in the log and the summary. */
export const LOCAL_ENV_RULE = '.env*.local';

/**
 * Most rules one source (the `exclude` input, the exclude-from file) may hold. Every path of the
 * walk is tested against every rule, so a generated list of a hundred thousand paths costs
 * minutes; a hand-written list is far shorter.
 */
export const MAX_RULES_PER_SOURCE = 10_000;

export interface ExcludeRules {
  /**
   * Index into `rules` of the rule that decides `relPath`: one that excludes it, or a `!` rule
   * that keeps it; -1 when no rule matches. `relPath` is POSIX and relative to the root; a
   * directory is tested with a trailing slash.
   */
  match(relPath: string): number;
  /** Every rule with zeroed counts, ready to be counted into. */
  rules: RuleReport[];
}

/**
 * `./docs/` means the root's docs directory to anyone who writes it, but gitignore matches no
 * path against it; it becomes the anchored `/docs/`, which does what was meant.
 */
export function normalisePattern(pattern: string): string {
  const bang = pattern.startsWith('!') ? '!' : '';
  let body = bang ? pattern.slice(1) : pattern;
  if (!body.startsWith('./')) return pattern;
  while (body.startsWith('./')) body = body.slice(2);
  return `${bang}/${body}`;
}

/**
 * Compiles the defaults, the `exclude` input and the exclude-from file into one gitignore rule
 * list, so that a later rule overrides an earlier one exactly as in a single .gitignore at the
 * root. Patterns are case-sensitive, as git's are on the Linux runners. Each rule is labelled
 * by where it came from: `exclude:N` counts the input's patterns (blank lines and comments
 * aside), `<file>:N` the file's lines, as an editor numbers them.
 */
export function buildExcludeRules(input: {
  exclude?: readonly string[];
  excludeFrom?: { name: string; text: string };
}): ExcludeRules {
  const rules: RuleReport[] = [];
  const patterns: string[] = [];
  const add = (source: RuleSource, label: string, line: string) => {
    const pattern = normalisePattern(line);
    rules.push({ source, label, negated: pattern.startsWith('!'), files: 0, dirs: 0, bytes: 0 });
    patterns.push(pattern);
  };
  const isRule = (line: string) => line.trim() !== '' && !line.startsWith('#');

  for (const p of DEFAULT_EXCLUDES) add('default', p, p);
  let n = 0;
  for (const item of input.exclude ?? []) {
    for (const line of splitLines(item)) if (isRule(line)) add('exclude', `exclude:${++n}`, line.trim());
  }
  if (n > MAX_RULES_PER_SOURCE) throw new Error(tooMany('input "exclude"', n));
  if (input.excludeFrom) {
    const { name, text } = input.excludeFrom;
    const lines = splitLines(text);
    const count = lines.filter(isRule).length;
    if (count > MAX_RULES_PER_SOURCE) throw new Error(tooMany(`input "exclude-from": file "${name}"`, count));
    lines.forEach((line, i) => isRule(line) && add('exclude-from', `${name}:${i + 1}`, line));
  }

  // Plain names are looked up, not matched in turn (literal-rules.ts). Every `!` rule stays a
  // pattern, so the patterns alone never leave out a folder that the rules as a whole keep: the
  // last rule to match a kept folder is a `!` rule, or none, and that holds among the patterns too.
  const literals = new LiteralRules();
  const matched: { pattern: string; mark: string }[] = [];
  patterns.forEach((pattern, i) => literals.add(pattern, i) || matched.push({ pattern, mark: String(i) }));
  // allowRelativePaths only lifts a check that would throw on legal names such as "...".
  const options = { ignorecase: false, allowRelativePaths: true };
  const ig = ignore(options).add(matched);
  // The matcher says that a `!` rule kept a path, not which one: each gets a matcher of its own,
  // asked only about the (few) paths some `!` rule kept, last rule first as git decides.
  const keepers: { index: number; ig: Ignore }[] = [];
  patterns.forEach((p, index) => p.startsWith('!') && keepers.unshift({ index, ig: ignore(options).add(p.slice(1)) }));
  /** The rule that decides `relPath` itself, given that no folder above it is left out. */
  const own = (relPath: string): number => {
    const result = ig.test(relPath);
    let index = -1;
    if (result.ignored) index = result.rule?.mark !== undefined ? Number(result.rule.mark) : -1;
    else if (result.unignored) index = keepers.find((k) => k.ig.ignores(relPath))?.index ?? -1;
    return Math.max(index, literals.last(relPath));
  };
  return {
    rules,
    match(relPath) {
      // A folder above that a plain name leaves out decides, as git never looks inside it.
      if (literals.size > 0) {
        for (let at = relPath.indexOf('/'); at >= 0 && at < relPath.length - 1; at = relPath.indexOf('/', at + 1)) {
          const above = own(relPath.slice(0, at + 1));
          if (above >= 0 && !rules[above]!.negated) return above;
        }
      }
      return own(relPath);
    },
  };
}

function tooMany(what: string, count: number): string {
  return `${what} holds ${groupDigits(count)} rules, more than the ${groupDigits(MAX_RULES_PER_SOURCE)} one source may hold; keep the patterns that match something (a folder's name rather than each file in it)`;
}
