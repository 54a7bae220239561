/**
 * The wait step in-process (runFlow against the emulator, one virtual clock), under both of the
 * emulator's answer sets (under `documented` the upload names no operation, and the wait polls
 * `.../operations/no_build`): an operation that is still building, one already built or already
 * failed when the wait starts, and a dry run, which only says where the operation stands.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.js';
import { ANSWER_SETS } from '../../emulator/answers.js';
import { runFlow } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { APP_FILES, makeWorkspace, removeWorkspaces } from '../action/helpers/workspace.js';
import { inputsOf, testContext, emulatorAccess } from '../helpers/step-context.js';
import { cancelledInFlight, steeredClient, type SteeredClient } from '../helpers/steered-client.js';

const BUILD_MS = 60_000;
const NO_PACKAGE_JSON = { 'index.html': '<h1>no package.json</h1>\n' };

describe.each(ANSWER_SETS)('the wait step (answers: %s)', (answers) => {
  const clock = new VirtualClock(Date.UTC(2026, 10, 1));
  let emulator: RunningEmulator;
  let steered: SteeredClient;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, clock, answers, buildSeconds: BUILD_MS / 1000 });
    steered = steeredClient(emulator.url, clock);
  });
  afterAll(async () => {
    await steered.close();
    await emulator.close();
    removeWorkspaces();
  });
  beforeEach(() => {
    emulator.reset();
    steered.reset();
  });

  const credentials = () => ({
    ...emulatorAccess(emulator.url),
  });

  /** Uploads `files` without waiting, as an earlier run would; the operation it names. */
  async function uploadWithoutWaiting(files: Record<string, string> = APP_FILES): Promise<string> {
    const inputs = inputsOf(
      { ...credentials(), account: 'demo', app: 'shop', environment: 'staging', wait: 'false' },
      makeWorkspace(files),
    );
    const t = testContext({ inputs, client: steered.client, clock });
    expect((await runFlow(t.ctx)).status).toBe('started');
    const operation = t.outputs.values().operation;
    expect(operation).toMatch(/^accounts\/demo\/apps\/shop\/environments\/[\w-]+\/operations\/\w+$/);
    return operation!;
  }

  async function waitFor(operation: string, extra: Record<string, string> = {}, signal?: AbortSignal) {
    const inputs = inputsOf({ ...credentials(), operation, timeout: '15m', ...extra }, '/');
    const t = testContext({ inputs, client: steered.client, clock, ...(signal ? { signal } : {}) });
    const started = clock.now();
    const before = emulator.requests().length;
    const report = await runFlow(t.ctx);
    const requests = emulator.requests().slice(before);
    return { ...t, report, waitedMs: clock.now() - started, requests };
  }

  it('waits out a build still running, and outputs its build and deployment', async () => {
    const operation = await uploadWithoutWaiting();
    const { report, waitedMs, outputs, log, ctx } = await waitFor(operation);
    expect(report.status).toBe('success');
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([['wait', 'success']]);
    expect(waitedMs).toBeGreaterThanOrEqual(BUILD_MS - 10_000);
    expect(outputs.values()).toMatchObject({
      status: 'success',
      build: expect.stringMatching(/\/builds\/[0-9a-f]{8}$/) as string,
      deployment: expect.stringMatching(/\/deployments\/[0-9a-f]{8}$/) as string,
    });
    expect(log.lines.some((l) => l.startsWith('build done in '))).toBe(true);
    expect(ctx.record.recap()).toBe('done so far: the build finished');
  });

  it('an operation already built when the wait starts ends it at once, as a success', async () => {
    const operation = await uploadWithoutWaiting();
    clock.advance(BUILD_MS * 2);
    const { report, waitedMs, outputs, requests, ctx } = await waitFor(operation);
    expect(report.status).toBe('success');
    expect(waitedMs).toBeLessThan(10_000);
    expect(requests.filter((r) => r.method === 'GET' && r.path.includes('/operations/'))).toHaveLength(1);
    expect(outputs.values().deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
    expect(ctx.record.recap()).toBe('done so far: the build finished');
  });

  it('an operation already failed when the wait starts fails the step at once, with the build log words and what to do', async () => {
    const operation = await uploadWithoutWaiting(NO_PACKAGE_JSON);
    clock.advance(BUILD_MS * 2);
    const { report, waitedMs, outputs, ctx } = await waitFor(operation);
    expect(report.status).toBe('failure');
    expect(waitedMs).toBeLessThan(10_000);
    expect(report.error).toMatch(
      /^wait failed: the build failed \(operation accounts\/demo\/apps\/shop\/environments\/[\w-]+\/operations\/\w+\): "build failed: no package\.json at the root of the uploaded archive; [^"]*"; fix the app so it builds, then deploy again\n/,
    );
    expect(report.error).toMatch(/\nnothing had been changed yet$/);
    expect(outputs.values().status).toBe('failure');
    expect(outputs.values().deployment).toBeUndefined();
    expect(ctx.record.recap()).toBe('nothing had been changed yet');
  });

  it('a build that fails while waited for fails the step the same way', async () => {
    const operation = await uploadWithoutWaiting(NO_PACKAGE_JSON);
    const { report, waitedMs } = await waitFor(operation);
    expect(report.status).toBe('failure');
    expect(waitedMs).toBeGreaterThanOrEqual(BUILD_MS - 10_000);
    expect(report.error).toContain('; fix the app so it builds, then deploy again');
  });

  describe('in a dry run', () => {
    async function dryRun(operation: string) {
      const r = await waitFor(operation, { 'dry-run': 'true' });
      expect(r.report.status).toBe('planned');
      expect(r.waitedMs).toBe(0);
      expect(r.requests.map((q) => q.method)).toEqual(['GET']);
      expect(r.ctx.record.recap()).toBe('nothing had been changed yet');
      return r.log.lines.filter((l) => l.startsWith('operation '));
    }

    it('says an operation still building is not done yet, and waits for nothing', async () => {
      const operation = await uploadWithoutWaiting();
      expect(await dryRun(operation)).toEqual([`operation ${operation} is not done yet; would wait for it`]);
    });

    it('says a built operation is done', async () => {
      const operation = await uploadWithoutWaiting();
      clock.advance(BUILD_MS * 2);
      expect(await dryRun(operation)).toEqual([`operation ${operation} is done; would wait for it`]);
    });

    it('says a failed operation is done, and failed', async () => {
      const operation = await uploadWithoutWaiting(NO_PACKAGE_JSON);
      clock.advance(BUILD_MS * 2);
      expect(await dryRun(operation)).toEqual([`operation ${operation} is done, and failed; would wait for it`]);
    });

    it('cancelled during its one GET: the request is given up, and the run ends cancelled', async () => {
      const operation = await uploadWithoutWaiting();
      const cancel = new AbortController();
      const unheard: string[] = [];
      steered.steer(`GET /headless/v1/${operation}`, cancelledInFlight(cancel, unheard));
      const { report, log } = await waitFor(operation, { 'dry-run': 'true' }, cancel.signal);
      expect(steered.steered).toEqual([`GET /headless/v1/${operation}`]);
      expect(unheard).toEqual([]);
      expect(report.status).toBe('cancelled');
      expect(log.lines.filter((l) => l.startsWith('operation '))).toEqual([]);
    });

    it('says the state is unknown when the answer holds no operation', async () => {
      const operation = await uploadWithoutWaiting();
      steered.steer(`GET /headless/v1/${operation}`, async (real) => ({ ...(await real()), body: '' }));
      expect(await dryRun(operation)).toEqual([
        `operation ${operation} is of unknown state (the answer held no operation); would wait for it`,
      ]);
      expect(steered.steered).toEqual([`GET /headless/v1/${operation}`]);
    });
  });
});
