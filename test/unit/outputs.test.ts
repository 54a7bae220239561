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
  it('writes values as text under their names', () => {
    const { outputs, written } = recorder();
    outputs.set('app-created', true);
    outputs.set('archive-bytes', 1234);
    outputs.set('status', 'success');
    expect(written).toEqual([
      ['app-created', 'true'],
      ['archive-bytes', '1234'],
      ['status', 'success'],
    ]);
  });

  it('rewrites an output only when its value changes', () => {
    const { outputs, written } = recorder();
    outputs.set('build', 'b/no_build');
    outputs.set('build', 'b/no_build');
    outputs.set('build', 'b/123');
    expect(written).toEqual([
      ['build', 'b/no_build'],
      ['build', 'b/123'],
    ]);
    expect(outputs.values().build).toBe('b/123');
  });

  it('withholds a value holding a secret, and keeps what was written before', () => {
    const { outputs, written } = recorder(['s3cret']);
    outputs.set('deployment', 'dep-1');
    outputs.set('deployment', 'https://x.example.com/?token=s3cret');
    outputs.set('app', 'my-s3cret-app');
    expect(written).toEqual([['deployment', 'dep-1']]);
    expect(outputs.values()).toEqual({ deployment: 'dep-1' });
    expect(outputs.withheld()).toEqual(['deployment', 'app']);
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

  it('withholds only real matches of secrets long enough to be secrets, and says which output', () => {
    const told: string[] = [];
    const written: [string, string][] = [];
    const outputs = createOutputs(
      (n, v) => written.push([n, v]),
      ['12', '123456', 'hunter22'],
      (n) => told.push(n),
    );
    outputs.set('archive-bytes', 1234); // a two-digit user id is no reason to hide a size
    outputs.set('archive-files', 91234567); // `123456` inside a longer number is a coincidence
    outputs.set('deployment', 'dep/123456/x'); // standing whole: a leak
    outputs.set('app', 'hunter22');
    outputs.set('app', 'hunter22');
    expect(written).toEqual([
      ['archive-bytes', '1234'],
      ['archive-files', '91234567'],
    ]);
    expect(told).toEqual(['deployment', 'app']);
  });

  it.each([
    ['abcdef', 'x-abcdef-y', true],
    ['abcdef', 'xabcdefy', false],
    ['abcdef', 'abcdefg abcdef', true],
    ['abcde', 'abcde', false],
    ['a+b/c=', 'Basic a+b/c=', true],
  ])('holdsSecret(value %j contains %j) = %s', (secret, value, expected) => {
    expect(holdsSecret(value, secret)).toBe(expected);
  });

  it('ignores an empty secret', () => {
    const { outputs, written } = recorder(['']);
    outputs.set('status', 'failure');
    expect(written).toEqual([['status', 'failure']]);
  });

  it('returns copies, not its own state', () => {
    const { outputs } = recorder();
    outputs.set('app', 'shop');
    const values = outputs.values() as Record<string, string>;
    values.app = 'changed';
    expect(outputs.values().app).toBe('shop');
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
