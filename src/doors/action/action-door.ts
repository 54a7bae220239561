/**
 * The action's front door: inputs from the runner's `INPUT_*` variables, results through
 * @actions/core (workflow-commands.ts): workflow commands, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
 * exit code 1 by setFailed. Only the action's bundle holds it; the program has its own door.
 */
import type { FrontDoor, InputsRead } from '../../engine/front-door.js';
import { getInput, readRunInputs } from './from-env.js';
import { processCancellation } from '../../util/cancellation.js';
import { neutralizeCommands } from '../../util/log-guard.js';
import { workflowCommands } from './workflow-commands.js';

export function actionDoor(read: InputsRead = readRunInputs()): FrontDoor {
  const runner = workflowCommands();
  return {
    getInput,
    read,
    env: process.env,
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
