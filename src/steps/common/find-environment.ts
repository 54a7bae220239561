/**
 * Finds an environment by id or by display name. `environment` is one input for both, so an id
 * is tried first (one GET), then the list is walked for a display name (or an id) that matches.
 */
import type { Client } from '../../api/client.js';
import { BadRequest, NotFound } from '../../api/errors.js';
import type { Environment } from '../../api/types.js';

/** The id is the last segment of the environment's resource name. */
export function environmentId(env: Pick<Environment, 'name'>): string {
  return env.name.slice(env.name.lastIndexOf('/') + 1);
}

export async function findEnvironment(
  client: Client,
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
