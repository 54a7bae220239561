/**
 * Exclude patterns mean the same on every runner OS: gitignore syntax with `/` (a `\` escapes),
 * matched case-sensitively, although git on Windows and macOS would ignore case by default.
 */
import { describe, expect, it } from 'vitest';
import { buildExcludeRules } from '../../src/archive/plan/exclude-rules.js';

const decides = (exclude: string[], rel: string) => {
  const rules = buildExcludeRules({ exclude });
  const i = rules.match(rel);
  return i < 0 ? null : rules.rules[i]!.label;
};

describe('exclude patterns on every OS', () => {
  it('read a backslash as an escape, not a separator', () => {
    expect(decides(['dist\\cache\\'], 'dist/cache/')).toBeNull();
    expect(decides(['dist/cache/'], 'dist/cache/')).toBe('exclude:1');
    expect(decides(['\\#notes.md'], '#notes.md')).toBe('exclude:1');
  });

  it('match letter case exactly', () => {
    expect(decides(['*.LOG'], 'debug.log')).toBeNull();
    expect(decides(['*.log'], 'debug.log')).toBe('exclude:1');
    expect(decides(['Docs/'], 'docs/')).toBeNull();
  });
});
