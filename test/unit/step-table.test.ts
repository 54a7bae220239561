/**
 * The step table against action.yml: every input a step owns or needs is declared, every output
 * a step sets is declared, the generated metadata is what action.yml says, and the rules that
 * read the table (choice, needs, ignored inputs, exclusivity) hold for any row.
 */
import { describe, expect, it } from 'vitest';
import { readActionYml, renderActionMetadata } from '../../scripts/action-yml.js';
import { readFileSync } from 'node:fs';
import { InputError, readInputs } from '../../src/engine/inputs.js';
import { createReader } from '../../src/inputs/input-reader.js';
import type { AnyStep } from '../../src/step-kit/step.js';
import { STEPS, stepRow } from '../../src/engine/step-table.js';

const declared = readActionYml();

describe('the step table and action.yml', () => {
  it('src/inputs/action-metadata.ts is what action.yml generates (run `npm run package` after editing action.yml)', () => {
    const generated = readFileSync(new URL('../../src/inputs/action-metadata.ts', import.meta.url), 'utf8');
    expect(generated).toBe(renderActionMetadata(declared));
  });

  it.each(STEPS.map((s) => [s.name, s] as const))('%s: owns and needs only declared inputs', (_name, step) => {
    const reader = createReader((name) => (name === 'github-deployment' ? 'true' : 'x'));
    const needed = step.needs(reader).map((n) => (typeof n === 'string' ? n : n.input));
    for (const name of [...step.owns, ...needed]) expect(declared.inputs.has(name), name).toBe(true);
  });

  it('runs the steps in this order: the deploy first, the exclusive ones last', () => {
    expect(STEPS.map((s) => s.name)).toEqual([
      'deploy',
      'wait',
      'install copy',
      'webhook',
      'delete',
      'sweep',
      'rollback',
    ]);
  });

  it.each(STEPS.map((s) => [s.name, s] as const))('stepRow("%s") is that row', (name, step) => {
    expect(stepRow(name)).toBe(step);
  });

  it('gives every step a distinct name', () => {
    expect(new Set(STEPS.map((s) => s.name)).size).toBe(STEPS.length);
  });
});

/** A made-up step, to show the rules come from the table and not from the three real steps. */
function fakeStep(name: string, over: Partial<AnyStep> = {}): AnyStep {
  return {
    name,
    doing: `doing ${name}`,
    howToRun: `"${name}-on" for ${name}`,
    owns: [`${name}-option`],
    outputs: [],
    selected: (input) => input.raw(`${name}-on`) === 'yes',
    needs: () => [`${name}-needed`],
    read: (input) => ({ option: input.raw(`${name}-option`) }),
    describe: (i: { option: string }) => `${name} with ${i.option || 'nothing'}`,
    run: async () => ({}),
    ...over,
  };
}

function read(values: Record<string, string>, table: AnyStep[]) {
  return readInputs((n) => values[n] ?? '', '/ws', table);
}

function problems(values: Record<string, string>, table: AnyStep[]): readonly string[] {
  try {
    read(values, table);
  } catch (err) {
    if (err instanceof InputError) return err.problems;
    throw err;
  }
  return [];
}

describe('input rules read from the table', () => {
  const table = [fakeStep('alpha'), fakeStep('beta'), fakeStep('gamma', { exclusive: true })];

  it('chooses the rows the inputs ask for, in table order, with their own inputs', () => {
    const inputs = read({ 'beta-on': 'yes', 'alpha-on': 'yes', 'alpha-needed': '1', 'beta-needed': '1' }, table);
    expect(inputs.steps.map((s) => s.name)).toEqual(['alpha', 'beta']);
  });

  it('names each missing input with the step that needs it', () => {
    expect(problems({ 'alpha-on': 'yes' }, table)).toEqual(['input "alpha-needed" is required by alpha; set it']);
  });

  it('says how to turn each step on when none is', () => {
    expect(problems({}, table)).toEqual([
      'no step is set and no other step is set, so nothing would run; "alpha-on" for alpha, "beta-on" for beta, or "gamma-on" for gamma',
    ]);
  });

  it('refuses an exclusive step together with another', () => {
    const found = problems({ 'alpha-on': 'yes', 'gamma-on': 'yes', 'alpha-needed': '1', 'gamma-needed': '1' }, table);
    expect(found).toEqual([
      'the gamma step runs alone, but the inputs also ask for alpha; run them in separate steps of the workflow',
    ]);
  });

  it('warns about an owned input of a step that does not run', () => {
    const inputs = read({ 'alpha-on': 'yes', 'alpha-needed': '1', 'beta-option': 'z' }, table);
    expect(inputs.warnings).toEqual(['input "beta-option" is ignored: no beta runs']);
  });
});
