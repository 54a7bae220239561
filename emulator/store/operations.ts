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

/** Done: its time has come and nothing holds it running. */
export const isDone = (op: Pick<OperationRec, 'doneAt' | 'held'>, now: number): boolean => !op.held && now >= op.doneAt;

/** When a build that starts at `now` and takes `buildMs` gets its real build id. */
export const buildStartsAt = (now: number, buildMs: number) => now + Math.min(MAX_BUILD_START_MS, buildMs / 10);

/**
 * Records a new operation on `env`. Environment create/update ops have no build and are done at
 * once; builds get a real build id after min(0.5 s, 10% of the build) and finish after
 * `buildSeconds`. A build that comes while the environment's latest operation is a build not yet
 * done takes that operation over (`takeOver`): the platform names every upload's operation by
 * the environment, so a poller of the first upload sees the second's build from then on.
 */
export function startOperation(deps: OperationDeps, env: EnvironmentRec, o: StartOptions): OperationRec {
  const now = deps.clock.now();
  const buildMs = Math.max(0, deps.options.buildSeconds * 1000);
  const build = BUILDS.includes(o.kind);
  const latest = latestOperation(deps.state, env);
  if (build && latest && isBuild(latest) && !isDone(latest, now)) return takeOver(latest, now, buildMs, o);
  const taken = (id: string) => deps.state.operations.some((op) => op.id === id);
  const starts = build ? buildStartsAt(now, buildMs) : now;
  const op: OperationRec = {
    id: newHexId(12, taken),
    account: env.account,
    app: env.app,
    environment: env.id,
    kind: o.kind,
    startedAt: now,
    buildStartsAt: starts,
    doneAt: build ? now + buildMs : now,
    buildId: build ? newHexId(8) : '',
    deploymentId: build ? newHexId(8) : '',
    failure: o.failure ?? null,
    uploadIndex: o.uploadIndex ?? null,
    buildMs: build ? buildMs : 0,
    namedAt: starts,
    held: false,
    supersededBuilds: [],
  };
  deps.state.operations.push(op);
  return op;
}

/**
 * The new build replaces the running one on the same operation: same id (and name, once shown),
 * a new build and deployment id, its own timing from now and its own outcome. The build it
 * replaces is kept in `supersededBuilds` and never completes; a hold ends with it (it held that build).
 */
function takeOver(op: OperationRec, now: number, buildMs: number, o: StartOptions): OperationRec {
  op.supersededBuilds.push({ buildId: op.buildId, kind: op.kind, uploadIndex: op.uploadIndex, supersededAt: now });
  const used = new Set([op.buildId, ...op.supersededBuilds.map((b) => b.buildId)]);
  Object.assign(op, {
    kind: o.kind,
    startedAt: now,
    buildStartsAt: buildStartsAt(now, buildMs),
    doneAt: now + buildMs,
    buildId: newHexId(8, (id) => used.has(id)),
    deploymentId: newHexId(8, (id) => id === op.deploymentId),
    failure: o.failure ?? null,
    uploadIndex: o.uploadIndex ?? null,
    buildMs,
    held: false,
  } satisfies Partial<OperationRec>);
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
