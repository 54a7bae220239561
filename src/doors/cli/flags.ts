/**
 * The command line and the environment, turned into the action's inputs. Every input of
 * action.yml is a flag `--name VALUE` and a variable `HEADLESS_DEPLOY_NAME`; a flag wins. Node's
 * own `util.parseArgs` splits the words (no dependency, nothing to load at start); the rules
 * of this file are what it cannot know: booleans that also take `true`/`false`, `--no-name`,
 * inputs that take lines, and a did-you-mean for a flag that does not exist.
 */
import { parseArgs } from 'node:util';
import { ACTION_INPUTS, ACTION_LINE_INPUTS } from '../../inputs/action-metadata.js';
import { inputDefault } from '../../inputs/input-defaults.js';
import { secretValues } from '../../inputs/secrets.js';
import { didYouMean } from '../../util/did-you-mean.js';

export const ENV_PREFIX = 'HEADLESS_DEPLOY_';

const INPUT_NAMES: readonly string[] = ACTION_INPUTS;

/** `api-password` → `HEADLESS_DEPLOY_API_PASSWORD`. */
export const envNameOf = (input: string): string => ENV_PREFIX + input.toUpperCase().replace(/-/g, '_');

/** The inputs whose default is a boolean: `--name` alone means true, `--no-name` false. */
export const BOOLEAN_INPUTS: readonly string[] = ACTION_INPUTS.filter((name) =>
  ['true', 'false'].includes(inputDefault(name)),
);

/**
 * Inputs that take one item a line: the flag may be repeated, a line per flag. Generated from
 * action.yml (the inputs whose description says they take lines), so an input that starts taking
 * lines there is repeatable here without a second list to keep.
 */
export const LINE_INPUTS: readonly string[] = ACTION_LINE_INPUTS;

/**
 * Secrets: other users of the machine can read a process's flags (`ps`), not its environment.
 * An input is one when its value is masked: `secretValues` is the one list of them, asked here
 * with a stand-in value for each input alone, so a secret input added there is warned about here
 * without a second list to forget.
 */
export const SECRET_INPUTS: readonly string[] = ACTION_INPUTS.filter(
  (name) => secretValues((asked) => (asked === name ? 'stand-in' : undefined)).length > 0,
);

/** Flags of the program itself, not inputs of the action. */
export const PROGRAM_FLAGS = {
  json: { type: 'boolean', about: 'print the outcome as one JSON object on stdout' },
  summary: { type: 'string', about: 'write the Markdown summary to FILE' },
  verbose: { type: 'boolean', about: 'show debug lines too' },
  help: { type: 'boolean', about: 'show this help' },
  version: { type: 'boolean', about: 'print the version' },
} as const satisfies Record<string, { type: 'boolean' | 'string'; about: string }>;
type ProgramFlag = keyof typeof PROGRAM_FLAGS;

export interface CommandLine {
  /** Input name → value, from flags and the environment (flags win); inputs not given are absent. */
  readonly inputs: Readonly<Record<string, string>>;
  /** Inputs given as flags (secrets among them get a warning). */
  readonly byFlag: ReadonlySet<string>;
  readonly json: boolean;
  readonly summary: string | undefined;
  readonly verbose: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** Input errors: nothing may run. */
  readonly problems: readonly string[];
  readonly warnings: readonly string[];
}

const BOOLEAN_WORD = /^(true|false)$/i;
const isBooleanFlag = (name: string) =>
  BOOLEAN_INPUTS.includes(name) || PROGRAM_FLAGS[name as ProgramFlag]?.type === 'boolean';
const ALL_FLAGS = [...ACTION_INPUTS, ...Object.keys(PROGRAM_FLAGS)];

export function parseCommandLine(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CommandLine {
  const problems: string[] = [];
  const warnings: string[] = [];
  const flags = new Map<string, string>();
  const tokenize = (args: readonly string[]) =>
    parseArgs({
      args: [...args],
      options: Object.fromEntries(
        ALL_FLAGS.map((name) => [name, { type: isBooleanFlag(name) ? 'boolean' : 'string' }]),
      ),
      strict: false,
      allowPositionals: true,
      tokens: true,
    }).tokens;
  let tokens = tokenize(argv);

  const set = (name: string, value: string, raw: string) => {
    const before = flags.get(name);
    if (before === undefined) flags.set(name, value);
    else if (LINE_INPUTS.includes(name)) flags.set(name, `${before}\n${value}`);
    else if (before !== value) problems.push(`flag ${raw} is given twice, with different values: give it once`);
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      const before = tokens[i - 1];
      // `--wait flase`: the word was meant for the boolean before it.
      const meant = before?.kind === 'option' && before.value === undefined && isBooleanFlag(before.name);
      problems.push(
        meant
          ? `flag ${before.rawName} takes true or false, got "${token.value}": ${before.rawName}, --no-${before.name} or ${before.rawName}=false`
          : `unexpected argument "${token.value}": inputs are flags (--name VALUE); see --help`,
      );
      continue;
    }
    const { name, rawName } = token;
    const negated = name.startsWith('no-') && isBooleanFlag(name.slice(3)) ? name.slice(3) : null;
    if (negated) {
      if (token.value !== undefined) problems.push(`flag ${rawName} takes no value`);
      else set(negated, 'false', rawName);
      continue;
    }
    if (!ALL_FLAGS.includes(name)) {
      const near = didYouMean(name, ALL_FLAGS);
      problems.push(`unknown flag ${rawName}${near ? `: did you mean --${near}?` : ''} (--help lists every flag)`);
      // Its value, if any, is not an argument of its own.
      if (token.value === undefined && tokens[i + 1]?.kind === 'positional') i++;
      continue;
    }
    if (isBooleanFlag(name)) {
      // `--wait false` as well as `--wait=false`: the next word is taken when it is a boolean.
      const next = tokens[i + 1];
      if (token.value === undefined && next?.kind === 'positional' && BOOLEAN_WORD.test(next.value)) {
        set(name, next.value.toLowerCase(), rawName);
        i++;
      } else set(name, token.value ?? 'true', rawName);
      continue;
    }
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
      problems.push(
        `flag ${rawName} needs a value: ${rawName} VALUE, or ${rawName}=VALUE for a value starting with "-"`,
      );
      // The word it took is the next flag: read on from there.
      if (token.value !== undefined)
        tokens = [
          ...tokens.slice(0, i + 1),
          ...tokenize(argv.slice(token.index + 1)).map((t) => ({ ...t, index: t.index + token.index + 1 })),
        ];
      continue;
    }
    set(name, token.value, rawName);
  }

  const inputs: Record<string, string> = {};
  for (const name of ACTION_INPUTS) {
    const value = flags.get(name) ?? env[envNameOf(name)];
    if (value !== undefined) inputs[name] = value;
  }
  for (const key of Object.keys(env)) {
    if (!key.startsWith(ENV_PREFIX) || ACTION_INPUTS.some((name) => envNameOf(name) === key)) continue;
    const near = didYouMean(key.slice(ENV_PREFIX.length).toLowerCase().replace(/_/g, '-'), ACTION_INPUTS);
    if (near) warnings.push(`${key} is not an input and is ignored: did you mean ${envNameOf(near)}?`);
  }
  const byFlag = new Set(INPUT_NAMES.filter((name) => flags.has(name)));
  for (const name of SECRET_INPUTS) {
    if (byFlag.has(name)) {
      warnings.push(
        `--${name} was given as a flag: other users of this machine can see flags in the process list; set ${envNameOf(name)} instead`,
      );
    }
  }
  const flag = (name: ProgramFlag) => flags.get(name);
  return {
    inputs,
    byFlag,
    json: flag('json') === 'true',
    summary: flag('summary'),
    verbose: flag('verbose') === 'true',
    help: flag('help') === 'true',
    version: flag('version') === 'true',
    problems,
    warnings,
  };
}
