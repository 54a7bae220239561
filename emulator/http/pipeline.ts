/**
 * The request pipeline: an ordered list of small stages (stages.ts), each of which answers the
 * request or passes it to the next, as Azurite's handler and middleware chain does. The order is
 * the order of the checks a client sees: who may call first; the control routes and the sites
 * beside the APIs; then, for the APIs, the request log, injected latency and faults (before
 * anything else, so a client's retry is observable and safe), the route, auth, the rate limit,
 * strict query and body, and the handler. Whatever a stage throws becomes an error body in the
 * shape of the API the path addresses; nothing a client sends crashes the emulator.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorReply, openExchange, send, type Exchange, type ServerDeps, type Stage } from './exchange.js';
import { auth, body, control, fault, guard, handler, log, query, rateLimit, route, sites } from './stages.js';

export type { ServerDeps } from './exchange.js';

export const STAGES: readonly Stage[] = [
  guard, //      403 unless the request is addressed to this machine (control routes and APIs alike)
  control, //    /__emulator/: the control routes answer
  sites, //      /__sites/: an environment's site answers
  log, //        into the request log
  fault, //      latency, then maybe an injected 429/500/502/503 or a reset
  route, //      404 without a row of the route table
  auth, //       401 without valid Basic credentials (Basic routes)
  rateLimit, //  429 when the caller's bucket is empty
  query, //      400 for a query parameter the route does not name
  body, //       400/413 for a body that is not the route's JSON object; other bodies read and dropped
  handler, //    the route's handler answers
];

/** Runs `stages` in order from the first: each calls the next or answers. */
async function run(stages: readonly Stage[], x: Exchange): Promise<void> {
  const from = async (i: number): Promise<void> => {
    const stage = stages[i];
    if (!stage) throw new Error(`pipeline: no stage answered ${x.method} ${x.path.slice(0, 128)}`);
    await stage(x, () => from(i + 1));
  };
  await from(0);
}

export function createRequestListener(deps: ServerDeps, stages: readonly Stage[] = STAGES) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let x: Exchange | null = null;
    try {
      x = openExchange(req, res, deps);
      await run(stages, x);
    } catch (err) {
      // A target that is not a URL addresses no API: the hosting shape, the one at the origin.
      send(res, errorReply(x?.errorShape ?? 'hosting', err));
      // A request refused before it was read whole: stop reading, so a huge body cannot pin us.
      if (!req.complete) req.resume();
    }
  };
}
