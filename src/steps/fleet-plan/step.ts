/**
 * The fleet plan's row: `fleet-plan: true` with `fleet` reads the fleet file and sets `matrix`,
 * `waves` and `targets`, for matrix jobs that each run one target (`fleet` + `target`). It runs
 * alone and makes no request to the platform, so it needs no credentials.
 */
import { readFleetFile } from '../../inputs/fleet/read-fleet-file.js';
import { quote } from '../../inputs/quote.js';
import type { Fleet } from '../../inputs/fleet/parse-fleet.js';
import type { InputReader } from '../../inputs/input-reader.js';
import type { SharedInputs } from '../../inputs/types.js';
import type { StepDefinition } from '../../step-kit/step.js';
import type { FleetPlanInputs } from './inputs.js';
import { isRefShaped } from './changed-files.js';
import { runFleetPlan } from './run.js';

const NO_FLEET: Fleet = { defaults: {}, targets: [] };

export const fleetPlanStep: StepDefinition<'fleet plan', FleetPlanInputs> = {
  name: 'fleet plan',
  doing: 'planning the fleet',
  howToRun: '"fleet-plan: true" with "fleet" to plan a fleet',
  exclusive: true,
  owns: ['changed-since'],
  outputs: ['matrix', 'waves', 'targets'],

  selected: (input) => input.bool('fleet-plan'),

  needs: () => ['fleet'],

  read(input: InputReader, shared: SharedInputs, selected: boolean): FleetPlanInputs {
    const changedSince = input.parse('changed-since', (ref) => {
      if (!isRefShaped(ref)) throw new Error(`${quote(ref)} is not a git ref; give a branch, tag or commit`);
      return ref;
    });
    const given = input.raw('fleet');
    if (!selected || given === '') return { fleet: NO_FLEET, file: '', changedSince };
    const read = readFleetFile(shared.workspace, given);
    for (const problem of read.problems) input.problems.push(problem);
    return { fleet: read.fleet ?? NO_FLEET, file: read.file, changedSince };
  },

  describe(p) {
    const which = p.changedSince === null ? 'every target' : `the targets changed since "${p.changedSince}"`;
    return `plan ${which} of the fleet ${p.file} (${p.fleet.targets.length} target(s))`;
  },

  async run(ctx, p) {
    await runFleetPlan(ctx, p);
    return {};
  },
};
