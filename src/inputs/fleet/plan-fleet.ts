/**
 * The plan of a fleet: which targets run, in which wave, as the matrix a CI system fans out
 * over. Pure: the changed files come from git (steps/fleet-plan/changed-files.ts), or null to
 * plan every target.
 */
import { Minimatch } from 'minimatch';
import type { Fleet, FleetTarget } from './parse-fleet.js';

/** GitHub Actions runs at most this many jobs from one matrix; more fails the workflow. */
export const GITHUB_MATRIX_LIMIT = 256;

/** One matrix entry. No `with`, no path, nothing secret: these land in logs and job names. */
export interface FleetPlanEntry {
  readonly target: string;
  readonly wave: number;
  readonly app: string;
  readonly environment: string;
}

export interface FleetPlan {
  /** Every planned target, wave by wave, in the file's order within a wave. */
  readonly entries: readonly FleetPlanEntry[];
  /** The entries of each wave that has any, in increasing wave order. */
  readonly waves: readonly (readonly FleetPlanEntry[])[];
}

/**
 * True when a target's `watch` matches one of `changed` (paths relative to the workspace). Each
 * glob is compiled once: a thousand targets against a few thousand changed files stay well under
 * a second.
 */
export function watches(target: FleetTarget, changed: readonly string[]): boolean {
  return target.watch.some((glob) => {
    // As a regular expression: a thousandth of Minimatch.match's cost per file, which splits the path each time.
    const re = new Minimatch(glob, { dot: true }).makeRe();
    return re !== false && changed.some((file) => re.test(file));
  });
}

/**
 * Plans `fleet`. `changed`: files changed since the ref, or null for every target; when it holds
 * `fleetFile` itself (what the fleet says may have changed for any target), every target runs.
 * Throws when a wave holds more targets than GitHub runs from one matrix.
 */
export function planFleet(fleet: Fleet, changed: readonly string[] | null, fleetFile: string): FleetPlan {
  const all = changed === null || changed.includes(fleetFile);
  const kept = fleet.targets.filter((t) => all || watches(t, changed));
  const numbers = [...new Set(kept.map((t) => t.wave))].sort((a, b) => a - b);
  const waves = numbers.map((wave) =>
    kept.filter((t) => t.wave === wave).map((t) => ({ target: t.name, wave, app: t.app, environment: t.environment })),
  );
  const crowded = waves.find((w) => w.length > GITHUB_MATRIX_LIMIT);
  if (crowded) {
    throw new Error(
      `wave ${crowded[0]!.wave} of the fleet holds ${crowded.length} targets, more than the ${GITHUB_MATRIX_LIMIT} jobs GitHub Actions runs from one matrix; spread them over more waves ("wave" of each target)`,
    );
  }
  return { entries: waves.flat(), waves };
}

/** The outputs of a plan, as JSON texts a workflow passes to `fromJSON`. */
export function planOutputs(plan: FleetPlan): { matrix: string; waves: string; targets: number } {
  return {
    matrix: JSON.stringify({ include: plan.entries }),
    waves: JSON.stringify(plan.waves.map((include) => ({ include }))),
    targets: plan.entries.length,
  };
}
