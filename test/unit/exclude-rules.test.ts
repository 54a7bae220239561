/**
 * The exclude rules on their own: which lines are rules (CRLF or not), how each is labelled, which
 * rule decides a path (the one the summary counts it against), and the gitignore details a user
 * relies on. They mean the same on every runner OS: gitignore syntax with `/` (a `\` escapes),
 * matched case-sensitively, although git on Windows and macOS would ignore case by default.
 */
import { describe, expect, it } from 'vitest';
import ignore from 'ignore';
import {
  buildExcludeRules,
  DEFAULT_EXCLUDES,
  MAX_RULES_PER_SOURCE,
  normalisePattern,
} from '../../src/archive/plan/exclude-rules.js';

/** The label of the rule that decides `rel`, and whether it keeps it; null when none does. */
const decide = (rules: ReturnType<typeof buildExcludeRules>, rel: string) => {
  const i = rules.match(rel);
  return i < 0 ? null : `${rules.rules[i]!.label}${rules.rules[i]!.negated ? ' keeps' : ' excludes'}`;
};

describe('normalisePattern', () => {
  it('anchors a leading ./ at the root, however many, with or without !', () => {
    expect(normalisePattern('./docs/')).toBe('/docs/');
    expect(normalisePattern('././docs')).toBe('/docs');
    expect(normalisePattern('!./docs/')).toBe('!/docs/');
    expect(normalisePattern('!././a')).toBe('!/a');
  });

  it('leaves every other pattern as it is', () => {
    for (const p of ['docs/', '!docs', '.hidden', '../x', '/abs', '!', '.', '!.x', '*.log']) {
      expect(normalisePattern(p)).toBe(p);
    }
  });
});

describe('buildExcludeRules', () => {
  it('starts with the defaults, then the input, then the file, each labelled by the line it is on, CRLF or not', () => {
    const rules = buildExcludeRules({
      exclude: ['*.log\r\n\n# not a rule\n  \n !keep.log ', 'dist/'],
      excludeFrom: { name: '.deployignore', text: '# header\r\n\r\n*.env\r\n  \n!public.env\r\ncache/\n' },
    });
    expect(rules.rules.map((r) => [r.source, r.label, r.negated])).toEqual([
      ['default', '.git/', false],
      ['default', 'node_modules/', false],
      ['default', '.env*.local', false],
      ['exclude', 'exclude:1', false],
      ['exclude', 'exclude:2', true],
      ['exclude', 'exclude:3', false],
      ['exclude-from', '.deployignore:3', false],
      ['exclude-from', '.deployignore:5', true],
      ['exclude-from', '.deployignore:6', false],
    ]);
    for (const r of rules.rules) expect([r.files, r.dirs, r.bytes]).toEqual([0, 0, 0]);
    // The CR of a CRLF is no part of a pattern: each matches as written with LF.
    expect(['a.log', 'keep.log', 'prod.env', 'public.env', 'cache/', 'cache\r/'].map((p) => decide(rules, p))).toEqual([
      'exclude:1 excludes',
      'exclude:2 keeps',
      '.deployignore:3 excludes',
      '.deployignore:5 keeps',
      '.deployignore:6 excludes',
      null,
    ]);
  });

  it("trims the input's lines but not the file's, as git reads a .gitignore", () => {
    const rules = buildExcludeRules({ exclude: ['  a.txt  '], excludeFrom: { name: 'f', text: 'b.txt \n' } });
    expect(decide(rules, 'a.txt')).toBe('exclude:1 excludes');
    // gitignore drops unescaped trailing spaces itself.
    expect(decide(rules, 'b.txt')).toBe('f:1 excludes');
  });

  it('has only the defaults without input', () => {
    const rules = buildExcludeRules({});
    expect(rules.rules.map((r) => r.label)).toEqual(['.git/', 'node_modules/', '.env*.local']);
    expect(decide(rules, '.git/')).toBe('.git/ excludes');
    // Local env files, where the frameworks keep secrets, at any depth; .env itself is not a default.
    for (const f of ['.env.local', '.env.production.local', 'apps/web/.env.development.local']) {
      expect(decide(rules, f)).toBe('.env*.local excludes');
    }
    for (const f of ['.env', '.env.production', '.env.example', 'env.local', '.env.local.example']) {
      expect(decide(rules, f)).toBeNull();
    }
    expect(decide(rules, 'a/node_modules/')).toBe('node_modules/ excludes');
    expect(decide(rules, 'node_modules')).toBeNull(); // a file of that name is not a directory
    expect(decide(rules, 'src/')).toBeNull();
  });

  it('names the last rule that decides, as git does', () => {
    const rules = buildExcludeRules({ exclude: ['*.log', '!keep.log', 'keep.log', '!*.log'] });
    expect(decide(rules, 'a.log')).toBe('exclude:4 keeps');
    const rules2 = buildExcludeRules({ exclude: ['*.log', '!keep.log', '!*.log', 'keep.log'] });
    expect(decide(rules2, 'keep.log')).toBe('exclude:4 excludes');
    expect(decide(rules2, 'a.log')).toBe('exclude:3 keeps');
    const rules3 = buildExcludeRules({ exclude: ['*.log', '!*.log', '!keep.log'] });
    expect(decide(rules3, 'keep.log')).toBe('exclude:3 keeps');
    expect(decide(rules3, 'a.log')).toBe('exclude:2 keeps');
  });

  it('names the ! rule that kept a path, not a later rule that only looks like it', () => {
    const rules = buildExcludeRules({ exclude: ['*.log', '!keep.log', 'xkeep.log'] });
    expect(decide(rules, 'keep.log')).toBe('exclude:2 keeps');
    expect(decide(rules, 'xkeep.log')).toBe('exclude:3 excludes');
  });

  it('lets a ! rule put back a default', () => {
    const rules = buildExcludeRules({ exclude: ['!node_modules/'] });
    expect(decide(rules, 'node_modules/')).toBe('exclude:1 keeps');
  });

  it('is case-sensitive on every OS, and reads a backslash as an escape, not a separator', () => {
    const rules = buildExcludeRules({ exclude: ['*.LOG', 'Build/', 'dist\\cache\\', '\\#notes.md'] });
    expect(decide(rules, 'a.LOG')).toBe('exclude:1 excludes');
    expect(decide(rules, 'a.log')).toBeNull();
    expect(decide(rules, 'build/')).toBeNull();
    expect(decide(rules, 'dist/cache/')).toBeNull();
    expect(decide(rules, '#notes.md')).toBe('exclude:4 excludes');
  });

  it('matches a ./ pattern at the root only', () => {
    const rules = buildExcludeRules({ exclude: ['./docs/'] });
    expect(decide(rules, 'docs/')).toBe('exclude:1 excludes');
    expect(decide(rules, 'src/docs/')).toBeNull();
  });

  it('takes names made only of dots, which are legal file names', () => {
    const rules = buildExcludeRules({ exclude: ['...'] });
    expect(decide(rules, '...')).toBe('exclude:1 excludes');
    expect(decide(rules, '..a')).toBeNull();
  });
});

describe('the rule cap', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `gone-${i}.txt`).join('\n');

  it('takes 10,000 rules from the exclude-from file, and refuses 10,001 naming the file and the count', () => {
    expect(MAX_RULES_PER_SOURCE).toBe(10_000);
    const ok = buildExcludeRules({ excludeFrom: { name: '.deployignore', text: `# header\n\n${lines(10_000)}\n` } });
    expect(ok.rules).toHaveLength(10_000 + 3);
    expect(() => buildExcludeRules({ excludeFrom: { name: '.deployignore', text: lines(10_001) } })).toThrow(
      /^input "exclude-from": file ".deployignore" holds 10,001 rules, more than the 10,000 one source may hold; /,
    );
  });

  it('caps the exclude input the same way', () => {
    expect(buildExcludeRules({ exclude: [lines(10_000)] }).rules).toHaveLength(10_003);
    expect(() => buildExcludeRules({ exclude: [lines(5_000), lines(5_001)] })).toThrow(
      /^input "exclude" holds 10,001 rules/,
    );
  });
});

describe('plain names looked up rather than matched', () => {
  /** The rules as one `ignore` matcher, as they were matched before plain names were looked up. */
  function reference(patterns: string[]) {
    const options = { ignorecase: false, allowRelativePaths: true };
    const ig = ignore(options).add(patterns.map((pattern, i) => ({ pattern, mark: String(i) })));
    const keepers = patterns
      .map((p, index) => ({ index, p }))
      .filter(({ p }) => p.startsWith('!'))
      .reverse()
      .map(({ index, p }) => ({ index, ig: ignore(options).add(p.slice(1)) }));
    return (rel: string) => {
      const r = ig.test(rel);
      if (r.ignored) return r.rule?.mark !== undefined ? Number(r.rule.mark) : -1;
      if (!r.unignored) return -1;
      return keepers.find((k) => k.ig.ignores(rel))?.index ?? -1;
    };
  }

  it('decide every path as one gitignore matcher of all the rules does (random rule sets)', () => {
    const vocabulary = 'a b a/b /a b/ a/b/ /b/c c *.js a/* !a !b/ !*.js !a/b x.js /x.js **/c'.split(' ');
    const paths = 'a a/ b b/ a/b a/b/ a/b/c b/c b/c/ c x.js a/x.js a/b/x.js c/a/ c/a/b/'.split(' ');
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 400; round++) {
      const chosen = Array.from({ length: 1 + next(8) }, () => vocabulary[next(vocabulary.length)]!);
      const rules = buildExcludeRules({ exclude: [chosen.join('\n')] });
      const patterns = [...DEFAULT_EXCLUDES, ...chosen];
      const expected = reference(patterns);
      for (const p of paths) expect(rules.match(p), `${JSON.stringify(chosen)} on ${p}`).toBe(expected(p));
    }
  });
});
