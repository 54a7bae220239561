/**
 * The action's front door: inputs from the runner's `INPUT_*` variables, results through
 * @actions/core (util/workflow-commands.ts): workflow commands, GITHUB_OUTPUT,
 * GITHUB_STEP_SUMMARY, exit code 1 by setFailed. main.ts loads this file by import(), so
 * @actions/core is in no bundle but the action's, and only once the inputs are read.
 */
import type { FrontDoor } from './front-door.js';
import { getInput, readRunInputs, type InputsRead } from './inputs/from-env.js';
import { processCancellation } from './util/cancellation.js';
import { neutralizeCommands } from './util/log-guard.js';
import { workflowCommands } from './util/workflow-commands.js';

export function actionDoor(read: InputsRead = readRunInputs()): FrontDoor {
  const runner = workflowCommands();
  return {
    getInput,
    read,
    registerSecret: (secret) => runner.setSecret(secret),
    logger: (redact) => ({
      info: (m) => runner.info(neutralizeCommands(redact(m))),
      notice: (m) => runner.notice(redact(m)),
      warning: (m) => runner.warning(redact(m)),
      error: (m) => runner.error(redact(m)),
      debug: (m) => runner.debug(redact(m)),
      group: (name, fn) => runner.group(redact(name), fn),
    }),
    setOutput: (name, value) => runner.setOutput(name, value),
    ...(process.env.GITHUB_STEP_SUMMARY ? { writeSummary: (markdown: string) => runner.appendSummary(markdown) } : {}),
    cancellation: (log) => processCancellation(log),
    end: ({ error }) => {
      if (error !== undefined) runner.setFailed(error);
    },
  };
}
