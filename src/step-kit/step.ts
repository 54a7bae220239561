/**
 * What a step is: one row of the step table (src/engine/step-table.ts). A row says when the step
 * runs, which inputs it needs and owns, how it reads them, how it describes itself in the plan,
 * what it outputs, and how it runs. The input rules, the plan and the flow all read the table,
 * so a new step is its own folder, one row, action.yml and tests.
 */
import type { Client } from '../api/client.js';
import type { Transport } from '../api/transport.js';
import type { GithubServices } from '../github/services.js';
import type { InputReader } from '../inputs/input-reader.js';
import type { SharedInputs } from '../inputs/types.js';
import type { OutputName, Outputs } from '../report/outputs.js';
import type { Clock } from '../util/clock.js';
import type { Logger } from '../util/log.js';
import type { Redactor } from '../util/redact.js';
import type { RunRecord } from './run-record.js';

/**
 * What every step is given: the flow's dependencies, all injectable. Of the inputs, a step sees
 * the shared ones here and its own record as an argument: the run's whole `Inputs` are typed by
 * the step table, which imports the steps (the flow's context, `FlowContext`, holds them).
 */
export interface StepContext {
  inputs: SharedInputs;
  client: Client;
  log: Logger;
  outputs: Outputs;
  clock: Clock;
  signal: AbortSignal;
  record: RunRecord;
  /** Where the zip is written (RUNNER_TEMP); the deploy step removes it when done. */
  tempDir: string;
  /** Removes every secret of the inputs from a string (a second line of defence behind masking). */
  redact: Redactor;
  /** SOURCE_DATE_EPOCH, when the workflow sets one: stamped on every zip entry. */
  sourceDateEpoch?: number;
  /** The action's HTTP transport (its proxy decision and connections), for requests outside the APIs: the health check. */
  transport?: Transport;
  /** GitHub API services (deployments), present when a token and a repository are. */
  github?: GithubServices;
}

/** What a step hands to the steps after it. */
export interface Carry {
  /** The environment the deploy step deployed to, so a webhook on it needs no lookup. */
  readonly deployed?: {
    readonly account: string;
    readonly app: string;
    /** The `environment` input as given (id or display name). */
    readonly environment: string;
    readonly environmentId: string;
  };
}

export interface StepDefinition<Name extends string, StepInputs> {
  readonly name: Name;
  /** `deploying`: what the step is doing when it fails before saying more. */
  readonly doing: string;
  /** How to turn the step on, for the "nothing would run" message: `set "app" to deploy`. */
  readonly howToRun: string;
  /** When true, asking for this step together with any other is an input error. */
  readonly exclusive?: boolean;
  /** Inputs only this step uses: given while it does not run, each is worth a warning. */
  readonly owns: readonly string[];
  /** Outputs this step sets (a test keeps these and action.yml in step). */
  readonly outputs: readonly OutputName[];
  /** Whether the inputs ask for this step. Pure; problems go to the reader. */
  selected(input: InputReader): boolean;
  /** Why the step is off, when no step runs: `input "app" is empty`. */
  offBecause?(input: InputReader): string;
  /** The inputs that must not be empty when the step runs; `by` names an option that needs it instead of the step. */
  needs(input: InputReader): readonly (string | { readonly input: string; readonly by: string })[];
  /**
   * Reads and checks the step's own inputs; problems go to the reader. Called for every step, so
   * a malformed value is reported even for a step that does not run; rules between inputs apply
   * only when `selected`. The record is used only when there were no problems at all.
   */
  read(input: InputReader, shared: SharedInputs, selected: boolean): StepInputs;
  /**
   * One line for the plan and the summary. Never a secret. The summary's line is made again
   * once the step has run, with what it `learned` (the values in force), so that it shows what
   * the platform holds rather than what the inputs asked for.
   */
  describe(stepInputs: StepInputs, learned?: Learned): string;
  /** Does the work; returns what later steps need. */
  run(ctx: StepContext, stepInputs: StepInputs, carry: Carry): Promise<Carry>;
}

/** What a step found out that changes its plan line: the values in force on the platform. */
export interface Learned {
  /** The region of an app that already existed, as the service gave it. */
  readonly regionInForce: string | null;
}

/** A row of the table with its inputs' type erased, so rows of different steps fit one array. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStep = StepDefinition<string, any>;

/** What a look-up may use of a step: the client, the signal, the inputs; nothing to report with. */
export type LookupContext = Pick<StepContext, 'client' | 'signal' | 'inputs'>;
