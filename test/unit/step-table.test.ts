/**
 * The step table against action.yml: every input a step owns or needs is declared, every output
 * a step sets is declared, every input read is declared and every declared one read, and the
 * generated metadata is what action.yml says. (The rules that read the table: step-selection.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { readActionYml, renderActionMetadata } from '../../scripts/action-yml.js';
import { readFileSync } from 'node:fs';
import { InputError, readInputs } from '../../src/engine/read-inputs.js';
import { secretValues } from '../../src/inputs/secrets.js';
import { createReader } from '../../src/inputs/input-reader.js';
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
    const order = ['deploy', 'wait', 'install copy', 'webhook', 'delete', 'sweep', 'rollback', 'fleet plan'];
    expect(STEPS.map((s) => s.name)).toEqual(order);
  });

  it.each(STEPS.map((s) => [s.name, s] as const))('stepRow("%s") is that row', (name, step) => {
    expect(stepRow(name)).toBe(step);
  });

  it('declares every input readInputs and secretValues read, and nothing they ignore', () => {
    const asked = new Set<string>();
    // Deploy, install copy and webhook chosen: a rule may read an input only for a chosen step.
    const chosen: Record<string, string> = { deploy: 'true', app: 'a', 'copy-from': 'a', 'copy-to': 'b', webhook: 'x' };
    const ask = (name: string) => (asked.add(name), chosen[name] ?? '');
    expect(() => readInputs(ask, '/ws')).toThrow(InputError);
    secretValues(ask);
    expect([...asked].sort()).toEqual([...declared.inputs.keys()].sort());
  });

  it('gives every step a distinct name', () => {
    expect(new Set(STEPS.map((s) => s.name)).size).toBe(STEPS.length);
  });
});
