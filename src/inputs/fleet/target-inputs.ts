/**
 * `fleet` + `target` in any step but the plan: the inputs the step sees are the fleet's
 * `defaults`, then the target's own fields (`app`, `environment`, `path`) and `with`, then the
 * step's own inputs, which win. An input the step leaves empty takes the fleet's value; one the
 * fleet does not set either takes its default (input-defaults.ts). Since action.yml gives no
 * `default:` to any input a fleet may set, an empty input really is one the workflow left out.
 */
import { quote } from '../quote.js';
import type { InputGetter } from '../types.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { Fleet, FleetTarget } from './parse-fleet.js';
import { readFleetFile } from './read-fleet-file.js';

/** The inputs a fleet gives one target, before the step's own. */
export function targetValues(fleet: Fleet, target: FleetTarget): Readonly<Record<string, string>> {
  return {
    ...fleet.defaults,
    app: target.app,
    environment: target.environment,
    ...(target.path !== null ? { path: target.path } : {}),
    ...target.with,
  };
}

/** `getInput` with the fleet's values under it: a step's non-empty input wins. */
export function layerUnder(getInput: InputGetter, values: Readonly<Record<string, string>>): InputGetter {
  return (name) => {
    const own = getInput(name);
    if (own !== undefined && own.trim() !== '') return own;
    return Object.hasOwn(values, name) ? values[name] : own;
  };
}

/** Why no target was found: the nearest name, or the first few there are. */
function unknownTarget(name: string, fleet: Fleet, file: string): string {
  const names = fleet.targets.map((t) => t.name);
  const near = didYouMean(name, names);
  const hint = near
    ? `did you mean "${near}"?`
    : `its targets are ${names
        .slice(0, 5)
        .map((n) => `"${n}"`)
        .join(', ')}${names.length > 5 ? ', …' : ''}`;
  return `input "target": ${quote(name)} is not a target of ${file}; ${hint}`;
}

export type FleetLayer = { readonly getInput: InputGetter; readonly problems: readonly string[] };

/**
 * The getter a step reads its inputs through. Without `target` it is `getInput` itself; with it,
 * the fleet file is read (`workspace`: what `fleet` is relative to) and its values layered under.
 * Problems say what is wrong with `fleet` and `target` alone: the rest depends on them.
 */
export function withFleetTarget(getInput: InputGetter, workspace: string): FleetLayer {
  const raw = (name: string) => (getInput(name) ?? '').trim();
  const fleetFile = raw('fleet');
  const target = raw('target');
  const planning = /^true$/i.test(raw('fleet-plan'));
  if (target === '') {
    if (fleetFile === '' || planning) return { getInput, problems: [] };
    return {
      getInput,
      problems: [
        'input "fleet" needs "target" (the fleet target this step acts on), or "fleet-plan: true" for the plan step',
      ],
    };
  }
  if (fleetFile === '') {
    return { getInput, problems: ['input "target" needs "fleet": the fleet file that names the target'] };
  }
  if (planning) {
    return {
      getInput,
      problems: [
        'input "target" is given to the fleet plan, which plans every target; leave "target" out of the plan step',
      ],
    };
  }
  const read = readFleetFile(workspace, fleetFile);
  if (!read.fleet) return { getInput, problems: read.problems };
  const found = read.fleet.targets.find((t) => t.name === target);
  if (!found) return { getInput, problems: [unknownTarget(target, read.fleet, read.file)] };
  return { getInput: layerUnder(getInput, targetValues(read.fleet, found)), problems: [] };
}
