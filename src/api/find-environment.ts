/**
 * Finds an environment by id or by display name. A person knows an environment by its display
 * name; every route but the list takes its id, so one input (and one client call) serves both:
 * a value shaped like an id is tried first (one GET), then the list is walked for a display name
 * (or an id) that matches.
 */
import { BadRequest, NotFound } from './errors.js';
import type { Environment } from './types.js';

/** The id is the last segment of the environment's resource name. */
export function environmentId(env: Pick<Environment, 'name'>): string {
  return env.name.slice(env.name.lastIndexOf('/') + 1);
}

/** The two calls a lookup needs (a client has both). */
export interface EnvironmentLookups {
  getEnvironment(
    ref: { account: string; app: string; environment: string },
    o?: { signal?: AbortSignal },
  ): Promise<Environment>;
  iterateEnvironments(
    ref: { account: string; app: string },
    q?: { pageSize?: number },
    o?: { signal?: AbortSignal },
  ): AsyncIterable<Environment>;
}

/** The environment whose id or display name is `wanted`, or null when the app has none such. */
export async function findEnvironment(
  client: EnvironmentLookups,
  ref: { account: string; app: string },
  wanted: string,
  signal?: AbortSignal,
): Promise<Environment | null> {
  if (/^[A-Za-z0-9_-]+$/.test(wanted)) {
    try {
      return await client.getEnvironment({ ...ref, environment: wanted }, { signal });
    } catch (err) {
      // Not an id after all: a display name that looks like one, or no such environment.
      if (!(err instanceof NotFound) && !(err instanceof BadRequest)) throw err;
    }
  }
  for await (const env of client.iterateEnvironments(ref, { pageSize: 100 }, { signal })) {
    if (env.displayName === wanted || environmentId(env) === wanted) return env;
  }
  return null;
}
