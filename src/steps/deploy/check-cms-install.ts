/**
 * Before creating an environment connected to `cms-environment`: the service refuses an install
 * that is not one of the account's, and by then the app may have been created for nothing. With
 * `api-url` and credentials the install can be looked up first (a dry run does the same).
 */
import type { Install } from '../../api/types.js';
import type { DeployInputs } from './inputs.js';
import type { LookupContext, StepContext } from '../../step-kit/step.js';
import { StepError } from '../../step-kit/step-error.js';

/** The install named by `cms-environment`; null when there is none to check or no `api-url` to check it with. */
export async function findCmsInstall(ctx: LookupContext, d: DeployInputs): Promise<Install | null> {
  if (!d.cmsEnvironment || !ctx.inputs.hostingUrl || !ctx.inputs.credentials) return null;
  for await (const install of ctx.client.iterateInstalls({ limit: 100 }, { signal: ctx.signal })) {
    if (install.name === d.cmsEnvironment) return install;
  }
  throw new StepError(
    `input "cms-environment": install "${d.cmsEnvironment}" is not among the installs this API user can see, so environment "${d.environment}" could not be connected to it; check the install name (nothing was created)`,
  );
}

/** Says what `findCmsInstall` found, or that the install could not be checked. */
export function reportCmsInstall(ctx: StepContext, d: DeployInputs, install: Install | null): void {
  if (!d.cmsEnvironment) return;
  if (!install) {
    ctx.log.info(
      `cms install "${d.cmsEnvironment}" not checked before creating (give api-url to check it); if the service refuses it, an app this run created is deleted again`,
    );
    return;
  }
  ctx.log.info(`cms install "${d.cmsEnvironment}" found (${install.environment ?? 'no environment'})`);
}
