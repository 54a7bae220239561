/**
 * Multiline inputs and the exclude-from file with Windows line endings. A value pasted from a
 * Windows editor, a secret saved with CRLF, or a `.deployignore` checked out with
 * `core.autocrlf=true` ends each line in `\r\n`; the `\r` must never end up as the last
 * character of a pattern, a variable name or a value sent to the API.
 */
import { describe, expect, it } from 'vitest';
import { buildExcludeRules } from '../../src/archive/plan/exclude-rules.js';
import { parseEnvVars, parseLines, parseList } from '../../src/inputs/parsers.js';
import { splitLines } from '../../src/util/lines.js';

const noCarriageReturn = (values: readonly string[]) => values.filter((v) => v.includes('\r'));

describe('splitLines', () => {
  it.each([
    ['a\r\nb\r\n', ['a', 'b', '']],
    ['a\nb', ['a', 'b']],
    ['a\r\nb\nc\r\n', ['a', 'b', 'c', '']],
    ['\r\n\r\n', ['', '', '']],
    // Only the CR of a CRLF goes: a lone CR is no line ending (git reads .gitignore the same way).
    ['a\rb', ['a\rb']],
    ['a\r\r\nb', ['a\r', 'b']],
    ['a\r', ['a\r']],
    ['', ['']],
  ])('%j → %j', (text, lines) => {
    expect(splitLines(text)).toEqual(lines);
  });
});

describe('the exclude input with CRLF', () => {
  it('gives patterns without the CR, comments and blank lines dropped', () => {
    const patterns = parseLines('dist/\r\n# a comment\r\n\r\n*.log\r\n!keep.log\r\n');
    expect(patterns).toEqual(['dist/', '*.log', '!keep.log']);
  });
});

describe('env-vars with CRLF', () => {
  it('gives keys and values without the CR', () => {
    const vars = parseEnvVars(
      'API_URL=https://api.example.com\r\nGREETING="two words"\r\n# note\r\n\r\nEMPTY=\r\nQ=\'x\'\r\n',
    );
    expect(vars).toEqual([
      { key: 'API_URL', value: 'https://api.example.com' },
      { key: 'GREETING', value: 'two words' },
      { key: 'EMPTY', value: '' },
      { key: 'Q', value: 'x' },
    ]);
    expect(noCarriageReturn(vars.flatMap((v) => [v.key, v.value]))).toEqual([]);
  });

  it('numbers lines as an editor does, CRLF or not', () => {
    expect(() => parseEnvVars('A=1\r\n\r\nnot a pair\r\n')).toThrow(/^line 3 has no "="/);
    expect(() => parseEnvVars('A=1\r\nA=2\r\n')).toThrow(/^line 2: A is already set on line 1/);
  });

  it('keeps a lone CR inside a value, as written', () => {
    expect(parseEnvVars('A=x\ry')).toEqual([{ key: 'A', value: 'x\ry' }]);
  });
});

describe('list inputs with CRLF', () => {
  it('gives items without the CR', () => {
    expect(parseList('users\r\norders,\r\nposts\r\n')).toEqual(['users', 'orders', 'posts']);
  });
});

describe('exclude rules with CRLF', () => {
  const rules = buildExcludeRules({
    exclude: ['coverage/\r\n*.tmp\r\n'],
    excludeFrom: { name: '.deployignore', text: '# generated\r\n\r\n*.env\r\n!public.env\r\ncache/\r\n' },
  });
  const decidedBy = (rel: string) => {
    const i = rules.match(rel);
    return i < 0 ? null : rules.rules[i]!.label;
  };

  it('labels each rule by the line it is on', () => {
    expect(rules.rules.map((r) => r.label)).toEqual([
      '.git/',
      'node_modules/',
      '.env*.local',
      'exclude:1',
      'exclude:2',
      '.deployignore:3',
      '.deployignore:4',
      '.deployignore:5',
    ]);
  });

  it('matches as the same rules written with LF', () => {
    expect(decidedBy('coverage/')).toBe('exclude:1');
    expect(decidedBy('a.tmp')).toBe('exclude:2');
    expect(decidedBy('prod.env')).toBe('.deployignore:3');
    expect(decidedBy('public.env')).toBe('.deployignore:4');
    expect(decidedBy('cache/')).toBe('.deployignore:5');
    expect(decidedBy('index.js')).toBeNull();
    // A name that really ends in CR is not what `*.env` + CRLF meant.
    expect(decidedBy('cache\r/')).toBeNull();
  });
});
