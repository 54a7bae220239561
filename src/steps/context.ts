/** What every step is given: the flow's dependencies, all injectable. */
import type { Client } from '../api/client.js';
import type { Inputs } from '../inputs.js';
import type { Logger } from '../log.js';
import type { Outputs } from '../outputs.js';
import type { Clock } from '../util/clock.js';
import type { Redactor } from '../util/redact.js';
import type { Journal } from './journal.js';

export interface StepContext {
  inputs: Inputs;
  client: Client;
  log: Logger;
  outputs: Outputs;
  clock: Clock;
  signal: AbortSignal;
  journal: Journal;
  /** Where the zip is written (RUNNER_TEMP); the deploy step removes it when done. */
  tempDir: string;
  /** Removes every secret of the inputs from a string (a second line of defence behind masking). */
  redact: Redactor;
  /** SOURCE_DATE_EPOCH, when the workflow sets one: stamped on every zip entry. */
  sourceDateEpoch?: number;
}

/** Records a GitHub Deployment for the deploy step, when `github-deployment: true`. */
export type StartDeployment = (environment: string) => Promise<import('./github-deployment.js').DeploymentRecorder>;
