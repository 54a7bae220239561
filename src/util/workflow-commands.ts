/**
 * What the action says to the runner: log lines, annotations, groups, masks, outputs, the job
 * summary, the exit code, all through @actions/core, so the tools that stand in for the runner
 * (`@github/local-action`, which replaces @actions/core with its own recorder) see what the
 * action does. This layer adds what the toolkit leaves to its callers: errors that name the
 * output or file they are about. Secrets are redacted before anything gets here (action-door.ts,
 * main.ts); plain log lines are neutralized there too (util/log-guard.ts): core.info writes them
 * as they are, while annotation, debug and group text travel as command data, which core
 * escapes.
 *
 * `#actions-core` is @actions/core itself for node, tsx (so local-action) and vitest. In the bundle
 * it is util/actions-core-parts.ts (package.json "imports", condition `production`): core's own
 * writers without core.js, which imports its OIDC client, an HTTP client and all of undici at its
 * top, and which webpack cannot leave out (no `sideEffects: false`; core's exports map opens no
 * file but core.js). Measured with `npm run bench -- start --baseline`: core.js loaded whole
 * cost 30-40 ms of CPU before the first request on Node 24 (40-60 on Node 20) on a busy 2-core
 * machine; its writers alone cost next to nothing (docs/start.md has the figures).
 */
import * as core from '#actions-core';
import type { Logger } from './log.js';

export interface WorkflowCommands extends Logger {
  /** The runner replaces `secret` by `***` in every log line after this one. */
  setSecret(secret: string): void;
  /**
   * Appends `name<<delimiter` to GITHUB_OUTPUT (core's random delimiter; a value holding it is
   * refused). Throws, naming the output, when the file is missing; without GITHUB_OUTPUT (a run
   * outside a runner) core prints it as a `::set-output` line.
   */
  setOutput(name: string, value: string): void;
  /** Appends to the job summary; rejects when GITHUB_STEP_SUMMARY is unset or not writable. */
  appendSummary(markdown: string): Promise<void>;
  /** Logs `message` as an error and makes the process end with exit code 1. */
  setFailed(message: string): void;
}

export function workflowCommands(): WorkflowCommands {
  return {
    info: (message) => core.info(message),
    notice: (message) => core.notice(message),
    warning: (message) => core.warning(message),
    error: (message) => core.error(message),
    debug: (message) => core.debug(message),
    group: (name, fn) => core.group(name, fn),
    setSecret: (secret) => core.setSecret(secret),
    setOutput(name, value) {
      try {
        core.setOutput(name, value);
      } catch (err) {
        throw new Error(`output "${name}" not written to GITHUB_OUTPUT: ${(err as Error).message}`);
      }
    },
    async appendSummary(markdown) {
      try {
        await core.summary.addRaw(markdown, true).write();
      } catch (err: unknown) {
        // The text stays in core's buffer when the write fails; a later summary must not carry it.
        core.summary.emptyBuffer();
        throw err;
      }
    },
    setFailed: (message) => core.setFailed(message),
  };
}
