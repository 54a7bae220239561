/**
 * What the action says to the runner: log lines, annotations, groups, masks, outputs, the job
 * summary, the exit code, all through @actions/core, so the tools that stand in for the runner
 * (`@github/local-action`, which replaces @actions/core with its own recorder) see what the
 * action does. This layer adds what the toolkit leaves to its callers: errors that name the
 * output or file they are about. Secrets are redacted before anything gets here (action-door.ts,
 * engine/run.ts), and control characters escaped there too (util/log-guard.ts), since core lets ESC
 * through everywhere; plain log lines are neutralized there as well: core.info writes them as they
 * are, while annotation, debug and group text travel as command data, whose %, CR and LF core
 * escapes.
 *
 * @actions/core is imported whole, as its package exports it: core.js brings its OIDC client,
 * an HTTP client and undici's index with it, which the bundle holds and every start loads
 * (docs/start.md says what that costs).
 */
import * as core from '@actions/core';
import type { Logger } from '../../util/log.js';

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
