/**
 * The wait step in-process (runFlow against the emulator, one virtual clock), under both of the
 * emulator's answer sets (under `documented` the upload names no operation, and the wait polls
 * `.../operations/no_build`): an operation that is still building, one already built or already
 * failed when the wait starts, one that outlasts the timeout, and a dry run, which only says where
 * the operation stands.
 */
import { describe, expect, it } from 'vitest';
import { ANSWER_SETS } from '../../emulator/config/answers.js';
import { APP_FILES } from '../action/helpers/workspace.js';
import { cancelledInFlight } from '../helpers/steered-client.js';
import { useFlow } from './helpers/flow.js';

const BUILD_MS = 60_000;
const NO_PACKAGE_JSON = { 'index.html': '<h1>no package.json</h1>\n' };

describe.each(ANSWER_SETS)('the wait step (answers: %s)', (answers) => {
  const f = useFlow({ answers, buildSeconds: BUILD_MS / 1000 });

  /** Uploads `files` without waiting, as an earlier run would; the operation and build it names. */
  async function upload(files: Record<string, string> = APP_FILES, extra: Record<string, string> = {}) {
    const { report, out } = await f.run({ app: 'shop', environment: 'staging', wait: 'false', ...extra }, { files });
    expect(report.status).toBe('started');
    expect(out.build).toMatch(/\/builds\/[0-9a-f]{8}$/);
    expect(out.operation).toMatch(/^accounts\/demo\/apps\/shop\/environments\/[\w-]+\/operations\/\w+$/);
    return { operation: out.operation!, build: out.build! };
  }
  const uploadWithoutWaiting = async (files?: Record<string, string>) => (await upload(files)).operation;

  async function waitFor(operation: string, extra: Record<string, string> = {}, signal?: AbortSignal) {
    const started = f.clock.now();
    const before = f.emulator.requests().length;
    const r = await f.run({ operation, timeout: '15m', ...extra }, signal ? { signal } : {});
    return { ...r, waitedMs: f.clock.now() - started, requests: f.emulator.requests().slice(before) };
  }

  it('waits out a build still running, and outputs its build and deployment', async () => {
    const { report, waitedMs, out, lines, ctx } = await waitFor(await uploadWithoutWaiting());
    expect(report.status).toBe('success');
    expect(report.steps.map((s) => [s.name, s.outcome])).toEqual([['wait', 'success']]);
    expect(waitedMs).toBeGreaterThanOrEqual(BUILD_MS - 10_000);
    expect(out).toMatchObject({
      status: 'success',
      build: expect.stringMatching(/\/builds\/[0-9a-f]{8}$/) as string,
      deployment: expect.stringMatching(/\/deployments\/[0-9a-f]{8}$/) as string,
    });
    expect(lines.some((l) => l.startsWith('build done in '))).toBe(true);
    expect(ctx.record.recap()).toBe('done so far: the build finished');
  });

  it('an operation already built when the wait starts ends it at once, as a success', async () => {
    const operation = await uploadWithoutWaiting();
    f.clock.advance(BUILD_MS * 2);
    const { report, waitedMs, out, requests, ctx } = await waitFor(operation);
    expect(report.status).toBe('success');
    expect(waitedMs).toBeLessThan(10_000);
    expect(requests.filter((r) => r.method === 'GET' && r.path.includes('/operations/'))).toHaveLength(1);
    expect(out.deployment).toMatch(/\/deployments\/[0-9a-f]{8}$/);
    expect(ctx.record.recap()).toBe('done so far: the build finished');
  });

  it.each([
    ['already failed when the wait starts fails the step at once', true],
    ['that fails while waited for fails the step the same way', false],
  ])('a build %s, with the build log words and what to do', async (_, already) => {
    const operation = await uploadWithoutWaiting(NO_PACKAGE_JSON);
    if (already) f.clock.advance(BUILD_MS * 2);
    const { report, waitedMs, out, ctx } = await waitFor(operation);
    expect(report.status).toBe('failure');
    if (already) expect(waitedMs).toBeLessThan(10_000);
    else expect(waitedMs).toBeGreaterThanOrEqual(BUILD_MS - 10_000);
    // The build's own message, quoted as it is: that wording is the platform's contract.
    expect(report.error).toMatch(
      /^wait failed: the build failed \(operation [^)]+\): "build failed: no package\.json at/,
    );
    expect(report.error).toContain('fix the app so it builds, then deploy again\n');
    expect(report.error).toMatch(/\nnothing had been changed yet$/);
    expect(out.status).toBe('failure');
    expect(out.deployment).toBeUndefined();
    expect(ctx.record.recap()).toBe('nothing had been changed yet');
  });

  it('a build that outlasts timeout: timed out, naming the operation', async () => {
    const { report } = await waitFor(await uploadWithoutWaiting(), { timeout: '20s' });
    expect(report.status).toBe('timeout');
    expect(report.error).toMatch(/^wait timed out: operation accounts\/demo\/apps\/shop\/.* not done after 20s/);
  });

  // Every upload's operation may be the environment's latest: B uploaded while A builds shows there.
  describe('uploads A then B to one environment, A’s build still running', () => {
    async function twoUploads() {
      const a = await upload();
      const b = await upload(APP_FILES, { 'when-busy': 'upload' });
      expect(b.build).not.toBe(a.build);
      return { a, b };
    }

    it('the wait for A with A’s build ends superseded, naming both; the wait for B with B’s succeeds', async () => {
      const { a, b } = await twoUploads();
      const forA = await waitFor(a.operation, { build: a.build });
      expect([forA.report.status, forA.out.status]).toEqual(['superseded', 'superseded']);
      expect(forA.firstLine).toContain(`shows build ${b.build}, not build ${a.build}`);
      expect(forA.out.deployment).toBeUndefined();
      const forB = await waitFor(b.operation, { build: b.build.slice(b.build.lastIndexOf('/') + 1) });
      expect([forB.report.status, forB.out.build]).toEqual(['success', b.build]);
    });

    it('without build, the wait follows whatever the operation shows, and says so', async () => {
      const { a, b } = await twoUploads();
      const forA = await waitFor(a.operation);
      expect(forA.report.status).toBe('success');
      expect(forA.lines.some((l) => l.startsWith('no "build" given: following whatever build'))).toBe(true);
      // The hole `build` closes: A's operation name led to B's build.
      expect(forA.out.build).toBe(b.build);
    });
  });

  describe('in a dry run', () => {
    async function dryRun(operation: string) {
      const r = await waitFor(operation, { 'dry-run': 'true' });
      expect(r.report.status).toBe('planned');
      expect(r.waitedMs).toBe(0);
      expect(r.requests.map((q) => q.method)).toEqual(['GET']);
      expect(r.ctx.record.recap()).toBe('nothing had been changed yet');
      return r.lines.filter((l) => l.startsWith('operation '));
    }

    it.each([
      ['still building', APP_FILES, 0, 'is not done yet'],
      ['built', APP_FILES, BUILD_MS * 2, 'is done'],
      ['failed', NO_PACKAGE_JSON, BUILD_MS * 2, 'is done, and failed'],
    ])('says where an operation %s stands, and waits for nothing', async (_, files, later, said) => {
      const operation = await uploadWithoutWaiting(files);
      f.clock.advance(later);
      expect(await dryRun(operation)).toEqual([`operation ${operation} ${said}; would wait for it`]);
    });

    it('cancelled during its one GET: the request is given up, and the run ends cancelled', async () => {
      const operation = await uploadWithoutWaiting();
      const cancel = new AbortController();
      const unheard: string[] = [];
      f.steered.steer(`GET /headless/v1/${operation}`, cancelledInFlight(cancel, unheard));
      const { report, lines } = await waitFor(operation, { 'dry-run': 'true' }, cancel.signal);
      expect(f.steered.steered).toEqual([`GET /headless/v1/${operation}`]);
      expect(unheard).toEqual([]);
      expect(report.status).toBe('cancelled');
      expect(lines.filter((l) => l.startsWith('operation '))).toEqual([]);
    });

    it('says the state is unknown when the answer holds no operation', async () => {
      const operation = await uploadWithoutWaiting();
      f.steered.steer(`GET /headless/v1/${operation}`, async (real) => ({ ...(await real()), body: '' }));
      expect(await dryRun(operation)).toEqual([
        `operation ${operation} is of unknown state (the answer held no operation); would wait for it`,
      ]);
      expect(f.steered.steered).toEqual([`GET /headless/v1/${operation}`]);
    });
  });
});
