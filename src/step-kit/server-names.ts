/**
 * Names the server chose (an operation, a build, a deployment) reach the workflow through
 * outputs, and workflows paste outputs into scripts. A hostile or broken server (or a proxy in
 * between) could name its operation `x$(touch /tmp/p)`; so a name reaches an output only when it
 * has the form the spec gives, every segment made of letters, digits and `._~-`, none of which
 * a shell or a YAML expression gives a meaning to.
 */
import type { OutputName } from '../report/outputs.js';
import type { StepContext } from './step.js';

export type ServerNameKind = 'operations' | 'builds' | 'deployments';

const SEGMENT = '[A-Za-z0-9._~-]+';

const GRAMMAR: Record<ServerNameKind, RegExp> = {
  operations: new RegExp(`^accounts/${SEGMENT}/apps/${SEGMENT}/environments/${SEGMENT}/operations/${SEGMENT}$`),
  builds: new RegExp(`^accounts/${SEGMENT}/apps/${SEGMENT}/environments/${SEGMENT}/builds/${SEGMENT}$`),
  deployments: new RegExp(`^accounts/${SEGMENT}/apps/${SEGMENT}/environments/${SEGMENT}/deployments/${SEGMENT}$`),
};

/** True when `value` is a name of that kind in the spec's form. */
export function isServerName(kind: ServerNameKind, value: string): boolean {
  return GRAMMAR[kind].test(value);
}

const KIND_OF: Record<'operation' | 'build' | 'deployment', ServerNameKind> = {
  operation: 'operations',
  build: 'builds',
  deployment: 'deployments',
};

/** Outputs already warned about in a run, so that a wait's polls warn once, not at every poll. */
const warned = new WeakMap<object, Set<string>>();

/**
 * Sets the output to the server's name when it is of the spec's form; otherwise leaves the
 * output as it was and warns, once per output and run, without echoing the name.
 */
export function setServerName(
  ctx: Pick<StepContext, 'outputs' | 'log'>,
  output: Extract<OutputName, 'operation' | 'build' | 'deployment'>,
  value: string,
): boolean {
  if (isServerName(KIND_OF[output], value)) {
    ctx.outputs.set(output, value);
    return true;
  }
  const seen = warned.get(ctx.outputs) ?? new Set<string>();
  warned.set(ctx.outputs, seen);
  if (!seen.has(output)) {
    seen.add(output);
    ctx.log.warning(
      `output "${output}" left empty: the service named the ${output} in a form other than accounts/{account}/apps/{app}/environments/{id}/${KIND_OF[output]}/{name} (letters, digits and ._~- only), so it is not passed on to the workflow`,
    );
  }
  return false;
}
