/**
 * Holding an operation running: a test or a rehearsal needs an environment that stays busy (a
 * colleague's long build) however far it moves the clock, and then finishes when it says so.
 * Set by the control route `POST /__emulator/environments/{id}/operation` or by `runningBuild`
 * on an environment of the seed.
 */
import { createHash } from 'node:crypto';
import { isDone } from './operations.js';
import type { EnvironmentRec, OperationRec } from './state.js';

/**
 * `running: true` holds `op` not done until released; `false` releases it, and it finishes its
 * build's time after the release. Holding what is already held, or releasing what is not, changes
 * nothing. A done operation cannot be held (what a client saw finish stays finished): false then.
 */
export function setOperationRunning(op: OperationRec, running: boolean, now: number): boolean {
  if (running) {
    if (!op.held && isDone(op, now)) return false;
    op.held = true;
  } else if (op.held) {
    op.held = false;
    op.doneAt = now + op.buildMs;
  }
  return true;
}

/** Lower-case hex of `length` derived from names, so a seed's records keep their ids across starts. */
const stableHex = (length: number, ...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, length);

/**
 * The build a seed's `runningBuild: true` starts an environment with: an upload's build, already
 * started (a real build id), held running until released. It carries no upload of the seed's, so
 * once released it succeeds and deploys nothing a site shows, and a rebuild still has nothing to build.
 */
export function seededRunningBuild(env: EnvironmentRec, now: number, buildMs: number): OperationRec {
  const name = [env.account, env.app, env.id];
  return {
    id: stableHex(12, 'operation', ...name),
    account: env.account,
    app: env.app,
    environment: env.id,
    kind: 'upload',
    startedAt: now,
    buildStartsAt: now,
    doneAt: now + buildMs,
    buildId: stableHex(8, 'build', ...name),
    deploymentId: stableHex(8, 'deployment', ...name),
    failure: null,
    uploadIndex: null,
    buildMs,
    namedAt: now,
    held: true,
    supersededBuilds: [],
  };
}
