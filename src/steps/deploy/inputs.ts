/** The deploy step's own inputs, checked: what its row reads and its work uses. */
import type { Region, ShellVariable } from '../../api/types.js';
import type { UrlTemplate } from '../../release/environment-url.js';
import type { HealthInputs } from '../../release/health/inputs.js';
import type { KeepInputs } from '../../release/keep/keep-archive.js';
import type { EnvVarsMode } from './shell-variables.js';
import type { UploadMode } from '../../release/upload-mode.js';
import type { WhenBusy } from './when-busy.js';

export interface DeployInputs {
  readonly account: string;
  readonly app: string;
  /** Environment id or display name, as given. */
  readonly environment: string;
  readonly headlessUrl: string;
  readonly region: Region;
  /** True when `region` was set on purpose (not left at its default): worth a warning when not in force. */
  readonly regionGiven: boolean;
  readonly createMissing: boolean;
  readonly cmsEnvironment: string | null;
  /** null when `env-vars` was not given (leave the environment's variables alone). */
  readonly shellVariables: readonly ShellVariable[] | null;
  /** merge: the keys given are set, every other variable kept; replace: the list becomes the whole set. */
  readonly envVarsMode: EnvVarsMode;
  /** Relative to the workspace, `/`-separated, for messages: `.` or `web/dist`. */
  readonly path: string;
  readonly absolutePath: string;
  /** Patterns added to the defaults `.git/`, `node_modules/` and `.env*.local`. */
  readonly exclude: readonly string[];
  /** Absolute path of the `exclude-from` file, or null. */
  readonly excludeFrom: string | null;
  /** Also leave out what the workspace's `.gitignore` files ignore. */
  readonly respectGitignore: boolean;
  /** Globs (gitignore syntax) of files meant to be uploaded although they look like secrets. */
  readonly allowFiles: readonly string[];
  /** `max-archive-size` in bytes: more in the files to zip is an error before anything is created; null: no limit. */
  readonly maxArchiveBytes: number | null;
  readonly compressionLevel: number;
  /** How the zip is sent: while it is written (auto, stream) or once finished (file); see upload-mode.ts. */
  readonly uploadMode: UploadMode;
  readonly wait: boolean;
  readonly timeoutMs: number;
  /** `when-busy`: what to do when the environment's latest operation is not done. */
  readonly whenBusy: WhenBusy;
  /** Record a GitHub Deployment for this deploy. */
  readonly githubDeployment: boolean;
  /** `skip-unchanged`: skip when the newest GitHub Deployment of the environment holds this tree. */
  readonly skipUnchanged: boolean;
  /** `skip-if-digest`: skip when the content digest equals this one; null when not given. */
  readonly skipIfDigest: string | null;
  /** The environment's public URL, to fill in once the environment is known; null when not given. */
  readonly environmentUrl: UrlTemplate | null;
  /** The health gate after the build (health/); null when `health-url` is empty. */
  readonly health: HealthInputs | null;
  /** `keep-archive`: keep the zip as a workflow artifact after a deploy that worked; null when false. */
  readonly keep: KeepInputs | null;
  /** `rollback-on-failure`: upload again the newest archive kept by an earlier run when the build or health fails. */
  readonly rollbackOnFailure: boolean;
  /** `archive-key`: what kept archives are signed and checked with; null for the deploy credentials. */
  readonly archiveKey: string | null;
}
