/**
 * Checks a shell command as the documentation writes it, without running it: each command of a
 * line must be one this file knows how to check, and pass that check. What is checked:
 * - `npm run NAME [-- ARGS]`: NAME is a script of package.json; the emulator's flags are flags
 *   its `--help` lists; the benchmarks named exist; files given to `--mutate` or `--config` exist;
 * - `[npx [--yes]] headless-deploy[@VERSION] ARGS` (or `npx ./headless-deploy-VERSION.tgz ARGS`):
 *   the program's own parser (src/cli/flags.ts) reads ARGS with no problem;
 *   `headless-deploy emulator ARGS` as the emulator's flags (that VERSION is package.json's is
 *   test/cli/recipes.test.ts's check);
 * - `npx TOOL`: TOOL is a program a dependency installs (node_modules/.bin);
 * - `npm ci`, `npm test`, `npm pack`, `npm audit`, `npm version`, `npm install` of this package,
 *   `bash FILE` and `node FILE` (FILE exists); `npx @github/local-action` (not a dependency) with
 *   files that exist; `npm install-scripts approve|deny|prune` (npm's own);
 * - `export NAME=…` and `NAME=… command`: NAME is an input's variable or one of KNOWN_VARIABLES;
 * - `touch`/`cat` of scratch files under /tmp, and `env $(grep -v '^#' FILE) node …`: the
 *   .env.example recipe, which test/action/readme-commands.test.ts runs as written.
 * Anything else is reported as a command no rule checks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION_INPUTS } from '../../src/inputs/action-metadata.js';
import { envNameOf, parseCommandLine } from '../../src/doors/cli/flags.js';
import { parsePlanArgs } from '../../src/doors/cli/plan-command.js';
import { CLI_HELP } from '../../emulator/cli/help.js';
import { ROOT } from './doc-blocks.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  scripts: Record<string, string>;
  bin: Record<string, string>;
};

/** Flags of the emulator, as its `--help` lists them. */
export const EMULATOR_FLAGS: ReadonlySet<string> = new Set(
  [...CLI_HELP.matchAll(/^\s+(--[a-z][a-z-]*)/gm), ...CLI_HELP.matchAll(/ (--tls-key)\b/g)].map((m) => m[1]!),
);

/** The benchmarks `npm run bench -- NAME` runs: those bench/index.ts looks for. */
const BENCHES: ReadonlySet<string> = new Set(
  [...readFileSync(join(ROOT, 'bench/index.ts'), 'utf8').matchAll(/wanted\.includes\('(\w+)'\)/g)].map((m) => m[1]!),
);
/** Flags of the benchmarks that take a value (bench/index.ts, VALUED). */
const BENCH_VALUED = ['--runs', '--baseline', '--workers'];

/** Variables a command may set besides the inputs' own HEADLESS_DEPLOY_*, and what reads them. */
const KNOWN_VARIABLES: Record<string, string> = {
  MUTATION_TESTS: 'scripts/mutation.sh',
  HEADLESS_DEPLOY_NODE24: 'test/action (the Node 24 binary)',
};
const INPUT_VARIABLES = new Set(ACTION_INPUTS.map(envNameOf));

/** This package pinned (`headless-deploy@1.2.3`) or its packed tarball: the program itself. */
const isOurs = (spec: string) =>
  spec.startsWith(`${pkg.name}@`) || new RegExp(`^\\./${pkg.name}-[^/]+\\.tgz$`).test(spec);

/** Splits a line into words as sh would for these simple commands: quotes kept together. */
export function words(line: string): string[] {
  const found: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\$\([^)]*\)|[^\s"']+)+/g)) {
    found.push(m[0].replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1'));
  }
  return found;
}

/** A line with its comment, continuations and `<placeholders>` gone, split at `&&` and `;`. */
export function commandsOf(line: string): string[] {
  return line
    .replace(/\\\n/g, ' ')
    .replace(/(^|\s)#.*$/, '')
    .split(/&&|;/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

const isVariable = (w: string) => /^\$/.test(w) || /^"?\$/.test(w);
const exists = (file: string) => existsSync(join(ROOT, file));
const hasBin = (tool: string) => exists(join('node_modules', '.bin', tool)) || tool in pkg.bin;

function emulatorFlagProblems(args: readonly string[]): string[] {
  return args
    .map((a) => a.replace(/^\[+/, ''))
    .filter((a) => a.startsWith('--'))
    .map((a) => a.replace(/[=|\]].*$/, ''))
    .filter((flag) => !EMULATOR_FLAGS.has(flag))
    .map((flag) => `the emulator has no flag ${flag} (its --help lists every flag)`);
}

function scriptArgProblems(script: string, args: readonly string[]): string[] {
  if (script === 'emulator') return emulatorFlagProblems(args);
  if (script === 'bench') {
    return args
      .filter((a, i) => !a.startsWith('-') && !BENCH_VALUED.includes(args[i - 1] ?? ''))
      .filter((name) => !BENCHES.has(name))
      .map((name) => `there is no benchmark "${name}" (bench/index.ts)`);
  }
  if (script === 'mutation') {
    const i = args.indexOf('--mutate');
    const files = i >= 0 && !isVariable(args[i + 1] ?? '$') ? args[i + 1]!.split(',') : [];
    // A configuration file given first (the second set's) must exist too.
    const config = args[0] !== undefined && /\.m?js$/.test(args[0]) ? [args[0]] : [];
    return [...config, ...files]
      .filter((f) => !exists(f))
      .map((f) => `the mutation run names ${f}, which does not exist`);
  }
  return [];
}

function npmProblems(args: readonly string[]): string[] {
  const [sub, ...rest] = args;
  // npm's own commands, with nothing of this repository in them to check.
  if (sub === 'ci' || sub === 'test' || sub === 'pack' || sub === 'audit' || sub === 'version') return [];
  if (sub === 'install') {
    const targets = rest.filter((a) => !a.startsWith('-'));
    const ours = (t: string) => t === pkg.name || t === `./${pkg.name}-*.tgz` || isOurs(t);
    return targets.every(ours) && targets.length > 0 ? [] : [`npm install of something other than ${pkg.name}`];
  }
  if (sub === 'run') {
    const silent = rest[0] === '--silent' ? 1 : 0;
    const script = rest[silent];
    if (script === undefined) return ['npm run without a script'];
    if (!(script in pkg.scripts)) return [`npm run ${script}: package.json has no such script`];
    const dashes = rest.indexOf('--');
    return scriptArgProblems(script, dashes >= 0 ? rest.slice(dashes + 1) : rest.slice(silent + 1));
  }
  // npm's own decisions on dependencies' install scripts (allowScripts in package.json).
  if (sub === 'install-scripts') {
    return ['approve', 'deny', 'approve|deny', 'prune'].includes(rest[0] ?? '')
      ? []
      : [`npm install-scripts ${rest[0] ?? ''}: not one of npm's install-scripts commands`];
  }
  return [`npm ${sub ?? ''}: no rule checks this npm command`];
}

function npxProblems(args: readonly string[]): string[] {
  const rest = args[0] === '--yes' ? args.slice(1) : args;
  const [spec, ...toolArgs] = rest;
  const tool = spec !== undefined && isOurs(spec) ? pkg.name : spec;
  if (tool === 'headless-deploy') {
    if (toolArgs[0] === 'emulator') return emulatorFlagProblems(toolArgs.slice(1));
    if (toolArgs[0] === 'plan') return [...parsePlanArgs(toolArgs.slice(1), {}).problems];
    return [...parseCommandLine(toolArgs, {}).problems];
  }
  if (tool === 'headless-deploy-emulator') return emulatorFlagProblems(toolArgs);
  // Not a dependency (docs/emulator.md says so): what is checked is that the files it runs exist.
  if (tool === '@github/local-action') {
    const files = toolArgs.slice(1).filter((a) => a !== '.');
    return files.length > 0 && files.every(exists) ? [] : [`npx ${tool}: name the entry and the env file, which exist`];
  }
  if (tool === undefined || !hasBin(tool)) return [`npx ${tool ?? ''}: no dependency installs that program`];
  const config = toolArgs.indexOf('--config');
  if (config >= 0 && !exists(toolArgs[config + 1] ?? '')) return [`--config ${toolArgs[config + 1]} does not exist`];
  return [];
}

function variableProblems(assignments: readonly string[]): string[] {
  return assignments
    .map((a) => a.slice(0, a.indexOf('=')))
    .filter((name) => !INPUT_VARIABLES.has(name) && !(name in KNOWN_VARIABLES))
    .map((name) => `${name} is neither an input's variable (HEADLESS_DEPLOY_…) nor one the repository reads`);
}

/** What is wrong with one command (no `&&`), or nothing. */
export function commandProblems(command: string): string[] {
  const all = words(command.replace(/<[^<>]*>/g, 'PLACEHOLDER'));
  const assignments = all.filter(
    (w, i) => /^[A-Z_][A-Z0-9_]*=/.test(w) && all.slice(0, i).every((p) => p.includes('=')),
  );
  const [name, ...args] = all.slice(assignments.length);
  const problems = variableProblems(assignments);
  if (name === undefined) return problems;
  switch (name) {
    case 'export':
      return [...problems, ...variableProblems(args)];
    case 'npm':
      return [...problems, ...npmProblems(args)];
    case 'npx':
      return [...problems, ...npxProblems(args)];
    case 'headless-deploy':
      return [...problems, ...npxProblems([name, ...args])];
    case 'bash':
      return [...problems, ...(args[0] && exists(args[0]) ? [] : [`bash ${args[0] ?? ''}: no such file`])];
    case 'node': {
      // `node --import …` names a flag of Node's; a file, when given, must exist.
      const file = args.find((a) => !a.startsWith('-'));
      return [...problems, ...(file === undefined || exists(file) ? [] : [`node ${file}: no such file`])];
    }
    case 'touch':
    case 'cat':
      return [...problems, ...(args.every((a) => a.startsWith('/tmp/')) ? [] : [`${name} of a file outside /tmp`])];
    case 'env': {
      const m = /^\$\(grep -v '\^#' (\S+)\)$/.exec(args[0] ?? '');
      if (!m || !exists(m[1]!)) return [...problems, 'env without the .env.example recipe'];
      return [...problems, ...commandProblems(args.slice(1).join(' '))];
    }
    default:
      return [...problems, `no rule checks the command "${name}"`];
  }
}

/** Every problem of a block or line of shell, each prefixed with its command. */
export function shellProblems(text: string): string[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .flatMap(commandsOf)
    .flatMap((c) => commandProblems(c).map((p) => `${c}: ${p}`));
}
