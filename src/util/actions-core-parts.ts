/**
 * The part of @actions/core the action uses, for the bundle only: package.json maps
 * `#actions-core` here under the condition `production`, which ncc resolves with and node, tsx
 * (so @github/local-action) and vitest do not; they get `@actions/core` itself. Why: core.js
 * imports its OIDC client at its top, and with it an HTTP client and all of undici, which webpack
 * must keep (docs/start.md). This file takes core's own writers (lib/command.js,
 * lib/file-command.js, lib/utils.js, lib/summary.js), which core's exports map does not open, by
 * their paths, and repeats core.js's few lines around them; test/unit/actions-core-parts.test.ts
 * holds every function to what core.js writes for the same call.
 */
import { EOL } from 'node:os';
import { issue, issueCommand } from '../../node_modules/@actions/core/lib/command.js';
import { issueFileCommand, prepareKeyValueMessage } from '../../node_modules/@actions/core/lib/file-command.js';
import { toCommandValue } from '../../node_modules/@actions/core/lib/utils.js';

export { summary } from '../../node_modules/@actions/core/lib/summary.js';

const text = (message: string | Error) => (message instanceof Error ? message.toString() : message);

export function info(message: string): void {
  process.stdout.write(message + EOL);
}

export function debug(message: string): void {
  issueCommand('debug', {}, message);
}

// Annotations without properties (a file, lines, a title): the action gives none.
export function notice(message: string | Error): void {
  issueCommand('notice', {}, text(message));
}

export function warning(message: string | Error): void {
  issueCommand('warning', {}, text(message));
}

export function error(message: string | Error): void {
  issueCommand('error', {}, text(message));
}

export async function group<T>(name: string, fn: () => Promise<T>): Promise<T> {
  issue('group', name);
  try {
    return await fn();
  } finally {
    issue('endgroup');
  }
}

export function setSecret(secret: string): void {
  issueCommand('add-mask', {}, secret);
}

export function setOutput(name: string, value: unknown): void {
  if (process.env['GITHUB_OUTPUT']) return issueFileCommand('OUTPUT', prepareKeyValueMessage(name, value));
  process.stdout.write(EOL);
  issueCommand('set-output', { name }, toCommandValue(value));
}

export function setFailed(message: string | Error): void {
  process.exitCode = 1;
  error(message);
}
