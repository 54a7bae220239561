/**
 * The inputs every step may read, and how an input is read. The whole of a run's inputs, with
 * each chosen step's own record, is `Inputs` in src/engine/run-inputs.ts: typed by the step
 * table, it lives above the steps.
 */

export interface Credentials {
  readonly userId: string;
  readonly password: string;
}

/**
 * What the run knows of where it runs (GITHUB_REPOSITORY, GITHUB_SHA, GITHUB_RUN_ID and the event
 * payload's repository), read by the door: a kept archive records it, and `keep-archive` is an
 * input error on a public repository. Each is null where the environment does not say.
 */
export interface RunFacts {
  readonly repository: string | null;
  readonly sha: string | null;
  readonly runId: string | null;
  /** True when the event's repository is public; null when the event does not say. */
  readonly publicRepository: boolean | null;
}

export const NO_RUN_FACTS: RunFacts = Object.freeze({
  repository: null,
  sha: null,
  runId: null,
  publicRepository: null,
});

/** Inputs more than one step reads; each step's `read` builds its own record from these and the rest. */
export interface SharedInputs {
  /** GITHUB_WORKSPACE: `path` and `exclude-from` are relative to it. */
  readonly workspace: string;
  /** null unless both were given. */
  readonly credentials: Credentials | null;
  /** Checked base URLs (no trailing slash), or null when not given. */
  readonly hostingUrl: string | null;
  readonly headlessUrl: string | null;
  /** account, app and environment as given ('' when empty); deploy and a webhook by parts share them. */
  readonly account: string;
  readonly app: string;
  readonly environment: string;
  readonly dryRun: boolean;
  /** Keep a comment on the pull request (deploy and delete). */
  readonly prComment: boolean;
  readonly githubToken: string | null;
  readonly run: RunFacts;
}

/** Reads one input by its action.yml name, as the runner passes it (main reads `INPUT_<NAME>`). */
export type InputGetter = (name: string) => string | undefined;
