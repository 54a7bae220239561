/**
 * How operations look to the API, and the route that reads one. The records and their timing
 * live in store/operations.ts; a view is computed from the emulator clock at each read.
 */
import { notFound } from '../../http/errors.js';
import { findOperation, isBuild, isDone, latestOperation } from '../../store/operations.js';
import type { OperationRec } from '../../store/state.js';
import { UPDATE_ENVIRONMENT_METADATA_TYPE, type Operation } from '../../types/headless.js';
import type { Handler } from '../context.js';
import { environmentOfPath } from './access.js';
import { buildName, deploymentName, environmentName, NO_BUILD, operationName } from './names.js';

/** google.rpc.Code INVALID_ARGUMENT: what a build of a bad archive ends with (the API is Google-style). */
export const BUILD_FAILED_CODE = 3;

/**
 * The operation as the API shows it at emulator time `now`. Once it has answered by its own name
 * it keeps it; a build that took it over shows `no_build` as its build until it starts.
 */
export function operationView(op: OperationRec, now: number): Operation {
  const started = now >= op.buildStartsAt;
  const done = isDone(op, now);
  const view: Operation = {
    name: operationName(op, now >= op.namedAt ? op.id : NO_BUILD),
    metadata: {
      '@type': UPDATE_ENVIRONMENT_METADATA_TYPE,
      build: buildName(op, isBuild(op) && started ? op.buildId : NO_BUILD),
      deployment: isBuild(op) && done && !op.failure ? deploymentName(op, op.deploymentId) : '',
    },
    done,
  };
  if (done && op.failure) view.error = { code: BUILD_FAILED_CODE, message: op.failure };
  return view;
}

/** What creating an environment or uploading answers (spec): `no_build`, not done, whatever the clock says. */
export function initialOperationView(op: OperationRec): Operation {
  return operationView(op, Number.NEGATIVE_INFINITY);
}

export const getOperation: Handler = (ctx) => {
  const env = environmentOfPath(ctx);
  const id = ctx.params.operation!;
  const op = id === NO_BUILD ? latestOperation(ctx.state, env) : findOperation(ctx.state, env, id);
  if (!op) throw notFound(`operation "${environmentName(env)}/operations/${id}"`);
  return { status: 200, body: operationView(op, ctx.clock.now()) };
};
