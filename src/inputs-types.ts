/**
 * The shape of validated inputs. Each step's record holds everything that step needs, non-null,
 * so a step never re-checks an input; the top-level fields serve the wiring in main.
 */
import type { Region, ShellVariable, WebhookAction } from './api/types.js';

export interface Credentials {
  readonly userId: string;
  readonly password: string;
}

export interface DeployInputs {
  readonly account: string;
  readonly app: string;
  /** Environment id or display name, as given. */
  readonly environment: string;
  readonly headlessUrl: string;
  readonly region: Region;
  readonly createMissing: boolean;
  readonly cmsEnvironment: string | null;
  /** null when `env-vars` was not given (leave the environment's variables alone). */
  readonly shellVariables: readonly ShellVariable[] | null;
  /** Relative to the workspace, `/`-separated, for messages: `.` or `web/dist`. */
  readonly path: string;
  readonly absolutePath: string;
  /** Patterns added to the defaults `.git/` and `node_modules/`. */
  readonly exclude: readonly string[];
  /** Absolute path of the `exclude-from` file, or null. */
  readonly excludeFrom: string | null;
  readonly compressionLevel: number;
  readonly wait: boolean;
  readonly timeoutMs: number;
}

export interface CopyInputs {
  readonly hostingUrl: string;
  /** Install name or uuid, as given; resolved to a uuid by the step. */
  readonly from: string;
  readonly to: string;
  readonly includeFiles: boolean;
  readonly includeDatabase: boolean;
  /** Empty means every table. */
  readonly dbTables: readonly string[];
  readonly notificationEmails: readonly string[];
}

/** The `webhook` input's names, as users write them. */
export type WebhookName = 'rebuild' | 'clean-rebuild' | 'purge-cache';

export type WebhookInputs =
  | {
      readonly by: 'parts';
      readonly name: WebhookName;
      readonly action: WebhookAction;
      readonly account: string;
      readonly app: string;
      /** Environment id or display name, as given. */
      readonly environment: string;
      readonly headlessUrl: string;
      readonly token: string;
    }
  | {
      readonly by: 'url';
      readonly name: WebhookName;
      readonly action: WebhookAction;
      /** The whole trigger URL, used as it is. A secret. */
      readonly url: string;
      readonly token: string;
      /** Read from the URL's path when it has the usual shape, for messages. */
      readonly account: string | null;
      readonly app: string | null;
      readonly environment: string | null;
    };

export interface Inputs {
  /** Non-null whenever `deploy` or `copy` is. */
  readonly credentials: Credentials | null;
  readonly hostingUrl: string | null;
  readonly headlessUrl: string | null;
  readonly account: string | null;
  readonly deploy: DeployInputs | null;
  readonly copy: CopyInputs | null;
  readonly webhook: WebhookInputs | null;
  readonly dryRun: boolean;
  readonly githubToken: string | null;
  /** True only when a deploy runs too. */
  readonly githubDeployment: boolean;
  /** Inputs given for steps that will not run; worth logging as warnings. */
  readonly warnings: readonly string[];
}

/** Reads one input by its action.yml name, as the runner passes it (main reads `INPUT_<NAME>`). */
export type InputGetter = (name: string) => string | undefined;
