/**
 * waitForBuild (src/release/) on a virtual clock: the heartbeat a long build prints (at most every 10 s, with
 * state, build, elapsed and remaining time), the outputs that follow the operation as seen, and
 * how a failed build and a timeout are reported. The client is the real wait loop over a fake
 * getOperation, so the heartbeat sees the same poll schedule as in a real run.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { ServiceUnavailable, TimeoutError, UnexpectedAnswer } from '../../src/api/errors.js';
import type { Operation } from '../../src/api/types.js';
import { waitForOperation as pollOperation, type WaitOptions } from '../../src/api/wait-for-operation.js';
import { StepError } from '../../src/step-kit/step-error.js';
import { buildFailureReason, waitForBuild } from '../../src/release/wait-for-build.js';
import { VirtualClock } from '../../src/util/clock.js';
import { MemoryLogger, type ProgressEvent } from '../../src/util/log.js';
import { testContext } from '../helpers/step-context.js';

const START = Date.UTC(2026, 0, 1);
const ENV = 'accounts/demo/apps/shop/environments/e1';
const UPLOADED: Operation = {
  name: `${ENV}/operations/no_build`,
  metadata: { build: `${ENV}/builds/no_build`, deployment: '' },
  done: false,
};

interface BuildScript {
  /** When the build is done, from the start of the wait. */
  doneAtMs: number;
  /** Why it fails, when it does. */
  failure?: string;
  /** Polls in [from, to) fail with 503. */
  outage?: [number, number];
  /** Until when the build has no id yet (the upload's no_build names); 0.5 s unless given. */
  queuedUntilMs?: number;
  /** Done without a deployment named. */
  noDeployment?: boolean;
}

/** A service whose build gets its id after 0.5 s and is done at `doneAtMs`. */
function fakeService(clock: VirtualClock, script: BuildScript) {
  const polled: string[] = [];
  const getOperation = async (name: string): Promise<Operation> => {
    polled.push(name);
    const t = clock.now() - START;
    if (script.outage && t >= script.outage[0] && t < script.outage[1]) {
      throw new ServiceUnavailable({ method: 'GET', path: `/v1/${name}`, status: 503 });
    }
    if (t < (script.queuedUntilMs ?? 500)) return UPLOADED;
    const done = t >= script.doneAtMs;
    return {
      name: `${ENV}/operations/op-7`,
      metadata: {
        build: `${ENV}/builds/b-42`,
        deployment: done && !script.failure && !script.noDeployment ? `${ENV}/deployments/d-9` : '',
      },
      done,
      ...(done && script.failure ? { error: { code: 3, message: script.failure } } : {}),
    };
  };
  const client = {
    waitForOperation: (name: string, options: WaitOptions) => pollOperation({ clock, getOperation }, name, options),
  } as unknown as Client;
  return { client, polled };
}

function setup(script: BuildScript, timeoutMs = 30 * 60_000) {
  const clock = new VirtualClock(START);
  const service = fakeService(clock, script);
  const { ctx, log, written } = testContext({ client: service.client, clock });
  const d = { timeoutMs };
  const heartbeats = () => log.lines.filter((l) => /^build .* elapsed, .* left$/.test(l));
  return { clock, ctx, d, log, written, heartbeats, polled: service.polled };
}

/** `1m10s` → 70000 */
function parseElapsed(line: string): number {
  const m = /: (?:(\d+)m)?(?:(\d+)s)? elapsed/.exec(line)!;
  return (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 1000;
}

describe('waitForBuild', () => {
  it('prints a heartbeat at most every 10 s during a long build, with state, build, elapsed and time left', async () => {
    const t = setup({ doneAtMs: 125_000 }, 10 * 60_000);
    await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d);

    const beats = t.heartbeats();
    expect(beats.length).toBeGreaterThanOrEqual(11);
    expect(beats.length).toBeLessThanOrEqual(13);
    expect(beats[0]).toMatch(/^build b-42 running: 10s elapsed, 9m50s left$/);
    const elapsed = beats.map(parseElapsed);
    for (let i = 1; i < elapsed.length; i++) expect(elapsed[i]! - elapsed[i - 1]!).toBeGreaterThanOrEqual(10_000);
    // Never silent for much longer than 10 s plus one poll interval (3 s at most).
    for (let i = 1; i < elapsed.length; i++) expect(elapsed[i]! - elapsed[i - 1]!).toBeLessThanOrEqual(13_000);
    expect(t.log.lines.at(-1)).toBe(`build done in 2m6s: ${ENV}/deployments/d-9`);
  });

  it('prints no heartbeat for a build done within 10 s', async () => {
    const t = setup({ doneAtMs: 4_000 });
    await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d);
    expect(t.heartbeats()).toEqual([]);
    expect(t.log.lines).toEqual([
      // The no_build name is not the build's operation: it is named once known, not before.
      'waiting for the build (up to 30m)',
      `build done in 4s: ${ENV}/deployments/d-9`,
    ]);
  });

  it('says when polls fail during an outage, and keeps waiting', async () => {
    const t = setup({ doneAtMs: 40_000, outage: [9_000, 25_000] });
    const op = await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d);
    expect(op.done).toBe(true);
    const beats = t.heartbeats();
    expect(beats.some((b) => /^build state unknown \(poll failed: 503\), still waiting: \d+s elapsed/.test(b))).toBe(
      true,
    );
    expect(beats.at(-1)).toMatch(/^build b-42 running: \d+s elapsed/);
    // The end is said once, by the closing line, not by a heartbeat too.
    expect(t.log.lines.filter((l) => l.startsWith('build done'))).toEqual([
      `build done in 41s: ${ENV}/deployments/d-9`,
    ]);
  });

  it('follows the operation as seen: the real operation, build and deployment become outputs', async () => {
    const t = setup({ doneAtMs: 3_000 });
    await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d);
    expect(Object.fromEntries(t.written)).toEqual({
      operation: `${ENV}/operations/op-7`,
      build: `${ENV}/builds/b-42`,
      deployment: `${ENV}/deployments/d-9`,
    });
    // Each written once: the upload's no_build names no build, so the output waits for the real
    // one; the wait kept polling the name it was given.
    expect(t.written.map(([n]) => n).sort()).toEqual(['build', 'deployment', 'operation']);
    expect(new Set(t.polled)).toEqual(new Set([UPLOADED.name]));
    expect(t.ctx.record.operation).toBe(`${ENV}/operations/op-7`);
  });

  it('turns a failed build into a StepError with the operation’s message and name', async () => {
    const t = setup({ doneAtMs: 2_000, failure: 'npm run build exited with 1' });
    const err = (await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d).catch(
      (e: unknown) => e,
    )) as StepError;
    expect(err).toBeInstanceOf(StepError);
    expect(err.outcome).toBe('failure');
    expect(err.message).toBe(
      `the build failed (operation ${ENV}/operations/op-7): "npm run build exited with 1"; fix the app so it builds, then deploy again`,
    );
    expect(Object.fromEntries(t.written).deployment).toBeUndefined();
  });

  it('times out naming the operation and build as last seen, not the no_build name it polled', async () => {
    const t = setup({ doneAtMs: 10 * 60_000 }, 15_000);
    const err = (await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d).catch(
      (e: unknown) => e,
    )) as StepError;
    expect(err).toBeInstanceOf(StepError);
    expect(err.outcome).toBe('timeout');
    expect(err.message).toBe(
      `operation ${ENV}/operations/op-7 (build b-42) not done after 15s (timeout 15s); the build may still be running: raise the timeout, or follow the build in the portal`,
    );
    expect(t.clock.now() - START).toBe(15_000);
  });

  it('says when the last poll before the timeout failed', async () => {
    const t = setup({ doneAtMs: 10 * 60_000, outage: [5_000, 60_000] }, 12_000);
    const err = (await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d).catch(
      (e: unknown) => e,
    )) as StepError;
    expect(err.outcome).toBe('timeout');
    expect(err.message).toContain('not done after 12s (timeout 12s); the last poll failed (status 503);');
  });
});

describe('waitForBuild, the edges', () => {
  it('names an operation it is given by its real name from the first line', async () => {
    const t = setup({ doneAtMs: 2_000 });
    await waitForBuild(t.ctx, { name: `${ENV}/operations/op-7` }, t.d);
    expect(t.log.lines[0]).toBe(`waiting for the build (operation ${ENV}/operations/op-7, up to 30m)`);
  });

  it('says "build queued" while the build has no id, and names it once it has one', async () => {
    const t = setup({ doneAtMs: 40_000, queuedUntilMs: 25_000 });
    await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d);
    const beats = t.heartbeats();
    expect(beats[0]).toBe('build queued: 10s elapsed, 29m50s left');
    expect(beats.at(-1)).toMatch(/^build b-42 running: /);
  });

  it('a build done at the moment a heartbeat is due gets the closing line only', async () => {
    const t = setup({ doneAtMs: 10_000 });
    await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d);
    expect(t.heartbeats()).toEqual([]);
    expect(t.log.lines.at(-1)).toBe(`build done in 10s: ${ENV}/deployments/d-9`);
  });

  it('records how long the build took, and a build done without a deployment says only that', async () => {
    const t = setup({ doneAtMs: 4_000, noDeployment: true });
    await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d);
    expect(t.ctx.record.timings).toEqual([{ label: 'build', ms: 4_000 }]);
    expect(t.log.lines.at(-1)).toBe('build done in 4s');
  });

  it('times out while still queued without naming a build, and keeps the cause', async () => {
    const t = setup({ doneAtMs: 10 * 60_000, queuedUntilMs: 10 * 60_000 }, 12_000);
    const err = (await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d).catch(
      (e: unknown) => e,
    )) as StepError;
    expect(err.outcome).toBe('timeout');
    expect(err.message).toMatch(/^operation \S+\/no_build not done after 12s \(timeout 12s\); the build may/);
    expect((err.cause as Error).name).toBe('TimeoutError');
  });

  it('times out without any answer: "operation of the upload", no build named', async () => {
    const t = setup({ doneAtMs: 10 * 60_000, outage: [0, 10 * 60_000] }, 12_000);
    const err = (await waitForBuild(t.ctx, { name: UPLOADED.name }, t.d).catch((e: unknown) => e)) as StepError;
    expect(err.message).toMatch(/^operation of the upload not done after 12s \(timeout 12s\); the last poll failed/);
  });

  it('a wait that fails leaves the name it polled in the operation output, for a later step', async () => {
    const t = setup({ doneAtMs: 10 * 60_000, outage: [0, 10 * 60_000] }, 5_000);
    const name = `${ENV}/operations/op-3`;
    await waitForBuild(t.ctx, { name }, t.d).catch(() => undefined);
    expect(Object.fromEntries(t.written).operation).toBe(name);
  });

  it('a wait that fails after seeing the real operation keeps that one', async () => {
    const t = setup({ doneAtMs: 10 * 60_000, outage: [2_000, 10 * 60_000] }, 5_000);
    await waitForBuild(t.ctx, { name: UPLOADED.name, first: UPLOADED }, t.d).catch(() => undefined);
    expect(t.written.filter(([n]) => n === 'operation')).toEqual([['operation', `${ENV}/operations/op-7`]]);
  });
});

describe('waitForBuild on a terminal (a live progress line)', () => {
  it('hands the live line the state: queued at once, then the build, or why the state is unknown', async () => {
    const clock = new VirtualClock(START);
    let n = 0;
    const getOperation = async (name: string): Promise<Operation> => {
      n++;
      if (n === 2) throw new UnexpectedAnswer({ method: 'GET', path: `/v1/${name}`, status: 200 });
      if (n === 3) return { name, metadata: {}, done: false };
      return {
        name: `${ENV}/operations/op-7`,
        metadata: { build: `${ENV}/builds/b-42`, deployment: '' },
        done: n >= 5,
      };
    };
    const client = {
      waitForOperation: (name: string, options: WaitOptions) => pollOperation({ clock, getOperation }, name, options),
    } as unknown as Client;
    const states: string[] = [];
    const log = Object.assign(new MemoryLogger(), {
      progress: (p: ProgressEvent) => {
        if (p.activity === 'building') states.push(p.state);
      },
    });
    const { ctx } = testContext({ client, clock, log });
    await waitForBuild(ctx, { name: UPLOADED.name, first: UPLOADED }, { timeoutMs: 60_000 });
    expect(states).toEqual([
      'build queued',
      'build b-42 running',
      'build state unknown (poll answered without an operation), still waiting',
      'build queued',
      'build b-42 running',
    ]);
  });

  it('passes on a request timeout (no wait measured) as it is', async () => {
    const timeout = new TimeoutError({ method: 'GET', path: '/v1/x' });
    const client = { waitForOperation: async () => Promise.reject(timeout) } as unknown as Client;
    const { ctx } = testContext({ client });
    await expect(waitForBuild(ctx, { name: UPLOADED.name }, { timeoutMs: 60_000 })).rejects.toBe(timeout);
  });
});

describe('buildFailureReason', () => {
  it.each([
    ['Build failed: no package.json at the root', '"Build failed: no package.json at the root"'],
    ['Build failed; exit 1', '"Build failed; exit 1"'],
    ['  npm ERR! code 1\n  at line 2 ', '"  npm ERR! code 1\n  at line 2 "'],
    ['', 'the platform gave no reason'],
    ['   ', 'the platform gave no reason'],
    [undefined, 'the platform gave no reason'],
  ] as [string | undefined, string][])('%j → %j', (given, want) => {
    expect(buildFailureReason(given)).toBe(want);
  });
});

describe('a failed build', () => {
  it('quotes the platform\'s message character for character, its "Build failed:" included', async () => {
    const message = 'Build failed: no package.json at the root of the uploaded archive';
    const t = setup({ doneAtMs: 1_000, failure: message });
    const err = (await waitForBuild(t.ctx, { name: UPLOADED.name }, { ...t.d, failureHint: 'set path' }).catch(
      (e: unknown) => e,
    )) as StepError;
    expect(err.message).toBe(`the build failed (operation ${ENV}/operations/op-7): "${message}"; set path`);
  });
});
