/**
 * Multiline inputs with Windows line endings (the exclude-from file's: exclude-rules.test.ts). A
 * value pasted from a Windows editor or a secret saved with CRLF ends each line in `\r\n`; the
 * `\r` must never end up as the last character of a pattern, a variable name or a value sent.
 */
import { describe, expect, it } from 'vitest';
import { parseEnvVars, parseLines, parseList } from '../../src/inputs/parsers.js';
import { splitLines } from '../../src/util/lines.js';

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
  });

  it('numbers lines as an editor does, CRLF or not', () => {
    expect(() => parseEnvVars('A=1\r\n\r\nnot a pair\r\n')).toThrow(/^line 3 has no "="/);
    expect(() => parseEnvVars('A=1\r\nA=2\r\n')).toThrow(/^line 2: A is already set on line 1/);
  });

  it('keeps a lone CR inside a value, as written', () => {
    expect(parseEnvVars('A=x\ry')).toEqual([{ key: 'A', value: 'x\ry' }]);
  });
});

describe('line and list inputs with CRLF', () => {
  it.each([
    ['exclude', parseLines, 'dist/\r\n# a comment\r\n\r\n*.log\r\n!keep.log\r\n', ['dist/', '*.log', '!keep.log']],
    ['a list', parseList, 'users\r\norders,\r\nposts\r\n', ['users', 'orders', 'posts']],
  ])('%s gives items without the CR, comments and blank lines dropped', (_, parse, text, items) => {
    expect(parse(text)).toEqual(items);
  });
});
