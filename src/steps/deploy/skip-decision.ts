/**
 * Whether a deploy can be skipped as unchanged: pure, from what the run knows. Every check that
 * was asked for must hold; anything unknown means deploy, since skipping on a guess could leave
 * a stale tree live while the run says all is well.
 */
import type { LastDeployment } from '../../github/last-deployment.js';
import { quoteUntrusted } from '../../api/url.js';

export interface SkipFacts {
  /** The tree's content digest, `sha256:{hex}`. */
  digest: string;
  /** `skip-if-digest`, or null. */
  skipIfDigest: string | null;
  /** With `skip-unchanged`: the newest GitHub Deployment of the environment (null: none or unreadable). */
  last?: LastDeployment | null;
  /** The environment's id; null when it does not exist yet. */
  environmentId: string | null;
  /** Whether applying `env-vars` would change the environment's shell variables. */
  envVarsChange: boolean;
}

export type SkipDecision = { skip: true } | { skip: false; why: string };

export function decideSkip(f: SkipFacts): SkipDecision {
  const no = (why: string): SkipDecision => ({ skip: false, why });
  if (f.environmentId === null) return no('the environment does not exist yet');
  if (f.skipIfDigest !== null && f.skipIfDigest !== f.digest)
    return no('the content digest differs from skip-if-digest');
  if (f.last !== undefined) {
    const last = f.last;
    if (!last) return no('no GitHub Deployment of this environment is known');
    if (last.state !== 'success') {
      return no(
        `the newest GitHub Deployment (${last.id}) is ${last.state ? quoteUntrusted(last.state, 40) : 'without a status'}, not success`,
      );
    }
    if (last.payload.environmentId !== f.environmentId) {
      return no(`the newest GitHub Deployment (${last.id}) was for another environment id`);
    }
    if (last.payload.contentDigest !== f.digest) {
      return no(`the newest GitHub Deployment (${last.id}) holds another content digest`);
    }
  }
  if (f.envVarsChange) return no('env-vars would change the shell variables');
  return { skip: true };
}
