/**
 * The selection rules on a small table of made-up steps, so each rule is seen alone and is seen
 * to come from the table readInputs is given: nothing chosen, a step that must run alone, missing
 * inputs, inputs for steps that will not run.
 */
import { describe, expect, it } from 'vitest';
import { InputError, readInputs } from '../../src/engine/read-inputs.js';
import { createReader } from '../../src/inputs/input-reader.js';
import { chooseSteps, ignoredInputs, requireInputs } from '../../src/engine/step-selection.js';
import type { AnyStep } from '../../src/step-kit/step.js';

function step(name: string, over: Partial<AnyStep> = {}): AnyStep {
  return {
    name,
    howToRun: `set "${name}-on"`,
    owns: [`${name}-on`],
    selected: (input) => input.raw(`${name}-on`) === 'yes',
    needs: () => [],
    read: () => ({}),
    describe: () => name,
    outputs: [],
    run: async () => undefined,
    ...over,
  } as AnyStep;
}

const reader = (values: Record<string, string>) => createReader((name) => values[name] ?? '');

/** The problems readInputs reports with `table` as its step table; [] when it reads them. */
function problems(values: Record<string, string>, table: AnyStep[]): readonly string[] {
  try {
    readInputs((n) => values[n] ?? '', '/ws', table);
    return [];
  } catch (err) {
    if (err instanceof InputError) return err.problems;
    throw err;
  }
}

describe('choosing the steps', () => {
  it('says nothing would run, naming every way to run a step', () => {
    expect(problems({}, [step('a'), step('b'), step('c')])).toEqual([
      'no step is set and no other step is set, so nothing would run; set "a-on", set "b-on", or set "c-on"',
    ]);
  });

  it('gives the reason a step is off when it has one', () => {
    const table = [step('a', { offBecause: () => 'input "a-on" is no' }), step('b')];
    expect(problems({}, table)).toEqual([expect.stringMatching(/^input "a-on" is no and no other step is set/)]);
  });

  it('adds no "nothing would run" when choosing already found a problem', () => {
    const failing = step('a', { selected: (i) => (i.problem('a-on', 'is not yes or no'), false) });
    expect(problems({}, [failing])).toEqual(['input "a-on" is not yes or no']);
  });

  it('lets a step that runs alone run alone', () => {
    const input = reader({ 'x-on': 'yes' });
    expect(chooseSteps(input, [step('x', { exclusive: true }), step('a')]).map((s) => s.name)).toEqual(['x']);
    expect(input.problems).toEqual([]);
  });

  it('refuses a step that runs alone together with others, naming them', () => {
    const input = reader({ 'x-on': 'yes', 'a-on': 'yes', 'b-on': 'yes' });
    const chosen = chooseSteps(input, [step('a'), step('x', { exclusive: true }), step('b')]);
    expect(chosen.map((s) => s.name)).toEqual(['a', 'x', 'b']);
    expect(input.problems).toEqual([
      'the x step runs alone, but the inputs also ask for a, and b; run them in separate steps of the workflow',
    ]);
  });

  it('runs the chosen steps in the order of the table, however they are set, and warns of the others’ inputs', () => {
    const table = [step('a'), step('b'), step('c', { owns: ['c-on', 'c-option'] })];
    const inputs = readInputs((n) => ({ 'b-on': 'yes', 'a-on': 'yes', 'c-option': 'z' })[n] ?? '', '/ws', table);
    expect(inputs.steps.map((s) => s.name)).toEqual(['a', 'b']);
    expect(inputs.warnings).toEqual(['input "c-option" is ignored: no c runs']);
  });
});

describe('requireInputs', () => {
  it('names every step that needs a missing input, once per input, with a hint', () => {
    const table = [
      step('a', { needs: () => ['api-password', 'custom'] }),
      step('b', { needs: () => [{ input: 'api-password', by: '"b-mode: full"' }] }),
    ];
    expect(problems({ 'a-on': 'yes', 'b-on': 'yes' }, table)).toEqual([
      'input "api-password" is required by a and "b-mode: full"; set it from a secret',
      'input "custom" is required by a; set it',
    ]);
  });

  it('is content when the input is set', () => {
    const input = reader({ 'api-password': 'p' });
    requireInputs(input, [step('a', { needs: () => ['api-password'] })]);
    expect(input.problems).toEqual([]);
  });
});

describe('ignoredInputs', () => {
  it('warns of an input set for a step that will not run, unless a running step uses it too', () => {
    const a = step('a', { owns: ['shared', 'a-only'] });
    const b = step('b', { owns: ['shared', 'b-only'] });
    const input = reader({ shared: 'v', 'a-only': 'v', 'b-only': 'v' });
    expect(ignoredInputs(input, [a, b], [a])).toEqual(['input "b-only" is ignored: no b runs']);
    expect(ignoredInputs(input, [a, b], [a, b])).toEqual([]);
  });
});
