/**
 * What the action says to the runner: log lines, annotations, groups, masks, outputs, the job
 * summary, the exit code, in the formats GitHub documents for workflow commands and
 * environment files (docs/interface.md, "Talking to the runner").
 *
 * The action does not load @actions/core for this: on load it imports its HTTP client, for OIDC
 * tokens the action never asks for, and that imports the whole of undici, fetch and WebSocket
 * included; the run's own requests need only undici's agents. Measured with
 * `npm run bench -- start` (see docs/start.md).
 */
import { randomUUID } from 'node:crypto';
import { accessSync, appendFileSync, constants, existsSync } from 'node:fs';
import { EOL } from 'node:os';
import type { Logger } from './log.js';

/** Command data: a message cannot end the command early or start a new line. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** One `::command::data` line. */
export function commandLine(command: string, data: string): string {
  return `::${command}::${escapeData(data)}`;
}

/**
 * One `name<<delimiter` block of an environment file (GITHUB_OUTPUT). The delimiter is random,
 * and checked: a value that held it would end the block early and could set outputs of its own.
 */
export function keyValueBlock(name: string, value: string, delimiter = `ghadelimiter_${randomUUID()}`): string {
  if (name.includes(delimiter) || value.includes(delimiter)) {
    throw new Error(`output "${name}": its name or value holds the delimiter ${delimiter}; not written`);
  }
  return `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}`;
}

/** Where the lines and files go: the process's own by default, a test's in tests. */
export interface RunnerIo {
  write: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  setExitCode: (code: number) => void;
}

const processIo: RunnerIo = {
  write: (text) => void process.stdout.write(text),
  env: process.env,
  setExitCode: (code) => void (process.exitCode = code),
};

/** The log lines of a Logger, written as they are given (main.ts redacts them first), and the rest. */
export interface WorkflowCommands extends Logger {
  /** The runner replaces `secret` by `***` in every log line after this one. */
  setSecret(secret: string): void;
  setOutput(name: string, value: string): void;
  /** Appends to the job summary; throws when GITHUB_STEP_SUMMARY is unset or not writable. */
  appendSummary(markdown: string): void;
  /** Logs `message` as an error and makes the process end with exit code 1. */
  setFailed(message: string): void;
}

export function workflowCommands(io: RunnerIo = processIo): WorkflowCommands {
  const line = (text: string) => io.write(text + EOL);
  const command = (name: string, data: string) => line(commandLine(name, data));
  const commands: WorkflowCommands = {
    info: (message) => line(message),
    notice: (message) => command('notice', message),
    warning: (message) => command('warning', message),
    error: (message) => command('error', message),
    debug: (message) => command('debug', message),
    async group(name, fn) {
      command('group', name);
      try {
        return await fn();
      } finally {
        line('::endgroup::');
      }
    },
    setSecret: (secret) => command('add-mask', secret),
    setOutput(name, value) {
      const file = io.env.GITHUB_OUTPUT;
      if (!file) {
        // Outside a runner (a local run): the outputs still show in the log, as plain lines.
        return line(`output ${name}: ${escapeData(value)}`);
      }
      if (!existsSync(file)) throw new Error(`GITHUB_OUTPUT names a file that does not exist: ${file}`);
      appendFileSync(file, keyValueBlock(name, value) + EOL);
    },
    appendSummary(markdown) {
      const file = io.env.GITHUB_STEP_SUMMARY;
      if (!file) throw new Error('GITHUB_STEP_SUMMARY is not set');
      try {
        accessSync(file, constants.R_OK | constants.W_OK);
      } catch {
        throw new Error(`the summary file ${file} cannot be written (missing, or not readable and writable)`);
      }
      appendFileSync(file, markdown + EOL);
    },
    setFailed(message) {
      io.setExitCode(1);
      commands.error(message);
    },
  };
  return commands;
}
