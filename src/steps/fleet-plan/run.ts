/** The fleet plan's work: the changed files from git, the plan, its outputs. No platform request. */
import { planFleet, planOutputs, type FleetPlan } from '../../inputs/fleet/plan-fleet.js';
import type { StepContext } from '../../step-kit/step.js';
import { changedSince } from './changed-files.js';
import type { FleetPlanInputs } from './inputs.js';

/** Plans the fleet in `workspace`; what the step and the program's `plan` share. */
export async function planFromWorkspace(
  workspace: string,
  p: FleetPlanInputs,
  signal?: AbortSignal,
): Promise<{ plan: FleetPlan; changed: readonly string[] | null }> {
  // GitHub's `github.event.before` on the first push of a branch: no commit to diff against.
  const nothingBefore = p.changedSince === null || /^0{40}$/.test(p.changedSince);
  const changed = nothingBefore ? null : await changedSince(workspace, p.changedSince!, signal);
  return { plan: planFleet(p.fleet, changed, p.file), changed };
}

/** One line a wave: `wave 1: shop-staging, blog-staging`. */
export function waveLines(plan: FleetPlan): string[] {
  return plan.waves.map((wave) => `wave ${wave[0]!.wave}: ${wave.map((e) => e.target).join(', ')}`);
}

export async function runFleetPlan(ctx: StepContext, p: FleetPlanInputs): Promise<void> {
  ctx.record.doing =
    p.changedSince === null ? 'planning the fleet' : `listing the files changed since "${p.changedSince}"`;
  const { plan, changed } = await planFromWorkspace(ctx.inputs.workspace, p, ctx.signal);
  ctx.record.doing = null;
  if (changed === null && p.changedSince !== null) {
    ctx.log.info(`"${p.changedSince}" names no commit (a branch's first push): every target is planned`);
  } else if (changed !== null && changed.includes(p.file)) {
    ctx.log.info(`${p.file} itself changed since "${p.changedSince}": every target is planned`);
  } else if (changed !== null) {
    ctx.log.info(`${changed.length} file(s) changed since "${p.changedSince}"`);
  }
  const out = planOutputs(plan);
  ctx.log.info(`planned ${out.targets} of ${p.fleet.targets.length} target(s) in ${plan.waves.length} wave(s)`);
  for (const line of waveLines(plan)) ctx.log.info(line);
  ctx.outputs.set('matrix', out.matrix);
  ctx.outputs.set('waves', out.waves);
  ctx.outputs.set('targets', out.targets);
}
