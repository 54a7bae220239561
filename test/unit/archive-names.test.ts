/**
 * Which byte names may become zip entries, and how a refused one is shown: the boundaries of
 * each rule (drive letters, control ranges, every UTF-8 sequence length), and the order names
 * take in the zip.
 */
import { describe, expect, it } from 'vitest';
import { compareUtf8 } from '../../src/archive/plan/compare-utf8.js';
import { checkEntryName, escapeName, type NameCheck } from '../../src/archive/plan/entry-name.js';

const bytes = (...b: number[]) => Buffer.from(b);

describe('checkEntryName', () => {
  type Row = readonly [string | Buffer, NameCheck];
  const refused = (escaped: string, why: string): NameCheck => ({ escaped, why });
  const CONTROL = 'holds a control character';
  const DRIVE = 'starts with a drive prefix';
  it.each<Row>([
    // Ordinary names, as text.
    ...['index.html', ' ~', 'café 😀', '\u00a0x'].map((name): Row => [name, { name }]),
    // Not drive prefixes: not letters (the neighbours of A-Z and a-z), a colon elsewhere, a lone letter.
    ...['@:x', '[:x', '`:x', '{:x', '1:x', ':x', 'ab:', 'C'].map((name): Row => [name, { name }]),
    ['', refused('', 'is empty')],
    ...['C:x', 'c:', 'A:', 'Z:x', 'a:x', 'z:x'].map((name): Row => [name, refused(name, DRIVE)]),
    // Control characters from the bytes and, past ASCII, from the text (C1 controls are two bytes).
    ['a\x1fb', refused('a\\u001fb', CONTROL)],
    ['\x00', refused('\\u0000', CONTROL)],
    ['a\x7f', refused('a\\u007f', CONTROL)],
    ['é\u0080', refused('é\\u0080', CONTROL)],
    ['\u009f', refused('\\u009f', CONTROL)],
    // A backslash or a slash, whichever comes first with a control after.
    ['a\\b', refused('a\\\\b', 'holds a backslash')],
    ['a/b', refused('a/b', 'holds a slash')],
    ['a\\\x01', refused('a\\\\\\u0001', 'holds a backslash')],
    ['a/\x01', refused('a/\\u0001', 'holds a slash')],
    // Bytes that are not UTF-8, shown as \xNN.
    [bytes(0x61, 0xff), refused('a\\xff', 'is not valid UTF-8')],
    [bytes(0xc3), refused('\\xc3', 'is not valid UTF-8')],
  ])('%j → %j', (raw, expected) => {
    expect(checkEntryName(typeof raw === 'string' ? Buffer.from(raw) : raw)).toEqual(expected);
  });
});

describe('escapeName', () => {
  it('escapes quotes, backslashes and the short controls as JSON does', () => {
    expect(escapeName('a"b\\c\nd\re\tf')).toBe('a\\"b\\\\c\\nd\\re\\tf');
    expect(escapeName(Buffer.from('a"b\\c\nd\re\tf'))).toBe('a\\"b\\\\c\\nd\\re\\tf');
  });

  it('escapes other controls, line separators and direction overrides as \\uXXXX, and nothing else', () => {
    expect(escapeName('\x01\x1f\x7f\u0080\u009f')).toBe('\\u0001\\u001f\\u007f\\u0080\\u009f');
    expect(escapeName('\u2028\u2029\u202a\u202e\u2066\u2069')).toBe('\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069');
    const plain = ' ~\u00a0é\u2027\u202f\u2065\u206a😀';
    expect(escapeName(plain)).toBe(plain);
    expect(escapeName(Buffer.from(plain))).toBe(plain);
  });

  it('keeps every valid UTF-8 sequence length whole, at the edges of each range', () => {
    const valid = [
      '\u0080', // shortest two-byte (a control: escaped, but read as one character)
      '\u07ff', // longest two-byte
      '\u0800', // shortest three-byte
      '\ud7ff', // just below the surrogates
      '\ue000', // just above them
      '\uffff', // longest three-byte
      '\u{10000}', // shortest four-byte
      '\u{10ffff}', // the last code point
    ];
    for (const ch of valid) expect(escapeName(Buffer.from(ch))).toBe(escapeName(ch));
    expect(escapeName(Buffer.from('\u07ff\u0800'))).toBe('\u07ff\u0800');
  });

  it('shows each byte of an invalid sequence as \\xNN', () => {
    const cases: [number[], string][] = [
      [[0x80], '\\x80'], // a continuation byte alone
      [[0xc0, 0x80], '\\xc0\\x80'], // overlong lead bytes
      [[0xc1, 0xbf], '\\xc1\\xbf'],
      [[0xc2], '\\xc2'], // cut off at the end
      [[0xe2, 0x82], '\\xe2\\x82'],
      [[0xf0, 0x9f, 0x98], '\\xf0\\x9f\\x98'],
      [[0xc2, 0x41], '\\xc2A'], // not followed by a continuation byte
      [[0xe2, 0x82, 0x41], '\\xe2\\x82A'],
      [[0xe2, 0xc2, 0xa9], '\\xe2©'],
      [[0xe0, 0x9f, 0xbf], '\\xe0\\x9f\\xbf'], // overlong three-byte (U+07FF)
      [[0xed, 0xa0, 0x80], '\\xed\\xa0\\x80'], // a surrogate (U+D800)
      [[0xed, 0xbf, 0xbf], '\\xed\\xbf\\xbf'], // a surrogate (U+DFFF)
      [[0xf0, 0x8f, 0xbf, 0xbf], '\\xf0\\x8f\\xbf\\xbf'], // overlong four-byte (U+FFFF)
      [[0xf4, 0x90, 0x80, 0x80], '\\xf4\\x90\\x80\\x80'], // past U+10FFFF
      [[0xf5, 0x80, 0x80, 0x80], '\\xf5\\x80\\x80\\x80'], // a lead byte no sequence has
      [[0xf8, 0x90, 0x80, 0x80], '\\xf8\\x90\\x80\\x80'], // 0xf8 leads nothing (its low bits would read as U+10000)
      // Bytes below the two-byte leads lead nothing either, even before three continuation bytes
      // that would complete a four-byte sequence (read so, these would be U+10000 and U+40000).
      [[0x88, 0x90, 0x80, 0x80], '\\x88\\x90\\x80\\x80'],
      [[0xc1, 0x80, 0x80, 0x80], '\\xc1\\x80\\x80\\x80'],
      [[0xff], '\\xff'],
    ];
    for (const [b, shown] of cases) expect(escapeName(Buffer.from(b)), b.join(',')).toBe(shown);
  });

  it('escapes an invalid byte alone, keeping its neighbours', () => {
    expect(escapeName(bytes(0x61, 0x85, 0x62))).toBe('a\\x85b');
  });
});

describe('compareUtf8', () => {
  const byBytes = (x: string, y: string) => Buffer.compare(Buffer.from(x), Buffer.from(y));
  const sign = (n: number) => Math.sign(n);

  it('agrees with a comparison of the UTF-8 bytes around the surrogate range', () => {
    const chars = ['a', '\ud7ff', '\ue000', '\uffff', '\u{10000}', '\u{10ffff}', '\u{1f600}', 'é', ''];
    for (const x of chars) {
      for (const y of chars) {
        expect(sign(compareUtf8(x, y)), `${JSON.stringify(x)} vs ${JSON.stringify(y)}`).toBe(sign(byBytes(x, y)));
        expect(sign(compareUtf8(`p${x}q`, `p${y}`)), `${JSON.stringify(x)}q vs ${JSON.stringify(y)}`).toBe(
          sign(byBytes(`p${x}q`, `p${y}`)),
        );
      }
    }
  });

  it('puts a name before its longer continuations and equal names together', () => {
    expect(compareUtf8('ab', 'ab')).toBe(0);
    expect(compareUtf8('ab', 'abc')).toBeLessThan(0);
    expect(compareUtf8('abc', 'ab')).toBeGreaterThan(0);
  });
});
