/**
 * `headless-deploy --help`: every flag with its variable, its default and what it means, from the
 * table action.yml generates and the engine's defaults.
 */
import { ACTION_INPUT_DESCRIPTIONS, ACTION_INPUTS } from '../../inputs/action-metadata.js';
import { inputDefault as defaultOf } from '../../inputs/input-defaults.js';
import { BOOLEAN_INPUTS, envNameOf, LINE_INPUTS, PROGRAM_FLAGS, SECRET_INPUTS } from './flags.js';
import { GITHUB_ONLY_INPUTS } from './github-only.js';

/** The help fits a terminal of this many columns. */
export const HELP_WIDTH = 100;
const MEANING_INDENT = '      ';
const FLAG_COLUMN = 31;

/**
 * The first sentence of a description: up to a full stop that a capital letter follows, so
 * "e.g. .deployignore" or "without /v1." inside a clause does not end it early.
 */
export function firstSentence(text: string): string {
  const end = /[.!?](?=\s+[A-Z]|\s*$)/.exec(text);
  return (end ? text.slice(0, end.index + 1) : text).trim();
}

/** `text` in at most `width` characters: cut at a word, with `…` saying there is more. */
export function cutToWidth(text: string, width: number): string {
  if (text.length <= width) return text;
  const room = text.slice(0, width - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > width / 2 ? room.slice(0, space) : room).replace(/[\s,;:(]+$/, '')}…`;
}

/** Two lines an input: the flag and its variable, then what it means with its default and notes. */
function inputLines(name: string): string[] {
  const flag = BOOLEAN_INPUTS.includes(name) ? `--[no-]${name}` : `--${name} VALUE`;
  const notes = [
    defaultOf(name) !== '' ? `default ${JSON.stringify(defaultOf(name))}` : '',
    SECRET_INPUTS.includes(name) ? 'secret: prefer the variable' : '',
    LINE_INPUTS.includes(name) ? 'repeatable, a line each' : '',
    GITHUB_ONLY_INPUTS.includes(name) ? 'GitHub Actions only' : '',
  ].filter(Boolean);
  const tail = notes.length > 0 ? ` [${notes.join('; ')}]` : '';
  const meaning = cutToWidth(
    firstSentence(ACTION_INPUT_DESCRIPTIONS[name] ?? ''),
    HELP_WIDTH - MEANING_INDENT.length - tail.length,
  );
  return [`  ${flag.padEnd(FLAG_COLUMN)} ${envNameOf(name)}`, `${MEANING_INDENT}${meaning}${tail}`];
}

export function helpText(version: string): string {
  return [
    `headless-deploy ${version}: zip a directory, upload it to a headless app's environment,`,
    'wait for the build, run install copies and webhooks. The same engine as the GitHub Action;',
    'its inputs are flags here.',
    '',
    'Usage:',
    '  headless-deploy [flags]              run, as the action would with these inputs',
    '  headless-deploy emulator [flags]     start the API emulator (emulator --help for its flags)',
    '  headless-deploy plan --fleet FILE    plan a fleet: a matrix a target a job (plan --help)',
    '',
    'Every input is a flag and an environment variable; a flag wins. Secrets belong in variables.',
    '`path` is relative to the current directory. Each input says what it means in a sentence;',
    "action.yml in the package says the rest. A value starting with '-' is given as --name=VALUE.",
    '',
    'Inputs:',
    ...ACTION_INPUTS.flatMap(inputLines),
    '',
    'Program flags:',
    ...Object.entries(PROGRAM_FLAGS).map(
      ([name, f]) => `  ${(f.type === 'string' ? `--${name} FILE` : `--${name}`).padEnd(FLAG_COLUMN)} ${f.about}`,
    ),
    '',
    'Outputs go to stdout as name=value lines (with --json, one JSON object); the log goes to stderr.',
    'Exit codes: 0 success, started, skipped or planned; 1 failure; 2 input error (no request sent);',
    '3 timeout; 130 cancelled.',
    '',
  ].join('\n');
}
