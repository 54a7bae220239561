/** planShellVariables by table: what merge and replace send, and the key diff they report. */
import { describe, expect, it } from 'vitest';
import type { ShellVariable } from '../../src/api/types.js';
import {
  changesAnything,
  describeChanges,
  planShellVariables,
  type EnvVarsMode,
} from '../../src/steps/deploy/shell-variables.js';

/** `A=1 B=2` → variables. */
const vars = (text: string): ShellVariable[] =>
  text
    .split(' ')
    .filter(Boolean)
    .map((pair) => ({ key: pair.split('=')[0]!, value: pair.split('=')[1]! }));

describe('planShellVariables', () => {
  // [case, current, given, mode, list sent, diff]
  const rows: [string, string, string, EnvVarsMode, string, string][] = [
    ['merge keeps the others', 'A=1 B=2 C=3 D=4 E=5', 'ONLY=1', 'merge', 'A=1 B=2 C=3 D=4 E=5 ONLY=1', 'added ONLY'],
    [
      'replace drops the others',
      'A=1 B=2 C=3 D=4 E=5',
      'ONLY=1',
      'replace',
      'ONLY=1',
      'added ONLY; removed A, B, C, D, E',
    ],
    ['merge: a new value under the same key', 'A=1 B=2', 'B=3', 'merge', 'A=1 B=3', 'changed B'],
    ['replace: same keys, one value changed', 'A=1 B=2', 'A=1 B=9', 'replace', 'A=1 B=9', 'changed B'],
    ['merge: nothing new', 'A=1 B=2', 'B=2', 'merge', 'A=1 B=2', 'no change'],
    ['replace: the same set in another order', 'A=1 B=2', 'B=2 A=1', 'replace', 'B=2 A=1', 'no change'],
    ['merge into none', '', 'A=1 B=2', 'merge', 'A=1 B=2', 'added A, B'],
    ['replace with none', 'A=1', '', 'replace', '', 'removed A'],
    ['replace with none, two before', 'A=1 B=2', '', 'replace', '', 'removed A, B'],
    ['merge: two values changed', 'A=1 B=2', 'A=3 B=4', 'merge', 'A=3 B=4', 'changed A, B'],
    ['merge: all three kinds but removal', 'A=1 B=2', 'B=3 C=4', 'merge', 'A=1 B=3 C=4', 'added C; changed B'],
    ['replace: all three kinds', 'A=1 B=2', 'B=3 C=4', 'replace', 'B=3 C=4', 'added C; changed B; removed A'],
  ];
  it.each(rows)('%s', (_case, current, given, mode, sent, diff) => {
    const plan = planShellVariables(vars(current), vars(given), mode);
    expect(plan.next).toEqual(vars(sent));
    expect(describeChanges(plan)).toBe(diff);
    expect(changesAnything(plan)).toBe(diff !== 'no change');
  });

  it('never puts a value in the diff', () => {
    const plan = planShellVariables(vars('TOKEN=old-s3cret'), vars('TOKEN=new-s3cret NEW=v4lue'), 'replace');
    expect(describeChanges(plan)).not.toMatch(/s3cret|v4lue/);
  });

  it('does not change the lists it is given', () => {
    const current = vars('A=1');
    const given = vars('A=2');
    planShellVariables(current, given, 'merge');
    expect(current).toEqual(vars('A=1'));
    expect(given).toEqual(vars('A=2'));
  });
});
