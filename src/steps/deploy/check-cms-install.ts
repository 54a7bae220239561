/**
 * Before creating an environment connected to `cms-environment`: the service refuses an install
 * that is not one of the account's, and by then the app may have been created for nothing. With
 * `api-url` and credentials the install can be looked up first (a dry run does the same).
 */
import type { DeployInputs } from './step.js';
import type { StepContext } from '../step.js';
import { StepError } from '../common/step-error.js';

/** Returns false when it could not check (no `api-url`), true when the install was found. */
export async function checkCmsInstall(ctx: StepContext, d: DeployInputs): Promise<boolean> {
  if (!d.cmsEnvironment) return false;
  if (!ctx.inputs.hostingUrl || !ctx.inputs.credentials) {
    ctx.log.info(
      `cms install "${d.cmsEnvironment}" not checked before creating (give api-url to check it); if the service refuses it, an app this run created is deleted again`,
    );
    return false;
  }
  for await (const install of ctx.client.iterateInstalls({ limit: 100 }, { signal: ctx.signal })) {
    if (install.name === d.cmsEnvironment) {
      ctx.log.info(`cms install "${d.cmsEnvironment}" found (${install.environment ?? 'no environment'})`);
      return true;
    }
  }
  throw new StepError(
    `input "cms-environment": install "${d.cmsEnvironment}" is not among the installs this API user can see, so environment "${d.environment}" could not be connected to it; check the install name (nothing was created)`,
  );
}
