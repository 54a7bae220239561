/** `headless-deploy --help`: every flag with its default, from the table action.yml generates. */
import { ACTION_INPUT_DEFAULTS, ACTION_INPUTS } from '../../inputs/action-metadata.js';
import { BOOLEAN_INPUTS, envNameOf, LINE_INPUTS, PROGRAM_FLAGS, SECRET_INPUTS } from './flags.js';
import { GITHUB_ONLY_INPUTS } from './github-only.js';

/** A default the runner evaluates (`${{ github.token }}`) is none outside it. */
const defaultOf = (name: string) => {
  const value = ACTION_INPUT_DEFAULTS[name] ?? '';
  return value.startsWith('${{') ? '' : value;
};

function inputLine(name: string): string {
  const flag = BOOLEAN_INPUTS.includes(name) ? `--[no-]${name}` : `--${name} VALUE`;
  const notes = [
    defaultOf(name) !== '' ? `default ${JSON.stringify(defaultOf(name))}` : '',
    SECRET_INPUTS.includes(name) ? 'secret: prefer the variable' : '',
    LINE_INPUTS.includes(name) ? 'repeatable, a line each' : '',
    GITHUB_ONLY_INPUTS.includes(name) ? 'GitHub Actions only' : '',
  ].filter(Boolean);
  return `  ${flag.padEnd(30)} ${envNameOf(name).padEnd(42)} ${notes.join('; ')}`.trimEnd();
}

export function helpText(version: string): string {
  return [
    `headless-deploy ${version}: zip a directory, upload it to a headless app's environment, wait for the build,`,
    'run install copies and webhooks. The same engine as the GitHub Action; its inputs are flags here.',
    '',
    'Usage:',
    '  headless-deploy [flags]              run, as the action would with these inputs',
    '  headless-deploy emulator [flags]     start the API emulator (emulator --help for its flags)',
    '',
    'Every input is a flag and an environment variable; a flag wins. Secrets belong in variables.',
    '`path` is relative to the current directory.',
    '',
    'Inputs:',
    ...ACTION_INPUTS.map(inputLine),
    '',
    'Program flags:',
    ...Object.entries(PROGRAM_FLAGS).map(
      ([name, f]) => `  ${(f.type === 'string' ? `--${name} FILE` : `--${name}`).padEnd(30)} ${f.about}`,
    ),
    '',
    'Outputs go to stdout as name=value lines (with --json, one JSON object); the log goes to stderr.',
    'Exit codes: 0 success, started, skipped or planned; 1 failure; 2 input error (no request sent);',
    '3 timeout; 130 cancelled.',
    '',
  ].join('\n');
}
