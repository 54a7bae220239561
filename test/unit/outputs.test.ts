import { describe, it, expect } from 'vitest';
import { createOutputs, OUTPUT_NAMES } from '../../src/outputs.js';
import type { Outputs } from '../../src/outputs.js';

function recorder(secrets: Iterable<string> = []) {
  const written: [string, string][] = [];
  const outputs = createOutputs((name, value) => written.push([name, value]), secrets);
  return { outputs, written };
}

describe('createOutputs', () => {
  it('writes each contract output under its name, as text', () => {
    const { outputs, written } = recorder();
    const calls: [keyof Outputs, unknown][] = [
      ['app', 'shop'],
      ['environmentId', 'env1'],
      ['appCreated', true],
      ['environmentCreated', false],
      ['operation', 'accounts/demo/apps/shop/environments/env1/operations/no_build'],
      ['build', 'accounts/demo/apps/shop/environments/env1/builds/b1'],
      ['deployment', 'd1'],
      ['archiveBytes', 1234],
      ['archiveFiles', 7],
      ['archiveSha256', 'ab'.repeat(32)],
      ['installCopy', 'accepted'],
      ['webhookStatus', 200],
      ['status', 'success'],
    ];
    for (const [method, value] of calls) (outputs[method] as (v: unknown) => void)(value);
    expect(written).toEqual([
      ['app', 'shop'],
      ['environment-id', 'env1'],
      ['app-created', 'true'],
      ['environment-created', 'false'],
      ['operation', 'accounts/demo/apps/shop/environments/env1/operations/no_build'],
      ['build', 'accounts/demo/apps/shop/environments/env1/builds/b1'],
      ['deployment', 'd1'],
      ['archive-bytes', '1234'],
      ['archive-files', '7'],
      ['archive-sha256', 'ab'.repeat(32)],
      ['install-copy', 'accepted'],
      ['webhook-status', '200'],
      ['status', 'success'],
    ]);
    expect(Object.keys(outputs.values()).sort()).toEqual([...OUTPUT_NAMES].sort());
  });

  it('rewrites an output only when its value changes', () => {
    const { outputs, written } = recorder();
    outputs.build('b/no_build');
    outputs.build('b/no_build');
    outputs.build('b/123');
    expect(written).toEqual([
      ['build', 'b/no_build'],
      ['build', 'b/123'],
    ]);
    expect(outputs.values().build).toBe('b/123');
  });

  it('withholds a value holding a secret, and keeps what was written before', () => {
    const { outputs, written } = recorder(['s3cret']);
    outputs.deployment('dep-1');
    outputs.deployment('https://x.example.com/?token=s3cret');
    outputs.app('my-s3cret-app');
    expect(written).toEqual([['deployment', 'dep-1']]);
    expect(outputs.values()).toEqual({ deployment: 'dep-1' });
    expect(outputs.withheld()).toEqual(['deployment', 'app']);
  });

  it('reads the secrets on every write, so later ones count', () => {
    const secrets = new Set<string>();
    const { outputs, written } = recorder(secrets);
    outputs.operation('op-abc');
    secrets.add('xyz');
    outputs.operation('op-xyz');
    expect(written).toEqual([['operation', 'op-abc']]);
    expect(outputs.withheld()).toEqual(['operation']);
    outputs.operation('op-def');
    expect(outputs.withheld()).toEqual([]);
  });

  it('ignores an empty secret', () => {
    const { outputs, written } = recorder(['']);
    outputs.status('failure');
    expect(written).toEqual([['status', 'failure']]);
  });

  it('returns copies, not its own state', () => {
    const { outputs } = recorder();
    outputs.app('shop');
    const values = outputs.values() as Record<string, string>;
    values.app = 'changed';
    expect(outputs.values().app).toBe('shop');
  });
});
