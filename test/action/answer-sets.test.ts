/**
 * Every flow against both of the emulator's answer sets: `contract` (what the emulator answers
 * where the spec says "not shown") and `documented` (what the platform's public reference shows:
 * the upload answers `{}`, install_copy and the webhook no body, DELETE 204, page links absolute,
 * PATCH replaces the record). The action must give the same result under both, and never fail
 * or repeat work the platform accepted.
 */
import { describe, expect, it } from 'vitest';
import type { RunningEmulator, Seed } from '../../emulator/index.js';
import { EXISTING, seedWithApp, webhooksOf } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';
import { startFrontWithoutOperations } from '../helpers/front-without-operations.js';

/** The seed with app `web`, previews `pr-1` and `pr-12`, and 150 more installs: the install list spans two pages. */
const seed: Seed = {
  ...seedWithApp,
  // The filler first: the installs the copy names are then on the second page.
  sites: [
    {
      name: 'filler',
      account: 'demo',
      installs: Array.from({ length: 150 }, (_, i) => ({ name: `filler${String(i).padStart(3, '0')}` })),
    },
    ...(seedWithApp.sites ?? []),
  ],
  headless: {
    accounts: ['demo'],
    apps: [
      {
        ...seedWithApp.headless!.apps![0]!,
        environments: [
          ...seedWithApp.headless!.apps![0]!.environments!,
          { id: '6f1c9a52-3b7e-4c1d-9a8e-000000000001', displayName: 'pr-1' },
          { id: '6f1c9a52-3b7e-4c1d-9a8e-000000000012', displayName: 'pr-12' },
        ],
      },
    ],
  },
};

const SETS = ['contract', 'documented'] as const;
const emulators = {
  contract: useEmulator({ seed, buildSeconds: 1 }),
  documented: useEmulator({ seed, buildSeconds: 1, answers: 'documented' }),
};

const uploads = (e: RunningEmulator) => e.requests().filter((r) => r.path.endsWith(':upload'));
const envNamed = (e: RunningEmulator, name: string) => e.state.environments.find((x) => x.displayName === name);
const NAME = /^accounts\/demo\/apps\/[a-z-]+\/environments\/[0-9a-f-]+\/operations\/[A-Za-z0-9._~-]+$/;

describe.each(SETS)('the %s answers', (set) => {
  const emulator = emulators[set];

  describe.each(NODES)('on $label', ({ node }) => {
    it('deploys to a new app, uploads once, follows the build to its end', async () => {
      const r = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: deployInputs(emulator, 'shop', { 'env-vars': 'API_URL=https://cms.example' }),
      });
      expect(r.code, logText(r)).toBe(0);
      expect(r.outputs.status).toBe('success');
      expect(r.outputs['app-created']).toBe('true');
      expect(r.outputs.operation).toMatch(NAME);
      expect(r.outputs.operation).not.toMatch(/no_build$/);
      expect(r.outputs.build).toMatch(/\/builds\/[^/]+$/);
      expect(r.outputs.deployment).toMatch(/\/deployments\/[^/]+$/);
      expect(r.outputs['environment-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(uploads(emulator)).toHaveLength(1);
      // Each output's final value is written once: not `no_build` first, then the real name.
      const names = r.outputWrites.map(([name]) => name);
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
      if (set === 'documented') {
        expect(r.stdout).toContain(
          "the service answered no operation; the build is followed as the environment's latest operation",
        );
      }
    });

    it('uploads without waiting, then the wait step follows the build by the operation output', async () => {
      const first = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.displayName, wait: 'false' }),
      });
      expect(first.code, logText(first)).toBe(0);
      expect(first.outputs.status).toBe('started');
      expect(first.outputs.operation).toMatch(NAME);
      const waited = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: {
          ...CREDENTIALS,
          'headless-api-url': emulator.headlessUrl,
          operation: first.outputs.operation!,
        },
      });
      expect(waited.code, logText(waited)).toBe(0);
      expect(waited.outputs.status).toBe('success');
      expect(waited.outputs.deployment).toMatch(/\/deployments\/[^/]+$/);
      expect(uploads(emulator)).toHaveLength(1);
    });

    it('sets env-vars on an existing environment and loses nothing of its record', async () => {
      const r = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: deployInputs(emulator, EXISTING.app, {
          environment: EXISTING.displayName,
          'env-vars': 'NEW=1',
        }),
      });
      expect(r.code, logText(r)).toBe(0);
      const env = envNamed(emulator, EXISTING.displayName)!;
      expect(env.shellVariables).toEqual([...EXISTING.shellVariables, { key: 'NEW', value: '1' }]);
      // A PATCH that replaces the record got the whole record back: the install link stays.
      expect(env.cmsEnvironment).toBe('demoprod');
      expect(env.branch).toBe('uploadable');
      expect(emulator.requests().filter((q) => q.method === 'PATCH')).toHaveLength(1);
    });

    it('promotes staging: an install copy found across pages, then a deploy and a cache purge', async () => {
      const copy = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: {
          ...CREDENTIALS,
          'api-url': emulator.hostingUrl,
          'copy-from': 'demostg',
          'copy-to': 'demoprod',
          'notification-emails': 'ops@example.com',
        },
      });
      expect(copy.code, logText(copy)).toBe(0);
      expect(copy.outputs['install-copy']).toBe('accepted');
      // The id is an output only when the service gave one.
      expect(copy.outputs['install-copy-id']).toBe(set === 'contract' ? emulator.state.installCopies[0]!.id : '');
      expect(emulator.state.installCopies).toHaveLength(1);
      // The installs were walked over two pages, the second by the first page's `next` link.
      expect(emulator.requests().filter((q) => q.path.startsWith('/v1/installs')).length).toBeGreaterThanOrEqual(2);

      const { token } = await webhooksOf(emulator, EXISTING.environmentId);
      const deploy = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: deployInputs(emulator, EXISTING.app, {
          environment: EXISTING.displayName,
          deploy: 'true',
          webhook: 'purge-cache',
          'webhook-token': token,
        }),
      });
      expect(deploy.code, logText(deploy)).toBe(0);
      expect(deploy.outputs.status).toBe('success');
      expect(deploy.outputs['webhook-status']).toBe('200');
      expect(emulator.state.webhookCalls.map((c) => c.action)).toEqual(['purgeCache']);
    });

    it('deletes the preview pr-1, and pr-12 stays', async () => {
      const r = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: {
          ...CREDENTIALS,
          'headless-api-url': emulator.headlessUrl,
          account: 'demo',
          app: EXISTING.app,
          environment: 'pr-1',
          'delete-environment': 'true',
        },
      });
      expect(r.code, logText(r)).toBe(0);
      expect(r.outputs['environment-deleted']).toBe('true');
      expect(envNamed(emulator, 'pr-1')).toBeUndefined();
      expect(envNamed(emulator, 'pr-12')).toBeDefined();
      const del = emulator.requests().filter((q) => q.method === 'DELETE');
      expect(del.map((q) => q.status)).toEqual([set === 'documented' ? 204 : 200]);
    });
  });
});

describe.each(NODES)(
  'an upload answered without an operation, on a service that cannot be polled, on $label',
  ({ node }) => {
    const emulator = emulators.documented;
    it('ends "started" with a warning: the zip was taken, and it is not sent again', async () => {
      const front = await startFrontWithoutOperations(emulator.url);
      try {
        const r = await runChecked({
          node,
          workspace: makeWorkspace(),
          emulator,
          inputs: deployInputs(emulator, EXISTING.app, {
            environment: EXISTING.displayName,
            'headless-api-url': `${front.url}/headless`,
          }),
        });
        expect(r.code, logText(r)).toBe(0);
        expect(r.outputs.status).toBe('started');
        expect(r.stdout).toMatch(/::warning::the zip was uploaded, but the build could not be followed/);
        expect(uploads(emulator)).toHaveLength(1);
      } finally {
        await front.close();
      }
    });
  },
);
