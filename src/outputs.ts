/**
 * The only writer of the action's outputs. Each output is set the moment it is known, so a
 * later failure still leaves the workflow what happened before it (CONTRACT §1). What was set
 * is kept for the job summary and the closing log. A value holding a registered secret is
 * withheld: an output is written to GITHUB_OUTPUT in clear, where masking does not reach.
 */
import type { RunStatus } from './summary.js';

export const OUTPUT_NAMES = [
  'app',
  'environment-id',
  'app-created',
  'environment-created',
  'operation',
  'build',
  'deployment',
  'archive-bytes',
  'archive-files',
  'archive-sha256',
  'install-copy',
  'webhook-status',
  'status',
] as const;

export type OutputName = (typeof OUTPUT_NAMES)[number];

/** @actions/core's setOutput, or a test's recorder. */
export type SetOutput = (name: string, value: string) => void;

export interface Outputs {
  app(appId: string): void;
  environmentId(environmentId: string): void;
  appCreated(created: boolean): void;
  environmentCreated(created: boolean): void;
  operation(name: string): void;
  build(name: string): void;
  deployment(name: string): void;
  archiveBytes(bytes: number): void;
  archiveFiles(count: number): void;
  archiveSha256(hex: string): void;
  installCopy(state: 'accepted'): void;
  webhookStatus(httpStatus: number): void;
  status(status: RunStatus): void;
  /** Every output set so far, by name, as written. */
  values(): Readonly<Partial<Record<OutputName, string>>>;
  /** Outputs not written because their value held a secret. */
  withheld(): readonly OutputName[];
}

/**
 * `secrets` is read on every write, so secrets registered later (a Set main keeps adding to)
 * are honoured too.
 */
export function createOutputs(setOutput: SetOutput, secrets: Iterable<string>): Outputs {
  const values: Partial<Record<OutputName, string>> = {};
  const withheld = new Set<OutputName>();

  const set = (name: OutputName, value: string) => {
    for (const secret of secrets) {
      if (secret !== '' && value.includes(secret)) {
        // An earlier clean value, if any, stays: it is what the workflow sees.
        withheld.add(name);
        return;
      }
    }
    withheld.delete(name);
    if (values[name] === value) return;
    values[name] = value;
    setOutput(name, value);
  };

  return {
    app: (appId) => set('app', appId),
    environmentId: (environmentId) => set('environment-id', environmentId),
    appCreated: (created) => set('app-created', String(created)),
    environmentCreated: (created) => set('environment-created', String(created)),
    operation: (name) => set('operation', name),
    build: (name) => set('build', name),
    deployment: (name) => set('deployment', name),
    archiveBytes: (bytes) => set('archive-bytes', String(bytes)),
    archiveFiles: (count) => set('archive-files', String(count)),
    archiveSha256: (hex) => set('archive-sha256', hex),
    installCopy: (state) => set('install-copy', state),
    webhookStatus: (httpStatus) => set('webhook-status', String(httpStatus)),
    status: (status) => set('status', status),
    values: () => ({ ...values }),
    withheld: () => [...withheld],
  };
}
