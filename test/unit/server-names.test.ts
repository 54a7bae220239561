/** Which server-made names reach an output: only the spec's form, and a warning once otherwise. */
import { describe, expect, it } from 'vitest';
import { isServerName, setServerName } from '../../src/step-kit/server-names.js';
import { testContext } from '../helpers/step-context.js';

const base = 'accounts/demo/apps/shop/environments/6f1c9a52-3b7e-4c1d-9a8e-2f4b5c6d7e80';

describe('isServerName', () => {
  it.each([
    ['operations', `${base}/operations/op-1`, true],
    ['builds', `${base}/builds/b.2~x_y`, true],
    ['deployments', `${base}/deployments/d1`, true],
    // Each kind only of its own form.
    ['operations', `${base}/builds/b1`, false],
    ['builds', `${base}/deployments/d1`, false],
    ['deployments', `${base}/operations/op-1`, false],
    // Anchored at both ends, every segment non-empty, nothing a shell reads.
    ['operations', `x/${base}/operations/op-1`, false],
    ['operations', `${base}/operations/op-1/`, false],
    ['operations', `${base}/operations/`, false],
    ['operations', 'accounts//apps/shop/environments/e/operations/o', false],
    ['operations', `${base}/operations/x$(touch /tmp/p)`, false],
    ['builds', `${base}/builds/a b`, false],
    ['deployments', `${base}/deployments/d;rm`, false],
  ] as const)('%s %j → %s', (kind, name, want) => {
    expect(isServerName(kind, name)).toBe(want);
  });
});

describe('setServerName', () => {
  it('sets the output to a name of the spec’s form', () => {
    const { ctx, written, log } = testContext();
    expect(setServerName(ctx, 'build', `${base}/builds/b1`)).toBe(true);
    expect(written).toEqual([['build', `${base}/builds/b1`]]);
    expect(log.lines).toEqual([]);
  });

  it('leaves the output as it was and warns once per output, never echoing the name', () => {
    const { ctx, written, log } = testContext();
    setServerName(ctx, 'operation', `${base}/operations/good`);
    expect(setServerName(ctx, 'operation', '$(evil)')).toBe(false);
    expect(setServerName(ctx, 'operation', '$(evil)')).toBe(false);
    expect(setServerName(ctx, 'deployment', '`evil`')).toBe(false);
    expect(written).toEqual([['operation', `${base}/operations/good`]]);
    expect(log.lines).toEqual([
      expect.stringMatching(/^warning: output "operation" left empty: .* accounts\/.*\/operations\/\{name\}/),
      expect.stringMatching(/^warning: output "deployment" left empty: .*\/deployments\/\{name\} .*not passed on/),
    ]);
    expect(log.lines.join('\n')).not.toContain('evil');
  });

  it('warns again in another run (another set of outputs)', () => {
    const a = testContext();
    const b = testContext();
    setServerName(a.ctx, 'build', 'bad');
    setServerName(b.ctx, 'build', 'bad');
    expect([a.log.lines.length, b.log.lines.length]).toEqual([1, 1]);
  });
});
