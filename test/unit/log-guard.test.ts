import { describe, expect, it } from 'vitest';
import { neutralizeCommands } from '../../src/util/log-guard.js';

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
