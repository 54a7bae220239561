/**
 * The deploy and the wait step against both of the emulator's answer sets: `contract` (what the
 * emulator answers where the spec says "not shown") and `documented` (what the platform's public
 * reference shows: the upload answers `{}`, with no operation). The action must give the same
 * result under both, and never fail or repeat an upload the platform took. The other steps under
 * both sets are the integration tests' (ANSWER_SETS there).
 */
import { describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index.js';
import { annotations } from '../helpers/annotations.js';
import { startFrontWithoutOperations } from '../helpers/front-without-operations.js';
import { EXISTING, seedWithApp } from './helpers/emulator.js';
import { NODES } from './helpers/nodes.js';
import { CREDENTIALS, deployInputs, logText, runChecked } from './helpers/run.js';
import { useEmulator } from './helpers/use-emulator.js';
import { makeWorkspace } from './helpers/workspace.js';

const SETS = ['contract', 'documented'] as const;
const emulators = {
  contract: useEmulator({ seed: seedWithApp, buildSeconds: 1 }),
  documented: useEmulator({ seed: seedWithApp, buildSeconds: 1, answers: 'documented' }),
};

const uploads = (e: RunningEmulator) => e.requests().filter((r) => r.path.endsWith(':upload'));
const polls = (e: RunningEmulator) => e.requests().filter((r) => r.path.includes('/operations/'));
const NAME = /^accounts\/demo\/apps\/[a-z-]+\/environments\/[0-9a-f-]+\/operations\/[A-Za-z0-9._~-]+$/;

describe.each(SETS)('the %s answers', (set) => {
  const emulator = emulators[set];

  describe.each(NODES)('on $label', ({ node }) => {
    it('deploys to a new app, uploads once, follows the build to its end', async () => {
      const r = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: deployInputs(emulator, 'shop'),
      });
      expect(r.code, logText(r)).toBe(0);
      expect(r.outputs).toMatchObject({ status: 'success', 'app-created': 'true' });
      expect(r.outputs.operation).toMatch(NAME);
      expect(r.outputs.operation).not.toMatch(/no_build$/);
      expect(r.outputs.build).toMatch(/\/builds\/[^/]+$/);
      expect(r.outputs.deployment).toMatch(/\/deployments\/[^/]+$/);
      expect(uploads(emulator)).toHaveLength(1);
      // Each output is written once, but `operation`: the spec's stand-in at the upload's answer
      // (a later step has a name to wait for even if this run fails), then the real name.
      const names = r.outputWrites.map(([name]) => name);
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual(['operation']);
      expect(r.outputWrites.find(([n]) => n === 'operation')![1]).toMatch(/\/operations\/no_build$/);
      if (set === 'documented') {
        expect(r.stdout).toContain(
          "the service answered no operation; the build is followed as the environment's latest operation",
        );
      }
    });

    it('wait: false ends "started" once its build is named; the wait step then follows that build by the operation and build outputs', async () => {
      const first = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: deployInputs(emulator, EXISTING.app, { environment: EXISTING.displayName, wait: 'false' }),
      });
      expect(first.code, logText(first)).toBe(0);
      expect(first.outputs.status).toBe('started');
      expect(first.outputs.operation).toMatch(NAME);
      expect(first.outputs.build).toMatch(/\/builds\/[0-9a-f]{8}$/);
      // Polled only until the build was named, well before the 1 s build is done.
      expect(polls(emulator).length).toBeLessThanOrEqual(3);
      const { operation, build } = first.outputs;
      const waited = await runChecked({
        node,
        workspace: makeWorkspace(),
        emulator,
        inputs: { ...CREDENTIALS, 'headless-api-url': emulator.headlessUrl, operation: operation!, build: build! },
      });
      expect(waited.code, logText(waited)).toBe(0);
      expect(waited.outputs.status).toBe('success');
      expect(waited.outputs.deployment).toMatch(/\/deployments\/[^/]+$/);
      expect(waited.outputs.build).toBe(build);
      expect(uploads(emulator)).toHaveLength(1);
    });
  });
});

/**
 * A service that answers every poll 404. An upload answered without an operation (documented)
 * was taken: the run ends "started" with a warning, and a re-run would deploy twice. An
 * operation the service named and then does not know (contract) is a failure, never a green
 * "started".
 */
describe.each(NODES)('a service whose operations cannot be polled, on $label', ({ node }) => {
  it.each([
    ['documented', 0, 'started'],
    ['contract', 1, 'failure'],
  ] as const)('the %s answers: exit %i, status %s, the zip sent once', async (set, code, status) => {
    const emulator = emulators[set];
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
      expect(r.code, logText(r)).toBe(code);
      expect(r.outputs.status).toBe(status);
      const notFollowed = annotations(r.stdout, 'warning').some((w) =>
        w.startsWith('the zip was uploaded, but the build could not be followed'),
      );
      expect(notFollowed).toBe(set === 'documented');
      expect(uploads(emulator)).toHaveLength(1);
    } finally {
      await front.close();
    }
  });
});
