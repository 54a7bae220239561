/** The fleet plan step's own inputs, checked: the fleet read from its file, and the ref to diff against. */
import type { Fleet } from '../../inputs/fleet/parse-fleet.js';

export interface FleetPlanInputs {
  readonly fleet: Fleet;
  /** The fleet file relative to the workspace, `/`-separated: when it changed, every target runs. */
  readonly file: string;
  /** `changed-since`, or null to plan every target. */
  readonly changedSince: string | null;
}
