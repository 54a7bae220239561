/**
 * The only reader of the action's inputs: every input is read once, checked against every
 * rule (docs/inputs.md), and turned into a frozen, typed `Inputs`, or into one InputError that
 * lists every problem, so a workflow author fixes them all in one round. Which steps run, and
 * what each needs, comes from the step table.
 */
import { STEPS } from './step-table.js';
import type { AnyStep } from '../step-kit/step.js';
import { withFleetTarget } from '../inputs/fleet/target-inputs.js';
import { createReader } from '../inputs/input-reader.js';
import type { InputReader } from '../inputs/input-reader.js';
import { isPathSegment, NAME_RULE, parseApiBaseUrl, quote } from '../inputs/parsers.js';
import { neededCredentials, skipReason } from './skip-rule.js';
import { chooseSteps, ignoredInputs, requireInputs, requireSomeStep } from './step-selection.js';
import type { ChosenStep, Inputs } from './run-inputs.js';
import { NO_RUN_FACTS, type InputGetter, type RunFacts, type SharedInputs } from '../inputs/types.js';

/** Every problem with the inputs, one per line; thrown before the first request. */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/**
 * Reads and checks every input. `workspace` is the absolute directory `path` is relative to
 * (GITHUB_WORKSPACE); only strings are compared here, existence is checked later by I/O, but
 * for the fleet file of `fleet` + `target`, read here since its values are inputs. `run`:
 * what the door read of the repository and the run.
 */
export function readInputs(
  getInput: InputGetter,
  workspace: string,
  table: readonly AnyStep[] = STEPS,
  run: RunFacts = NO_RUN_FACTS,
): Inputs {
  // `fleet` + `target`: the fleet's values under the step's own. Nothing else can be judged
  // while the fleet file or the target is wrong, so those problems are said alone.
  const fleet = withFleetTarget(getInput, workspace);
  if (fleet.problems.length > 0) throw new InputError(fleet.problems);
  const input = createReader(fleet.getInput);
  const before = input.problems.length;
  const chosen = chooseSteps(input, table);
  const skipped = skipReason(input, chosen);
  if (chosen.length === 0 && !skipped) requireSomeStep(input, table, before);
  const shared = readShared(input, workspace, run);
  const records = table.map((step) => step.read(input, shared, chosen.includes(step)));
  requireInputs(input, chosen, skipped ? neededCredentials(input, chosen) : []);
  if (input.problems.length > 0) throw new InputError(input.problems);
  if (skipped) return deepFreeze({ ...shared, steps: [], skipped, warnings: [...input.warnings] });

  const steps = table.flatMap((step, i) =>
    chosen.includes(step) ? [{ name: step.name, inputs: records[i] } as ChosenStep] : [],
  );
  return deepFreeze({
    ...shared,
    steps,
    skipped: null,
    // Only what the step itself gave is worth a word: a fleet's defaults serve every step, and
    // an `exclude` there is no mistake in a purge's run.
    warnings: [...ignoredInputs(createReader(getInput), table, chosen), ...input.warnings],
  });
}

/** The inputs several steps read: credentials, base URLs, names, dry-run, the GitHub token. */
function readShared(input: InputReader, workspace: string, run: RunFacts): SharedInputs {
  const account = input.raw('account');
  if (account !== '' && !isPathSegment(account)) {
    const fix = account.startsWith('accounts/')
      ? `give ${quote(account.slice(9))}, without "accounts/"`
      : 'give the name alone';
    input.problem('account', `${quote(account)} is not an account name: ${NAME_RULE}; ${fix}`);
  }
  const app = input.raw('app');
  if (app !== '' && !isPathSegment(app)) {
    input.problem('app', `${quote(app)} is not an app id: ${NAME_RULE}; give the appId alone`);
  }
  const environment = input.raw('environment');
  if ([...environment].some((c) => c === '/' || c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    input.problem(
      'environment',
      `${quote(environment)} has a slash or a control character; give the environment id or display name`,
    );
  }
  const userId = input.raw('api-user-id');
  const password = input.raw('api-password');
  if (userId.includes(':')) {
    // Never echo it: the user id is masked like a secret.
    input.problem(
      'api-user-id',
      'holds a ":", which HTTP Basic credentials cannot carry; set it to the API user id alone',
    );
  }
  return {
    workspace,
    credentials: userId !== '' && password !== '' ? { userId, password } : null,
    hostingUrl: input.parse('api-url', parseApiBaseUrl),
    headlessUrl: input.parse('headless-api-url', parseApiBaseUrl),
    account,
    app,
    environment,
    dryRun: input.bool('dry-run'),
    prComment: input.bool('pr-comment'),
    githubToken: input.raw('github-token') || null,
    run,
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
