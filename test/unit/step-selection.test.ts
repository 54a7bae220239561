/**
 * The selection rules on a small table of made-up steps, so each rule is seen alone: nothing
 * chosen, a step that must run alone, missing inputs, inputs for steps that will not run.
 */
import { describe, expect, it } from 'vitest';
import { createReader } from '../../src/inputs/input-reader.js';
import { chooseSteps, ignoredInputs, requireInputs, requireSomeStep } from '../../src/engine/step-selection.js';
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

/** As readInputs does: choose, and when nothing is chosen, say so (unless choosing found a problem). */
function choose(input: ReturnType<typeof reader>, table: AnyStep[]): AnyStep[] {
  const before = input.problems.length;
  const chosen = chooseSteps(input, table);
  if (chosen.length === 0) requireSomeStep(input, table, before);
  return chosen;
}

describe('chooseSteps', () => {
  it('says nothing would run, naming every way to run a step', () => {
    const input = reader({});
    expect(choose(input, [step('a'), step('b'), step('c')])).toEqual([]);
    expect(input.problems).toEqual([
      'no step is set and no other step is set, so nothing would run; set "a-on", set "b-on", or set "c-on"',
    ]);
  });

  it('gives the reason a step is off when it has one', () => {
    const input = reader({});
    choose(input, [step('a', { offBecause: () => 'input "a-on" is no' }), step('b')]);
    expect(input.problems[0]).toMatch(/^input "a-on" is no and no other step is set/);
  });

  it('adds no "nothing would run" when choosing already found a problem', () => {
    const input = reader({});
    const failing = step('a', {
      selected: (i) => {
        i.problem('a-on', 'is not yes or no');
        return false;
      },
    });
    choose(input, [failing]);
    expect(input.problems).toEqual(['input "a-on" is not yes or no']);
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

  it('runs the chosen steps in the order of the table, however they are set', () => {
    const input = reader({ 'b-on': 'yes', 'a-on': 'yes' });
    expect(chooseSteps(input, [step('a'), step('b')]).map((s) => s.name)).toEqual(['a', 'b']);
    expect(input.problems).toEqual([]);
  });
});

describe('requireInputs', () => {
  it('names every step that needs a missing input, once per input, with a hint', () => {
    const input = reader({});
    requireInputs(input, [
      step('a', { needs: () => ['api-password', 'custom'] }),
      step('b', { needs: () => [{ input: 'api-password', by: '"b-mode: full"' }] }),
    ]);
    expect(input.problems).toEqual([
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
