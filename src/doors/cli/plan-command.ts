/**
 * `headless-deploy plan --fleet FILE [--changed-since REF] [--format github|gitlab|json]`: the
 * fleet plan step on a terminal or another CI. Prints the matrix JSON for GitHub Actions, a
 * GitLab child pipeline, or the plain list; nothing else goes to stdout, so it can be redirected
 * into a file. Makes no request. The fleet file is relative to the current directory, which is
 * the workspace here.
 */
import { parseArgs } from 'node:util';
import { readFleetFile } from '../../inputs/fleet/read-fleet-file.js';
import { planOutputs } from '../../inputs/fleet/plan-fleet.js';
import { ChangedFilesError } from '../../steps/fleet-plan/changed-files.js';
import { planFromWorkspace, waveLines } from '../../steps/fleet-plan/run.js';
import { escapeControl } from '../../util/log-guard.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { EXIT } from './exit-code.js';
import { envNameOf } from './flags.js';
import { gitlabPipeline } from './gitlab-pipeline.js';

const FORMATS = ['github', 'gitlab', 'json'] as const;
const OPTIONS = {
  fleet: { type: 'string' },
  'changed-since': { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean' },
} as const;

export const PLAN_HELP = [
  'Usage: headless-deploy plan --fleet FILE [--changed-since REF] [--format github|gitlab|json]',
  '',
  '  --fleet FILE          the fleet file (YAML or JSON), relative to this directory [HEADLESS_DEPLOY_FLEET]',
  '  --changed-since REF   plan only the targets whose watch globs match a file changed between the',
  '                        merge base of REF and HEAD (every target when the fleet file changed)',
  '                        [HEADLESS_DEPLOY_CHANGED_SINCE]',
  '  --format FORMAT       github: the matrix JSON ({"include":[…]}, the default); gitlab: a child',
  '                        pipeline, a stage a wave; json: the plain list of targets',
  '',
  'Exit codes: 0 planned (even nothing); 1 the plan failed; 2 input error.',
  '',
].join('\n');

export interface PlanIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  version: string;
}

export interface PlanArgs {
  readonly fleet: string | null;
  readonly changedSince: string | null;
  readonly format: (typeof FORMATS)[number];
  readonly help: boolean;
  /** Input errors: nothing is planned. */
  readonly problems: readonly string[];
}

/** The words after `plan`, with HEADLESS_DEPLOY_FLEET and HEADLESS_DEPLOY_CHANGED_SINCE under them. */
export function parsePlanArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): PlanArgs {
  const problems: string[] = [];
  const values: Record<string, string | boolean | undefined> = {};
  const { tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'positional')
      problems.push(`unexpected argument "${token.value}": see headless-deploy plan --help`);
    if (token.kind !== 'option') continue;
    if (!(token.name in OPTIONS)) {
      const near = didYouMean(token.name, Object.keys(OPTIONS));
      problems.push(
        `unknown flag ${token.rawName}${near ? `: did you mean --${near}?` : ''} (plan --help lists every flag)`,
      );
      // Its value, if any, is not an argument of its own.
      if (token.value === undefined && tokens[i + 1]?.kind === 'positional') i++;
    } else if (OPTIONS[token.name as keyof typeof OPTIONS].type === 'string' && !token.value) {
      problems.push(`flag ${token.rawName} needs a value`);
    } else values[token.name] = token.value ?? true;
  }
  const fromEnv = (name: string) => env[envNameOf(name)]?.trim() || undefined;
  const fleet = (values.fleet as string | undefined) ?? fromEnv('fleet') ?? null;
  const format = (values.format as string | undefined) ?? 'github';
  const help = values.help === true;
  if (!fleet && !help) problems.push('flag --fleet is required: the fleet file to plan');
  if (!(FORMATS as readonly string[]).includes(format)) {
    problems.push(`flag --format takes ${FORMATS.join(', ')}; got "${format}"`);
  }
  return {
    fleet,
    changedSince: (values['changed-since'] as string | undefined) ?? fromEnv('changed-since') ?? null,
    format: format as PlanArgs['format'],
    help,
    problems,
  };
}

/** Runs `plan` with `argv` (the words after `plan`); returns the exit code. */
export async function runPlanCommand(io: PlanIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${escapeControl(line)}\n`);
  const args = parsePlanArgs(io.argv, io.env);
  if (args.help) {
    io.stdout.write(PLAN_HELP);
    return EXIT.ok;
  }
  const { fleet, changedSince, format } = args;
  const problems = [...args.problems];
  const read = fleet ? readFleetFile(io.cwd, fleet) : null;
  problems.push(...(read?.problems ?? []));
  if (problems.length > 0 || !read?.fleet) {
    for (const p of problems) say(p);
    return EXIT.inputError;
  }
  try {
    const { plan } = await planFromWorkspace(io.cwd, { fleet: read.fleet, file: read.file, changedSince });
    say(`planned ${plan.entries.length} of ${read.fleet.targets.length} target(s) in ${plan.waves.length} wave(s)`);
    for (const line of waveLines(plan)) say(line);
    if (format === 'gitlab') io.stdout.write(gitlabPipeline(plan, read.file, io.version));
    else if (format === 'json') io.stdout.write(`${JSON.stringify(plan.entries)}\n`);
    else io.stdout.write(`${planOutputs(plan).matrix}\n`);
    return EXIT.ok;
  } catch (err) {
    say((err as Error).message);
    return err instanceof ChangedFilesError ? EXIT.inputError : EXIT.failure;
  }
}
