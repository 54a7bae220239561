/**
 * Users' mistakes end to end (dist/index.js against the emulator): a name one letter off, a
 * value shaped like an id, a wrong password. Each fails safe (nothing created or changed), and
 * says so where a person looks: the error annotation and the job summary. Every variant of
 * each rule is the integration tests' (test/integration/deploy-app-and-environment.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../emulator/index.js';
import { errorsOf } from '../helpers/annotations.js';
import { seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { deployInputs, mutations, runChecked } from './helpers/run.js';
import { makeWorkspace } from './helpers/workspace.js';
import { useEmulator } from './helpers/use-emulator.js';
import { shown } from '../support/markdown-text.js';

/** App `web` with `production`, and app `shop-front`. */
const seed: Seed = {
  ...seedWithApp,
  headless: { accounts: ['demo'], apps: [...seedWithApp.headless!.apps!, { account: 'demo', appId: 'shop-front' }] },
};

const emulator = useEmulator({ seed, buildSeconds: 0.2 });

const CASES: { mistake: string; app: string; inputs: Record<string, string>; says: string[] }[] = [
  {
    mistake: 'an environment one letter off',
    app: 'web',
    inputs: { environment: 'prodution' },
    says: ['has no environment "prodution", but it has "production"', 'set environment: production'],
  },
  {
    mistake: 'an app one character off',
    app: 'shop_front',
    inputs: {},
    says: ['app "shop_front" does not exist, but app "shop-front" does; set app: shop-front'],
  },
  {
    mistake: 'an environment shaped like an id, for an app still to be created',
    app: 'brand-new',
    inputs: { environment: 'e0a1b2c4' },
    says: ['"e0a1b2c4" looks like an environment id'],
  },
  {
    mistake: 'a wrong password',
    app: 'web',
    inputs: { environment: 'production', 'api-password': 'wrong-password-x' },
    says: ['authentication failed'],
  },
];

describe.each(NODES)('mistakes on $label', ({ node }) => {
  it.each(CASES)('$mistake: fails, names it, and creates or changes nothing', async ({ app, inputs, says }) => {
    const r = await runChecked({
      node,
      workspace: makeWorkspace(),
      emulator,
      inputs: deployInputs(emulator, app, inputs),
    });
    expect(r.code).not.toBe(0);
    expect(r.outputs.status).toBe('failure');
    const error = errorsOf(r.stdout);
    for (const words of says) expect(error).toContain(words);
    // Said once, not once per layer that passed it on.
    expect(error.split(says[0]!)).toHaveLength(2);
    expect(shown(r.summary)).toContain(says[0]);
    expect(mutations(emulator)).toEqual([]);
    expect(emulator.state.apps.map((a) => a.appId).sort()).toEqual(['shop-front', 'web']);
  });
});
