/**
 * The world of the in-process flow tests: an emulator on a virtual clock (started before the tests
 * of the block that calls `useFlow`, reset before each, closed after, with the workspaces made), a
 * client of it whose routes a test may steer (test/helpers/steered-client.ts), and `run`: inputs
 * read as the runner passes them (the emulator's access and account demo, then the block's
 * defaults, then the test's), the flow run through, and what a test looks at.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/index.js';
import { runFlow, type FlowContext } from '../../../src/engine/run-flow.js';
import type { OutputName } from '../../../src/report/outputs.js';
import type { RunReport } from '../../../src/report/summary.js';
import { VirtualClock } from '../../../src/util/clock.js';
import { makeWorkspace, removeWorkspaces } from '../../action/helpers/workspace.js';
import { emulatorAccess, inputsOf, testContext, type TestContext } from '../../helpers/step-context.js';
import { steeredClient, type SteeredClient } from '../../helpers/steered-client.js';

export interface FlowRun extends TestContext {
  report: RunReport;
  /** The outputs as last set. */
  out: Readonly<Partial<Record<OutputName, string>>>;
  /** The log's lines. */
  lines: string[];
  /** The warnings logged, each with its `warning: `. */
  warnings: string[];
  /** The error's first line (the recap of what was done follows it). */
  firstLine: string | undefined;
  /** The rows the steps gave the summary, as label → value. */
  details: Record<string, string>;
}

export interface RunOptions extends Partial<FlowContext> {
  /** The workspace's files (default the block's); null for none (the workspace is `/`). */
  files?: Readonly<Record<string, string>> | null;
  /** A workspace made by the test, instead of `files`. */
  workspace?: string;
}

export interface FlowDefaults {
  /** Inputs of every run of the block, after the emulator's access and account demo. */
  inputs?: (emulator: RunningEmulator) => Record<string, string>;
  /** The workspace's files of every run (default none). */
  files?: Readonly<Record<string, string>> | null;
}

export interface FlowWorld {
  readonly emulator: RunningEmulator;
  readonly steered: SteeredClient;
  readonly clock: VirtualClock;
  run(values?: Record<string, string>, over?: RunOptions): Promise<FlowRun>;
  /** What the emulator was asked, as `METHOD /path` without the query (its control routes left out). */
  routes(): string[];
  /** The requests that are not reads, as `METHOD /path`. */
  writes(): string[];
}

export function useFlow(options: EmulatorOptions = {}, defaults: FlowDefaults = {}): FlowWorld {
  const clock = new VirtualClock(Date.UTC(2026, 10, 1));
  let emulator: RunningEmulator | undefined;
  let steered: SteeredClient | undefined;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, clock, ...options });
    steered = steeredClient(emulator.url, clock);
  });
  afterAll(async () => {
    await steered?.close();
    await emulator?.close();
    removeWorkspaces();
  });
  beforeEach(() => {
    emulator!.reset();
    steered!.reset();
  });
  const routes = () =>
    emulator!
      .requests()
      .filter((r) => !r.path.startsWith('/__'))
      .map((r) => `${r.method} ${r.path.split('?')[0]}`);
  return {
    get emulator() {
      return emulator!;
    },
    get steered() {
      return steered!;
    },
    clock,
    routes,
    writes: () => routes().filter((r) => !r.startsWith('GET ')),
    async run(values = {}, over = {}) {
      const { files = defaults.files ?? null, workspace, ...ctx } = over;
      const inputs = inputsOf(
        { ...emulatorAccess(emulator!.url), account: 'demo', ...defaults.inputs?.(emulator!), ...values },
        workspace ?? (files ? makeWorkspace(files) : '/'),
      );
      // An override given as undefined (a signal the test did not make) leaves the default.
      const given = Object.fromEntries(Object.entries(ctx).filter(([, v]) => v !== undefined));
      const t = testContext({ inputs, client: steered!.client, clock, ...given });
      const report = await runFlow(t.ctx);
      const lines = t.log.lines;
      return {
        ...t,
        report,
        out: t.outputs.values(),
        lines,
        warnings: lines.filter((l) => l.startsWith('warning: ')),
        firstLine: report.error?.split('\n')[0],
        details: Object.fromEntries([...t.ctx.record.details.values()].flat()),
      };
    },
  };
}
