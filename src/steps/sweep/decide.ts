/**
 * What the sweep does with each preview, as a decision table. Pure.
 *
 * | the pull request                          | the preview                               |
 * | ----------------------------------------- | ----------------------------------------- |
 * | open                                      | kept                                      |
 * | closed, not merged                        | deleted                                   |
 * | merged                                    | deleted                                   |
 * | GitHub answers 404 (or 410) for it        | kept: not a pull request of {owner}/{repo} |
 * | unreadable (401/403, 5xx after retries,   | kept, with the reason                     |
 * | a rate limit too long to wait, no answer) |                                           |
 * | (no pull request number in the name)      | kept                                      |
 *
 * Only an answer that says the pull request is over deletes. A 404 says nothing of the kind:
 * the number may be an issue's, another repository's pull request, a date or a version in a
 * name, or the token may not see the repository at all; none of those is a finished preview.
 */

export type PullState =
  | { readonly kind: 'open' | 'closed' | 'merged' }
  /** GitHub knows no pull request of this number in `repository` (owner/repo). */
  | { readonly kind: 'missing'; readonly repository: string }
  | { readonly kind: 'unreadable'; readonly reason: string };

export type Verdict = { readonly delete: true } | { readonly delete: false; readonly why: string };

export function decide(state: PullState | null): Verdict {
  if (state === null) return { delete: false, why: 'no pull request number' };
  switch (state.kind) {
    case 'closed':
    case 'merged':
      return { delete: true };
    case 'open':
      return { delete: false, why: 'the pull request is open' };
    case 'missing':
      return { delete: false, why: `not a pull request of ${state.repository}` };
    case 'unreadable':
      return { delete: false, why: `the pull request's state could not be read: ${state.reason}` };
  }
}

/**
 * A warning when GitHub answered 404 for every pull request asked: each is kept either way, but
 * this is also what a token that cannot see the repository gets, and only the user can tell.
 */
export function everyMissingWarning(states: ReadonlyMap<number, PullState>): string | null {
  const all = [...states.values()];
  const repository = all[0]?.kind === 'missing' ? all[0].repository : null;
  if (repository === null || !all.every((s) => s.kind === 'missing')) return null;
  return (
    `GitHub answered 404 for every pull request asked (${all.length}), so the sweep kept every preview: ` +
    `either none of the numbers is a pull request of ${repository}, or github-token cannot see that ` +
    'repository (check github-token, its "permissions: pull-requests: read", and GITHUB_REPOSITORY)'
  );
}

/** The state in the summary's words. */
export function stateLabel(state: PullState | null): string {
  if (state === null) return '';
  return state.kind === 'missing' ? 'not found' : state.kind;
}

/**
 * True when a sweep must stop before deleting anything: more to delete than `sweep-max`, the
 * sign of a pattern wider than meant.
 */
export function overThreshold(toDelete: number, max: number): boolean {
  return toDelete > max;
}
