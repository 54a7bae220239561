/**
 * A GitLab child pipeline of a fleet plan: one stage a wave, one job a target running the program
 * with `HEADLESS_DEPLOY_FLEET` and `HEADLESS_DEPLOY_TARGET`, each job of a later wave `needs`
 * the jobs of the wave before it. The credentials are the project's CI/CD variables
 * (HEADLESS_DEPLOY_API_USER_ID, …), which a child pipeline inherits.
 */
import { stringify } from 'yaml';
import type { FleetPlan } from '../../inputs/fleet/plan-fleet.js';

/** GitLab refuses a job whose `needs` lists more jobs than this (its default limit). */
export const GITLAB_NEEDS_LIMIT = 50;

const jobName = (target: string) => `fleet:${target}`;

/** The pipeline's YAML; `fleetFile` as the jobs find it from the repository's root, `version` of the program to run. */
export function gitlabPipeline(plan: FleetPlan, fleetFile: string, version: string): string {
  const stageOf = (wave: number) => `wave-${wave}`;
  const pipeline: Record<string, unknown> = {
    stages: plan.waves.length > 0 ? plan.waves.map((w) => stageOf(w[0]!.wave)) : ['wave-1'],
    '.headless-deploy': {
      image: 'node:24',
      script: [`npx --yes headless-deploy@${version}`],
    },
  };
  if (plan.waves.length === 0) {
    // GitLab refuses a pipeline without a job.
    pipeline['fleet:none'] = { stage: 'wave-1', image: 'node:24', script: ['echo "no fleet target to run"'] };
  }
  plan.waves.forEach((wave, i) => {
    const before = i > 0 ? plan.waves[i - 1]!.map((e) => jobName(e.target)) : [];
    for (const e of wave) {
      pipeline[jobName(e.target)] = {
        extends: '.headless-deploy',
        stage: stageOf(e.wave),
        variables: { HEADLESS_DEPLOY_FLEET: fleetFile, HEADLESS_DEPLOY_TARGET: e.target },
        // Past GitLab's limit the stage order alone holds the wave back (until the wave before has passed).
        ...(before.length > 0 && before.length <= GITLAB_NEEDS_LIMIT ? { needs: before } : {}),
      };
    }
  });
  return stringify(pipeline, { lineWidth: 0 });
}
