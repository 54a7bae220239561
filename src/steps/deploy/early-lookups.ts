/**
 * The deploy's look-ups (the app, then the environment, then the cms install when the
 * environment is to be created), started while the zip is still being planned: once the walk
 * has kept a first entry the run is bound to send something, and the GETs can go on while the
 * rest of the tree is walked instead of after it.
 *
 * Started early, they must not act early. They send GET requests only, on a context without
 * log, outputs or record, so they can neither say nor change anything; what they found is said
 * when the step takes it (`app()`, `environment()`, `cmsInstall()`), in the order and under the
 * `record.doing` of a run that looked only after planning. A plan that fails abandons them:
 * what is still under way is aborted, and their answers and errors are dropped.
 */
import type { App, Environment, Install } from '../../api/types.js';
import type { LookupContext, StepContext } from '../../step-kit/step.js';
import type { DeployInputs } from './inputs.js';
import { findApp, reportApp } from './ensure-app.js';
import { findDeployEnvironment } from './ensure-environment.js';
import { findCmsInstall, reportCmsInstall } from './check-cms-install.js';

export interface EarlyLookups {
  /** Starts the look-ups; once (later calls do nothing). Nothing is sent before. */
  start(): void;
  /** The app, or null when it is to be created; said as found. Starts the look-ups if need be. */
  app(): Promise<App | null>;
  /** The environment, or null when it is to be created. */
  environment(): Promise<Environment | null>;
  /** Checks the `cms-environment` install (for an environment to be created) and says what was found. */
  cmsInstall(): Promise<void>;
  /** Aborts what is still under way; what it would have found is dropped. */
  abandon(): void;
}

interface Running {
  app: Promise<App | null>;
  environment: Promise<Environment | null>;
  cmsInstall: Promise<Install | null>;
}

export function earlyLookups(ctx: StepContext, d: DeployInputs): EarlyLookups {
  const stopper = new AbortController();
  const look: LookupContext = {
    client: ctx.client,
    inputs: ctx.inputs,
    signal: AbortSignal.any([ctx.signal, stopper.signal]),
  };
  let running: Running | null = null;
  const start = (): Running => {
    if (running) return running;
    // In the order of a run that looks after planning: each look-up needs the one before.
    const app = findApp(look, d);
    const environment = app.then((found) => findDeployEnvironment(look, d, found !== null));
    const cmsInstall = environment.then((found) => (found ? null : findCmsInstall(look, d)));
    // Each is awaited by the step, or dropped when it fails first (or the plan does): handled here,
    // so a rejection no one waits for is not an unhandled one.
    for (const p of [app, environment, cmsInstall]) p.catch(() => undefined);
    running = { app, environment, cmsInstall };
    return running;
  };
  return {
    start: () => void start(),
    async app() {
      const found = await start().app;
      if (found) reportApp(ctx, d, found);
      return found;
    },
    environment: () => start().environment,
    async cmsInstall() {
      reportCmsInstall(ctx, d, await start().cmsInstall);
    },
    abandon: () => stopper.abort(new Error('the deploy no longer needs these look-ups')),
  };
}
