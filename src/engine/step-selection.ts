/**
 * Which steps run, decided from the inputs by reading the step table, and what each chosen
 * step cannot do without. Problems go to the reader, so they join every other input problem.
 */
import type { AnyStep } from '../step-kit/step.js';
import type { InputReader } from '../inputs/input-reader.js';

const HINTS: Readonly<Record<string, string>> = {
  'api-user-id': 'set it from a secret',
  'api-password': 'set it from a secret',
  'webhook-token': 'set it from a secret, or give the whole "webhook-url" instead',
  'api-url': 'set it to the hosting API base URL, without /v1',
  'headless-api-url': 'set it to the headless API base URL, without /v1',
  account: 'set it to the headless account name',
  app: 'set it to the app id',
  environment: 'set it to the environment id or display name',
  'github-token': 'set it, e.g. to ${{ github.token }}',
};

/** The rows the inputs ask for, in the table's order; reports exclusivity. */
export function chooseSteps(input: InputReader, table: readonly AnyStep[]): AnyStep[] {
  const chosen = table.filter((step) => step.selected(input));
  const exclusive = chosen.find((s) => s.exclusive);
  if (exclusive && chosen.length > 1) {
    const others = chosen.filter((s) => s !== exclusive).map((s) => s.name);
    input.problems.push(
      `the ${exclusive.name} step runs alone, but the inputs also ask for ${orList(others, 'and')}; run them in separate steps of the workflow`,
    );
  }
  return chosen;
}

/** Reports that nothing would run, and how to turn each step on; `before`: problems before choosing. */
export function requireSomeStep(input: InputReader, table: readonly AnyStep[], before: number): void {
  if (input.problems.length !== before) return;
  const off = table.map((s) => s.offBecause?.(input)).find((why) => why) ?? 'no step is set';
  input.problems.push(`${off} and no other step is set, so nothing would run; ${orList(table.map((s) => s.howToRun))}`);
}

/** Reports each missing input once, naming every chosen step that needs it; `except`: inputs not to report. */
export function requireInputs(input: InputReader, chosen: readonly AnyStep[], except: readonly string[] = []): void {
  const needers = new Map<string, string[]>();
  for (const step of chosen) {
    for (const need of step.needs(input)) {
      const [name, by] = typeof need === 'string' ? [need, step.name] : [need.input, need.by];
      needers.set(name, [...(needers.get(name) ?? []), by]);
    }
  }
  for (const [name, steps] of needers) {
    if (input.raw(name) === '' && !except.includes(name))
      input.problem(name, `is required by ${steps.join(' and ')}; ${HINTS[name] ?? 'set it'}`);
  }
}

/** Inputs set on purpose for steps that will not run: worth a warning, not an error. */
export function ignoredInputs(input: InputReader, table: readonly AnyStep[], chosen: readonly AnyStep[]): string[] {
  const used = new Set(chosen.flatMap((s) => s.owns));
  // An input two steps own (github-deployment) is named once, with every owner that does not run.
  const owners = new Map<string, string[]>();
  for (const step of table) {
    if (chosen.includes(step)) continue;
    for (const name of step.owns) {
      if (!used.has(name) && input.given(name)) owners.set(name, [...(owners.get(name) ?? []), step.name]);
    }
  }
  return [...owners].map(([name, steps]) => `input "${name}" is ignored: no ${steps.join(' or ')} runs`);
}

/** `a, b, or c` */
function orList(items: readonly string[], word = 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}, ${word} ${items.at(-1)}`;
}
