/**
 * The action's front door: inputs from the runner's `INPUT_*` variables, results through
 * @actions/core (workflow-commands.ts): workflow commands, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
 * exit code 1 by setFailed. Only the action's bundle holds it; the program has its own door.
 */
import type { FrontDoor, InputsRead } from '../../engine/front-door.js';
import { getInput, readRunInputs } from './from-env.js';
import { processCancellation } from '../../util/cancellation.js';
import { escapeControl, neutralizeCommands } from '../../util/log-guard.js';
import { workflowCommands } from './workflow-commands.js';

export function actionDoor(read: InputsRead = readRunInputs()): FrontDoor {
  const runner = workflowCommands();
  return {
    getInput,
    read,
    env: process.env,
    registerSecret: (secret) => runner.setSecret(secret),
    logger: (redact) => {
      // Redacted first (a secret is matched as given), then escaped: core escapes %, CR and LF
      // in command data, never ESC, and writes a plain line as it is.
      const clean = (m: string) => escapeControl(redact(m));
      return {
        info: (m) => runner.info(neutralizeCommands(clean(m))),
        notice: (m) => runner.notice(clean(m)),
        warning: (m) => runner.warning(clean(m)),
        error: (m) => runner.error(clean(m)),
        debug: (m) => runner.debug(clean(m)),
        group: (name, fn) => runner.group(clean(name), fn),
      };
    },
    setOutput: (name, value) => runner.setOutput(name, value),
    ...(process.env.GITHUB_STEP_SUMMARY ? { writeSummary: (markdown: string) => runner.appendSummary(markdown) } : {}),
    cancellation: (log) => processCancellation(log),
    end: ({ error }) => {
      // Redacted by the engine already; it may quote a server's message.
      if (error !== undefined) runner.setFailed(escapeControl(error));
    },
  };
}
