/**
 * Deletes that take dependent records with them. Uploads and webhook calls stay: they are a log
 * of what the emulator received, which tests read after the fact.
 */
import type { AppRec, EnvironmentRec, State } from './state.js';

/** Drops an app with its environments and their operations. */
export function removeApp(state: State, app: AppRec): void {
  const mine = (r: { account: string; app: string }) => r.account === app.account && r.app === app.appId;
  state.apps = state.apps.filter((a) => a !== app);
  state.environments = state.environments.filter((e) => !mine(e));
  state.operations = state.operations.filter((o) => !mine(o));
}

/** Drops an environment with its operations. */
export function removeEnvironment(state: State, env: EnvironmentRec): void {
  const mine = (r: { account: string; app: string; environment: string }) =>
    r.account === env.account && r.app === env.app && r.environment === env.id;
  state.environments = state.environments.filter((e) => e !== env);
  state.operations = state.operations.filter((o) => !mine(o));
}
