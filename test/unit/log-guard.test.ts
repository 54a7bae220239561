import { describe, expect, it } from 'vitest';
import { escapeControl, neutralizeCommands } from '../../src/util/log-guard.js';

const starts = (text: string) => text.split('\n').filter((l) => /^\s*(::|##\[)/.test(l));

describe('neutralizeCommands', () => {
  it.each([
    ['a file named x\n::error::forged', 'a file named x\n» ::error::forged'],
    ['server said\r\n::add-mask::hunter2', 'server said\n» ::add-mask::hunter2'],
    ['a lone carriage return\r::warning::x', 'a lone carriage return\n» ::warning::x'],
    ['  ::stop-commands::tok', '»   ::stop-commands::tok'],
    ['##[error]old syntax', '» ##[error]old syntax'],
  ])('%j → %j', (text, expected) => {
    expect(neutralizeCommands(text)).toBe(expected);
    expect(starts(neutralizeCommands(text))).toEqual([]);
  });

  it('leaves ordinary text, and colons inside a line, alone', () => {
    for (const text of ['deploy: 3 files', 'a::b inside a line', 'two\nlines', 'time 12:30:00']) {
      expect(neutralizeCommands(text)).toBe(text);
    }
  });
});

describe('escapeControl: outside text shown, not obeyed, by a terminal', () => {
  it.each([
    ['\x1b[31mred\x1b[0m', '\\x1b[31mred\\x1b[0m'], // colours and cursor moves
    ['\x1b]0;owned\x07', '\\x1b]0;owned\\x07'], // an OSC title change, ended by BEL
    ['done\rerror: forged', 'done\\x0derror: forged'], // a CR that would overwrite the line
    ['a\r\nb', 'a\\x0d\nb'], // a CRLF keeps its line break, its CR shown
    ['\x00\x08\x0b\x1f\x7f\x80\x9b\x9f', '\\x00\\x08\\x0b\\x1f\\x7f\\x80\\x9b\\x9f'], // C0, DEL, C1 at their edges
    ['tab\tand\nline ~\xa0é日本 C:\\Users \\x1b', 'tab\tand\nline ~\xa0é日本 C:\\Users \\x1b'], // the rest as is
  ])('%j → %j', (text, expected) => {
    expect(escapeControl(text)).toBe(expected);
    expect(escapeControl(expected)).toBe(expected);
  });
});
