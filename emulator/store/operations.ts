/**
 * Long-running operations and builds. Nothing runs in the background: an operation records when
 * its build starts and when it is done, and every read computes its state from the emulator
 * clock, so a test that moves the clock sees the build progress at once.
 */
import type { EmulatorClock } from '../config/clock.js';
import { newHexId } from './ids.js';
import type { EnvironmentRec, OperationKind, OperationRec, State } from './state.js';

/** Longest wait before a build id appears, so a poller sees `no_build` briefly, as with the real service. */
const MAX_BUILD_START_MS = 500;

const BUILDS: readonly OperationKind[] = ['upload', 'rebuild', 'cleanRebuild'];
export const isBuild = (op: Pick<OperationRec, 'kind'>) => BUILDS.includes(op.kind);

export interface StartOptions {
  kind: OperationKind;
  /** Index in state.uploads of the code the build uses (uploads and rebuilds). */
  uploadIndex?: number | null;
  /** Why the build will fail, when it will. */
  failure?: string | null;
}

/** What starting an operation needs: the state, the clock, and how long a build takes. */
export interface OperationDeps {
  state: State;
  clock: EmulatorClock;
  options: { buildSeconds: number };
}

/**
 * Records a new operation on `env`. Environment create/update ops have no build and are done at
 * once; builds get a real build id after min(0.5 s, 10% of the build) and finish after
 * `buildSeconds`.
 */
export function startOperation(deps: OperationDeps, env: EnvironmentRec, o: StartOptions): OperationRec {
  const now = deps.clock.now();
  const buildMs = Math.max(0, deps.options.buildSeconds * 1000);
  const build = BUILDS.includes(o.kind);
  const taken = (id: string) => deps.state.operations.some((op) => op.id === id);
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
  deps.state.operations.push(op);
  return op;
}

const onEnvironment = (op: OperationRec, env: EnvironmentRec) =>
  op.account === env.account && op.app === env.app && op.environment === env.id;

/** The environment's most recent operation: what `operations/no_build` resolves to. */
export function latestOperation(state: State, env: EnvironmentRec): OperationRec | undefined {
  return state.operations.findLast((op) => onEnvironment(op, env));
}

export function findOperation(state: State, env: EnvironmentRec, id: string): OperationRec | undefined {
  return state.operations.find((op) => op.id === id && onEnvironment(op, env));
}

/** Why a build of these archive entries fails, or null when it can succeed. */
export function buildFailure(entries: readonly string[]): string | null {
  if (entries.includes('package.json')) return null;
  // One slash, then the literal name: a single pass over the entry name.
  const nested = entries.find((e) => {
    const slash = e.indexOf('/');
    return slash > 0 && e.slice(slash) === '/package.json';
  });
  const hint = nested
    ? `the archive holds "${nested}": zip the contents of that folder, not the folder itself`
    : "zip the application's root folder, the one that holds package.json";
  return `build failed: no package.json at the root of the uploaded archive; ${hint}`;
}

/** What a rebuild builds: the environment's last upload, with that upload's outcome. */
export function lastUpload(state: State, env: EnvironmentRec): { index: number | null; failure: string | null } {
  const index = state.uploads.findLastIndex(
    (u) => u.account === env.account && u.app === env.app && u.environment === env.id,
  );
  if (index < 0) return { index: null, failure: 'build failed: nothing to rebuild; upload the application code first' };
  return { index, failure: buildFailure(state.uploads[index]!.entries) };
}
