/** delete-pattern: the glob that keeps a delete away from everything but previews. */
import { describe, expect, it } from 'vitest';
import { parseDeletePattern } from '../../src/step-kit/delete-pattern.js';

describe('parseDeletePattern', () => {
  it.each([
    ['pr-*', 'pr-12', true],
    ['pr-*', 'pr-', true],
    ['pr-*', 'PR-12', false],
    ['pr-*', 'production', false],
    ['pr-*', 'xpr-1', false],
    ['pr-*', 'pr-1/x', false],
    ['pr-?', 'pr-1', true],
    ['pr-?', 'pr-12', false],
    ['pr-[0-9]*', 'pr-3a', true],
    ['pr-[0-9]*', 'pr-a3', false],
    ['{pr,preview}-*', 'preview-x', true],
    ['{pr,preview}-*', 'prod-x', false],
    ['staging', 'staging', true],
    ['staging', 'staging2', false],
    ['*', 'production', true],
    // A name that starts another is not that other one.
    ['pr-1', 'pr-12', false],
    ['pr-1', 'pr-1', true],
    ['pr-12', 'pr-1', false],
    // Display names starting with a dot or "#" are names like any other.
    ['*', '.hidden', true],
    ['#x', '#x', true],
    // `**` is `*`: it does not cross a "/".
    ['**', 'pr-1/x', false],
  ])('%s against %s → %s', (pattern, name, expected) => {
    expect(parseDeletePattern(pattern).matches(name)).toBe(expected);
  });

  it('refuses negation: "all but production" is how production gets deleted', () => {
    expect(() => parseDeletePattern('!production')).toThrow('negated patterns are not supported');
  });

  it('refuses a pattern that is empty once trimmed, naming it', () => {
    expect(() => parseDeletePattern('  ')).toThrow('"" is not a valid glob pattern');
  });

  it('keeps the pattern as written for messages', () => {
    expect(parseDeletePattern(' pr-* ').source).toBe('pr-*');
  });
});
