/**
 * One way to build a StepContext in tests (a FlowContext, which runFlow takes and a step takes too): every dependency real or in memory (a MemoryLogger,
 * a VirtualClock, recorded outputs, a fresh RunRecord), any of them replaced by `overrides`.
 * Tests of a step or of the whole flow start here instead of casting half an object.
 */
import { tmpdir } from 'node:os';
import type { Client } from '../../src/api/client.js';
import { createClient } from '../../src/api/client.js';
import { InputError, readInputs } from '../../src/engine/read-inputs.js';
import type { Inputs } from '../../src/engine/run-inputs.js';
import { createOutputs, type Outputs } from '../../src/report/outputs.js';
import { RunRecord } from '../../src/step-kit/run-record.js';
import type { FlowContext } from '../../src/engine/run-flow.js';
import { VirtualClock } from '../../src/util/clock.js';
import { MemoryLogger } from '../../src/util/log.js';
import { NO_RUN_FACTS } from '../../src/inputs/types.js';

export interface TestContext {
  ctx: FlowContext;
  log: MemoryLogger;
  clock: VirtualClock;
  /** Every output write, in order. */
  written: [string, string][];
  outputs: Outputs;
}

/** A client that fails the test if a step uses it: for steps that must not make requests. */
export const NO_CLIENT = new Proxy({} as Client, {
  get(_target, key) {
    throw new Error(`the step used client.${String(key)}, but this test gave it no client`);
  },
});

/** Inputs that choose no step: for tests of one step, which gets its own inputs as an argument. */
export const NO_INPUTS: Inputs = Object.freeze({
  workspace: '/',
  credentials: null,
  hostingUrl: null,
  headlessUrl: null,
  account: '',
  app: '',
  environment: '',
  dryRun: false,
  prComment: false,
  githubToken: null,
  run: NO_RUN_FACTS,
  steps: [],
  skipped: null,
  warnings: [],
});

export function testContext(overrides: Partial<FlowContext> = {}): TestContext {
  const log = overrides.log instanceof MemoryLogger ? overrides.log : new MemoryLogger();
  const clock = overrides.clock instanceof VirtualClock ? overrides.clock : new VirtualClock();
  const written: [string, string][] = [];
  const outputs = createOutputs((name, value) => written.push([name, value]), []);
  const ctx: FlowContext = {
    inputs: NO_INPUTS,
    client: NO_CLIENT,
    log,
    outputs,
    clock,
    signal: new AbortController().signal,
    record: new RunRecord(),
    tempDir: tmpdir(),
    redact: (s) => s,
    ...overrides,
  };
  return { ctx, log, clock, written, outputs };
}

/** Inputs as the runner would pass them (action.yml names), read against `workspace`. */
export function inputsOf(values: Record<string, string>, workspace: string): Inputs {
  return readInputs((name) => values[name] ?? '', workspace);
}

/** The problems reading those inputs reports, each once; none when they are good. */
export function inputProblems(values: Record<string, string>, workspace = '/ws'): readonly string[] {
  try {
    inputsOf(values, workspace);
    return [];
  } catch (err) {
    if (err instanceof InputError) return err.problems;
    throw err;
  }
}

/** A client of the emulator (or any server) at `url`, on the test's virtual clock. */
export function clientFor(
  url: string,
  clock: VirtualClock,
  credentials = { userId: 'demo-user', password: 'demo-password' },
): Client {
  return createClient({ hostingUrl: url, headlessUrl: `${url}/headless`, credentials, clock });
}

/** The inputs that reach the emulator at `url` as its demo user: the credentials and the headless API's URL. */
export function emulatorAccess(url: string): Record<string, string> {
  return { 'api-user-id': 'demo-user', 'api-password': 'demo-password', 'headless-api-url': `${url}/headless` };
}
