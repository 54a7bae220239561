/**
 * The emulator action's inputs, checked before anything starts, and turned into the CLI's
 * arguments. Pure: the caller reads the inputs and the workspace path.
 */
import { isAbsolute, resolve } from 'node:path';
import { parseAnswerSet } from '../config/answers.js';
import { parseFaults } from '../config/options.js';

export interface EmulatorActionInputs {
  port: string;
  seed: string;
  faults: string;
  latency: string;
  buildSeconds: string;
  /** `contract` or `documented`; empty means contract. */
  answers: string;
}

function number(name: string, value: string, max: number, integer: boolean): string | null {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > max || (integer && !Number.isInteger(n))) {
    return `input "${name}" must be ${integer ? 'a whole number' : 'a number'} from 0 to ${max}, got "${value}"`;
  }
  return null;
}

/**
 * Returns the CLI arguments, or throws one error that names every bad input. A relative `seed`
 * is taken from `workspace`, as the paths of other actions are.
 */
export function emulatorArgs(inputs: EmulatorActionInputs, workspace: string): string[] {
  const errors = [
    number('port', inputs.port, 65535, true),
    number('latency', inputs.latency, 60_000, false),
    number('build-seconds', inputs.buildSeconds, 86_400, false),
  ].filter((e): e is string => e !== null);
  try {
    parseFaults(inputs.faults);
  } catch (e) {
    errors.push(`input "faults": ${(e as Error).message.replace(/^--faults: /, '')}`);
  }
  const answers = inputs.answers.trim() === '' ? 'contract' : inputs.answers.trim();
  try {
    parseAnswerSet(answers, 'input "answers"');
  } catch (e) {
    errors.push((e as Error).message);
  }
  if (errors.length > 0) throw new Error(`emulator action: ${errors.join('; ')}`);

  const args = ['--host', '127.0.0.1', '--port', inputs.port.trim()];
  if (inputs.seed.trim() !== '') {
    const seed = inputs.seed.trim();
    args.push('--seed', isAbsolute(seed) ? seed : resolve(workspace, seed));
  }
  if (inputs.faults.trim() !== '') args.push('--faults', inputs.faults.trim());
  args.push('--latency', inputs.latency.trim(), '--build-seconds', inputs.buildSeconds.trim());
  args.push('--answers', answers);
  return args;
}

/** The URL in the emulator's first stdout line, or null while it has not been written. */
export function listeningUrl(log: string): string | null {
  const m = /^emulator listening on (https?:\/\/[^\s]+)$/m.exec(log);
  return m ? m[1]! : null;
}
