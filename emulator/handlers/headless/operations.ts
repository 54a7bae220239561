/**
 * Long-running operations. Nothing runs in the background: an operation records when its build
 * starts and when it is done, and every read computes its state from the emulator clock, so a
 * test that moves the clock sees the build progress at once.
 */
import { UPDATE_ENVIRONMENT_METADATA_TYPE, type Operation } from '../../../src/api/types.js';
import type { Ctx, Handler } from '../../context.js';
import { notFound } from '../../errors.js';
import type { EnvironmentRec, OperationKind, OperationRec, State } from '../../store/state.js';
import { environmentOfPath } from './access.js';
import { buildName, deploymentName, environmentName, NO_BUILD, newHexId, operationName } from './names.js';

/** google.rpc.Code INVALID_ARGUMENT: what a build of a bad archive ends with (the API is Google-style). */
export const BUILD_FAILED_CODE = 3;

/** Longest wait before a build id appears, so a poller sees `no_build` briefly, as with the real service. */
const MAX_BUILD_START_MS = 500;

const BUILDS: readonly OperationKind[] = ['upload', 'rebuild', 'cleanRebuild'];
const isBuild = (op: OperationRec) => BUILDS.includes(op.kind);

export interface StartOptions {
  kind: OperationKind;
  /** Index in state.uploads of the code the build uses (uploads and rebuilds). */
  uploadIndex?: number | null;
  /** Why the build will fail, when it will. */
  failure?: string | null;
}

/**
 * Records a new operation on `env`. Environment create/update ops have no build and are done at
 * once; builds get a real build id after min(0.5 s, 10% of the build) and finish after
 * `buildSeconds`.
 */
export function startOperation(
  ctx: Pick<Ctx, 'state' | 'clock' | 'options'>,
  env: EnvironmentRec,
  o: StartOptions,
): OperationRec {
  const now = ctx.clock.now();
  const buildMs = Math.max(0, ctx.options.buildSeconds * 1000);
  const build = BUILDS.includes(o.kind);
  const taken = (id: string) => ctx.state.operations.some((op) => op.id === id);
  const op: OperationRec = {
    id: newHexId(12, taken),
    account: env.account,
    app: env.app,
    environment: env.id,
    kind: o.kind,
    startedAt: now,
    buildStartsAt: build ? now + Math.min(MAX_BUILD_START_MS, buildMs / 10) : now,
    doneAt: build ? now + buildMs : now,
    buildId: build ? newHexId(8) : '',
    deploymentId: build ? newHexId(8) : '',
    failure: o.failure ?? null,
    uploadIndex: o.uploadIndex ?? null,
  };
  ctx.state.operations.push(op);
  return op;
}

/** The operation as the API shows it at emulator time `now`. */
export function operationView(op: OperationRec, now: number): Operation {
  const started = now >= op.buildStartsAt;
  const done = now >= op.doneAt;
  const view: Operation = {
    name: operationName(op, started ? op.id : NO_BUILD),
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

/** The environment's most recent operation: what `operations/no_build` resolves to. */
export function latestOperation(state: State, env: EnvironmentRec): OperationRec | undefined {
  return state.operations.findLast(
    (op) => op.account === env.account && op.app === env.app && op.environment === env.id,
  );
}

export const getOperation: Handler = (ctx) => {
  const env = environmentOfPath(ctx);
  const id = ctx.params.operation!;
  const op =
    id === NO_BUILD
      ? latestOperation(ctx.state, env)
      : ctx.state.operations.find(
          (o) => o.id === id && o.account === env.account && o.app === env.app && o.environment === env.id,
        );
  if (!op) throw notFound(`operation "${environmentName(env)}/operations/${id}"`);
  return { status: 200, body: operationView(op, ctx.clock.now()) };
};
