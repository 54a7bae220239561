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
import { failure } from './helpers/fake-client.js';

const START = Date.UTC(2026, 0, 1);
const ENV = 'accounts/demo/apps/shop/environments/e1';
const OP7 = `${ENV}/operations/op-7`;
const NO_BUILD = `${ENV}/operations/no_build`;
const UPLOADED: Operation = {
  name: NO_BUILD,
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
  /** Answers the n-th poll instead of the script (it may throw). */
  poll?: (n: number, name: string) => Operation;
}

/** A service whose build gets its id after 0.5 s and is done at `doneAtMs`. */
function fakeService(clock: VirtualClock, script: BuildScript) {
  const polled: string[] = [];
  const getOperation = async (name: string): Promise<Operation> => {
    polled.push(name);
    if (script.poll) return script.poll(polled.length, name);
    const t = clock.now() - START;
    if (script.outage && t >= script.outage[0] && t < script.outage[1]) {
      throw new ServiceUnavailable({ method: 'GET', path: `/v1/${name}`, status: 503 });
    }
    if (t < (script.queuedUntilMs ?? 500)) return UPLOADED;
    const done = t >= script.doneAtMs;
    return {
      name: OP7,
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
  // What a terminal's live progress line is handed, as it is handed.
  const states: string[] = [];
  const progress = (p: ProgressEvent) => void (p.activity === 'building' && states.push(p.state));
  const { ctx, log, written } = testContext({
    client: service.client,
    clock,
    log: Object.assign(new MemoryLogger(), { progress }),
  });
  const d = { timeoutMs };
  const heartbeats = () => log.lines.filter((l) => /^build .* elapsed, .* left$/.test(l));
  return { clock, ctx, d, log, written, heartbeats, states, polled: service.polled };
}

/** `1m10s` → 70000 */
function parseElapsed(line: string): number {
  const m = /: (?:(\d+)m)?(?:(\d+)s)? elapsed/.exec(line)!;
  return (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 1000;
}

describe('waitForBuild', () => {
  it('prints a heartbeat at most every 10 s during a long build, with state, build, elapsed and time left', async () => {
    const t = setup({ doneAtMs: 125_000 }, 10 * 60_000);
    await waitForBuild(t.ctx, { name: NO_BUILD, first: UPLOADED }, t.d);
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

  // No heartbeat within 10 s, nor at the moment one is due: the closing line says the end once,
  // with the deployment when there is one. The upload's no_build name is not the build's operation:
  // it is named once known, not before; a name given is named from the first line.
  const WAITING = 'waiting for the build (up to 30m)';
  const NAMED = `waiting for the build (operation ${OP7}, up to 30m)`;
  const DONE = (took: string) => `build done in ${took}: ${ENV}/deployments/d-9`;
  it.each<[string, BuildScript, string | undefined, string[]]>([
    ['within 10 s', { doneAtMs: 4_000 }, undefined, [WAITING, DONE('4s')]],
    ['as a heartbeat is due', { doneAtMs: 10_000 }, undefined, [WAITING, DONE('10s')]],
    ['without a deployment', { doneAtMs: 4_000, noDeployment: true }, undefined, [WAITING, 'build done in 4s']],
    ['of an operation named', { doneAtMs: 2_000 }, OP7, [NAMED, DONE('2s')]],
  ])('a build done %s: two lines, and its time recorded', async (_when, script, name, lines) => {
    const t = setup(script);
    await waitForBuild(t.ctx, name ? { name } : { name: NO_BUILD, first: UPLOADED }, t.d);
    expect(t.log.lines).toEqual(lines);
    expect(t.ctx.record.timings).toEqual([{ label: 'build', ms: script.doneAtMs }]);
  });

  it('says when polls fail during an outage, and keeps waiting', async () => {
    const t = setup({ doneAtMs: 40_000, outage: [9_000, 25_000] });
    const op = await waitForBuild(t.ctx, { name: NO_BUILD, first: UPLOADED }, t.d);
    expect(op.done).toBe(true);
    const beats = t.heartbeats();
    expect(beats).toContainEqual(
      expect.stringMatching(/^build state unknown \(poll failed: 503\), still waiting: \d+s/),
    );
    expect(beats.at(-1)).toMatch(/^build b-42 running: \d+s elapsed/);
    // The end is said once, by the closing line, not by a heartbeat too.
    expect(t.log.lines.filter((l) => l.startsWith('build done'))).toEqual([DONE('41s')]);
  });

  it('follows the operation as seen: the real operation, build and deployment become outputs', async () => {
    const t = setup({ doneAtMs: 3_000 });
    await waitForBuild(t.ctx, { name: NO_BUILD, first: UPLOADED }, t.d);
    expect(Object.fromEntries(t.written)).toEqual({
      operation: OP7,
      build: `${ENV}/builds/b-42`,
      deployment: `${ENV}/deployments/d-9`,
    });
    // Each written once: the upload's no_build names no build, so the output waits for the real
    // one; the wait kept polling the name it was given.
    expect(t.written.map(([n]) => n).sort()).toEqual(['build', 'deployment', 'operation']);
    expect(new Set(t.polled)).toEqual(new Set([NO_BUILD]));
    expect(t.ctx.record.operation).toBe(OP7);
  });
  it('says "build queued" while the build has no id, and names it once it has one', async () => {
    const t = setup({ doneAtMs: 40_000, queuedUntilMs: 25_000 });
    await waitForBuild(t.ctx, { name: NO_BUILD, first: UPLOADED }, t.d);
    const beats = t.heartbeats();
    expect(beats[0]).toBe('build queued: 10s elapsed, 29m50s left');
    expect(beats.at(-1)).toMatch(/^build b-42 running: /);
  });
});

describe('a build that fails or is not done in time', () => {
  // The platform's message is quoted character for character, its "Build failed:" included: it
  // is what the user looks for in the platform's build log.
  it.each([
    [undefined, 'fix the app so it builds, then deploy again'],
    ['set path', 'set path'],
  ])('is a StepError quoting the platform, with the hint %j', async (failureHint, hint) => {
    const message = 'Build failed: no package.json at the root of the uploaded archive';
    const t = setup({ doneAtMs: 2_000, failure: message });
    const err = await failure<StepError>(
      waitForBuild(t.ctx, { name: NO_BUILD, first: UPLOADED }, { ...t.d, failureHint }),
    );
    expect(err).toBeInstanceOf(StepError);
    expect(err.outcome).toBe('failure');
    expect(err.message).toBe(`the build failed (operation ${ENV}/operations/op-7): "${message}"; ${hint}`);
    expect(Object.fromEntries(t.written).deployment).toBeUndefined();
  });

  // The wait's timeout names the operation and build as last seen, not the no_build name it polled;
  // a later step can still wait for the build by the real operation once seen, or the name polled.
  const LATE = 600_000;
  const BUILD = `${OP7} (build b-42)`;
  it.each<[string, BuildScript, string, string, string]>([
    ['after the build started', { doneAtMs: LATE }, BUILD, 'the build may still be running', OP7],
    [
      'after a poll failed',
      { doneAtMs: LATE, outage: [5_000, LATE] },
      BUILD,
      'the last poll failed (status 503);',
      OP7,
    ],
    ['while queued', { doneAtMs: LATE, queuedUntilMs: LATE }, NO_BUILD, 'the build may still', NO_BUILD],
    ['with no answer', { doneAtMs: LATE, outage: [0, LATE] }, 'of the upload', 'the last poll failed', NO_BUILD],
  ])('times out %s: what it saw, the cause, an operation output', async (_when, script, what, then, output) => {
    const t = setup(script, 12_000);
    const err = await failure<StepError>(waitForBuild(t.ctx, { name: NO_BUILD, first: UPLOADED }, t.d));
    expect(err).toBeInstanceOf(StepError);
    expect(err.outcome).toBe('timeout');
    const start = `operation ${what} not done after 12s (timeout 12s); ${then}`;
    expect(err.message.slice(0, start.length)).toBe(start);
    expect((err.cause as Error).name).toBe('TimeoutError');
    expect(t.clock.now() - START).toBe(12_000);
    expect(t.written.filter(([n]) => n === 'operation')).toEqual([['operation', output]]);
  });

  it('passes on a request timeout (no wait measured) as it is', async () => {
    const timeout = new TimeoutError({ method: 'GET', path: '/v1/x' });
    const client = { waitForOperation: async () => Promise.reject(timeout) } as unknown as Client;
    const { ctx } = testContext({ client });
    await expect(waitForBuild(ctx, { name: NO_BUILD }, { timeoutMs: 60_000 })).rejects.toBe(timeout);
  });

  it('hands a terminal’s live line the state: queued at once, then the build, or why the state is unknown', async () => {
    const t = setup({
      doneAtMs: 0,
      poll: (n, name) => {
        if (n === 2) throw new UnexpectedAnswer({ method: 'GET', path: `/v1/${name}`, status: 200 });
        if (n === 3) return { name, metadata: {}, done: false };
        return { name: OP7, metadata: { build: `${ENV}/builds/b-42`, deployment: '' }, done: n >= 5 };
      },
    });
    await waitForBuild(t.ctx, { name: NO_BUILD, first: UPLOADED }, t.d);
    expect(t.states).toEqual([
      'build queued',
      'build b-42 running',
      'build state unknown (poll answered without an operation), still waiting',
      'build queued',
      'build b-42 running',
    ]);
  });
});

describe('buildFailureReason', () => {
  it.each([
    ['Build failed: no package.json at the root', '"Build failed: no package.json at the root"'],
    ['  npm ERR! code 1\n  at line 2 ', '"  npm ERR! code 1\n  at line 2 "'],
    ['', 'the platform gave no reason'],
    ['   ', 'the platform gave no reason'],
    [undefined, 'the platform gave no reason'],
  ] as [string | undefined, string][])('%j → %j', (given, want) => expect(buildFailureReason(given)).toBe(want));
});
