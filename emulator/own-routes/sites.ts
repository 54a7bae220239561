/**
 * The environments' sites, under /__sites/{environment-id}/ (no auth, never faulted): what a
 * health check asks after a deploy. A site answers 200 with a small page, or 500 when it is
 * unhealthy:
 *
 * - the environment is marked unhealthy, by the control route
 *   `POST /__emulator/environments/{id}/health` `{"healthy": false}` or by `unhealthy: true` on
 *   an environment of the seed;
 * - or the build deployed last holds a file named HEALTH_FAIL at the root of its zip: the zip
 *   decides how its site behaves, so a test needs no control route to deploy a broken site.
 *
 * What is deployed is the upload of the environment's last build that is done and succeeded;
 * before any, the site answers 200 with a placeholder page, as a new environment's would.
 * `/__sites/{id}` without the slash answers 301 to the slash, a redirect to follow.
 * Every answer of a site with something deployed names that upload's sha256 in the header
 * `x-emulator-deployed-sha256`, so a test can tell which zip is live (a rollback's, say).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorClock } from '../config/clock.js';
import { isBuild, isDone } from '../store/operations.js';
import type { EnvironmentRec, State } from '../store/state.js';

export const SITES_PREFIX = '/__sites/';
/** A file of this name at the root of an uploaded zip makes the site it deploys answer 500. */
export const HEALTH_FAIL_ENTRY = 'HEALTH_FAIL';
/** The header naming the sha256 of the upload a site serves. */
export const DEPLOYED_SHA256_HEADER = 'x-emulator-deployed-sha256';

/** The upload of the environment's last build that is done and succeeded, or null. */
function deployedUpload(state: State, env: EnvironmentRec, now: number) {
  const op = state.operations.findLast(
    (o) =>
      o.account === env.account &&
      o.app === env.app &&
      o.environment === env.id &&
      isBuild(o) &&
      isDone(o, now) &&
      o.failure === null &&
      o.uploadIndex !== null,
  );
  return op ? { op, upload: state.uploads[op.uploadIndex!] } : null;
}

export function isSiteHealthy(state: State, env: EnvironmentRec, now: number): boolean {
  if (env.unhealthy) return false;
  return !deployedUpload(state, env, now)?.upload?.entries.includes(HEALTH_FAIL_ENTRY);
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, html: string, head: boolean, headers: Record<string, string> = {}) {
  const body = Buffer.from(`<!doctype html><html><body>${html}</body></html>\n`);
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, ...headers });
  res.end(head ? undefined : body);
}

export function serveSite(state: State, clock: EmulatorClock, req: IncomingMessage, res: ServerResponse, path: string) {
  req.resume();
  const method = req.method ?? 'GET';
  const head = method === 'HEAD';
  const m = /^\/__sites\/([^/]+)(\/.*)?$/.exec(path);
  if (method !== 'GET' && !head) return page(res, 405, '<h1>Method not allowed</h1>', false, { allow: 'GET, HEAD' });
  const env = m ? state.environments.find((e) => e.id === m[1]) : undefined;
  if (!m || !env) return page(res, 404, '<h1>No such site</h1>', head);
  if (m[2] === undefined) return page(res, 301, '', head, { location: `${SITES_PREFIX}${env.id}/` });
  const deployed = deployedUpload(state, env, clock.now());
  const title = `${escape(env.app)} / ${escape(env.displayName)}`;
  const live: Record<string, string> = deployed?.upload ? { [DEPLOYED_SHA256_HEADER]: deployed.upload.sha256 } : {};
  if (!isSiteHealthy(state, env, clock.now())) {
    return page(res, 500, `<h1>Internal Server Error</h1><p>${title} is unhealthy</p>`, head, live);
  }
  const build = deployed ? `build ${escape(deployed.op.buildId)}` : 'nothing deployed yet';
  return page(res, 200, `<h1>${title}</h1><p>Welcome: ${build}</p>`, head, live);
}
