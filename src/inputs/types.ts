/**
 * The inputs every step may read, and how an input is read. Nothing here knows the step table:
 * the steps import these types, and the table imports the steps, so a type from the table here
 * would close a circle (test/unit/import-circles.test.ts). The whole of a run's inputs, with
 * each chosen step's own record, is `Inputs` in run-inputs.ts.
 */

export interface Credentials {
  readonly userId: string;
  readonly password: string;
}

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
}

/** Reads one input by its action.yml name, as the runner passes it (main reads `INPUT_<NAME>`). */
export type InputGetter = (name: string) => string | undefined;
