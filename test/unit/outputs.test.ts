import { describe, it, expect } from 'vitest';
import { createOutputs, holdsSecret, OUTPUT_NAMES } from '../../src/report/outputs.js';
import { readActionYml } from '../../scripts/action-yml.js';
import { STEPS } from '../../src/engine/step-table.js';

function recorder(secrets: Iterable<string> = []) {
  const written: [string, string][] = [];
  const outputs = createOutputs((name, value) => written.push([name, value]), secrets);
  return { outputs, written };
}

describe('createOutputs', () => {
  it('writes values as text under their names, again only when a value changes, and hands out copies', () => {
    const { outputs, written } = recorder();
    outputs.set('app-created', true);
    outputs.set('archive-bytes', 1234);
    outputs.set('build', 'b/no_build');
    outputs.set('build', 'b/no_build');
    outputs.set('build', 'b/123');
    expect(written).toEqual([
      ['app-created', 'true'],
      ['archive-bytes', '1234'],
      ['build', 'b/no_build'],
      ['build', 'b/123'],
    ]);
    (outputs.values() as Record<string, string>).build = 'changed';
    expect(outputs.values()).toEqual({ 'app-created': 'true', 'archive-bytes': '1234', build: 'b/123' });
  });

  it('withholds a value holding a real match of a secret long enough to be one, keeps what was written before, and says which output', () => {
    const told: string[] = [];
    const written: [string, string][] = [];
    const outputs = createOutputs(
      (n, v) => written.push([n, v]),
      ['', '12', '123456', 'hunter22'],
      (n) => told.push(n),
    );
    outputs.set('deployment', 'dep-1');
    outputs.set('archive-bytes', 1234); // a two-digit user id is no reason to hide a size
    outputs.set('archive-files', 91234567); // `123456` inside a longer number is a coincidence
    outputs.set('deployment', 'https://x.example.com/dep/123456/x'); // standing whole: a leak
    outputs.set('app', 'hunter22');
    outputs.set('app', 'hunter22');
    expect(written).toEqual([
      ['deployment', 'dep-1'],
      ['archive-bytes', '1234'],
      ['archive-files', '91234567'],
    ]);
    expect(outputs.values()).toMatchObject({ deployment: 'dep-1' });
    expect(outputs.withheld()).toEqual(['deployment', 'app']);
    expect(told).toEqual(['deployment', 'app']);
  });

  it('reads the secrets on every write, so later ones count', () => {
    const secrets = new Set<string>();
    const { outputs, written } = recorder(secrets);
    outputs.set('operation', 'op-abc');
    secrets.add('xyz123');
    outputs.set('operation', 'op-xyz123');
    expect(written).toEqual([['operation', 'op-abc']]);
    expect(outputs.withheld()).toEqual(['operation']);
    outputs.set('operation', 'op-def');
    expect(outputs.withheld()).toEqual([]);
  });

  // A real match stands whole, not joined to letters or digits on either side; each end is judged by
  // the secret's own end character (a secret ending in "-" is not joined to the letter after it).
  it.each([
    ['abcdef', 'x-abcdef-y', true],
    ['abcdef', 'xabcdefy', false],
    ['abcdef', 'abcdefg abcdef', true],
    ['abcde', 'abcde', false],
    ['a+b/c=', 'Basic a+b/c=', true],
    ['123456', 'x123456 ', false],
    ['123456', ' 123456x', false],
    ['123456', 'id: 123456.', true],
    ['abcde-', 'token abcde-x', true],
    ['-abcde', 'x-abcde token', true],
    ['', 'failure', false],
  ])('holdsSecret(value %j contains %j) = %s', (secret, value, expected) => {
    expect(holdsSecret(value, secret)).toBe(expected);
  });
});

describe('outputs and action.yml', () => {
  it('are the same list: every output action.yml declares, no other', () => {
    expect([...OUTPUT_NAMES]).toEqual(readActionYml().outputs);
  });

  it('each is set by a step of the table, except the run-level status; only steps that never run together share any', () => {
    const byStep = STEPS.flatMap((s) => s.outputs as readonly string[]);
    expect([...new Set(byStep), 'status'].sort()).toEqual([...OUTPUT_NAMES].sort());
    // deploy and wait never run together (the inputs refuse it), nor does an exclusive step
    // (rollback) with any other, so they may set the same outputs.
    const setBy = (name: string) => STEPS.filter((s) => (s.outputs as readonly string[]).includes(name));
    const shared = [...new Set(byStep)].filter((name) => setBy(name).length > 1);
    for (const name of shared) {
      const others = setBy(name).filter((s) => s.name !== 'deploy');
      expect(
        others.every((s) => s.name === 'wait' || s.exclusive === true),
        name,
      ).toBe(true);
    }
    expect(shared.sort()).toEqual(['build', 'deployment', 'environment-id', 'health', 'operation', 'rolled-back-to']);
  });
});
