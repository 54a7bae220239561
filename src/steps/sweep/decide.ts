/**
 * What the sweep does with each preview, as a decision table. Pure.
 *
 * | the pull request                          | the preview |
 * | ----------------------------------------- | ----------- |
 * | open                                      | kept        |
 * | closed, not merged                        | deleted     |
 * | merged                                    | deleted     |
 * | missing (404, or 410 gone)                | deleted     |
 * | unreadable (401/403, 5xx after retries,   | kept, with  |
 * | a rate limit too long to wait, no answer) | the reason  |
 * | (no pull request number in the name)      | kept        |
 *
 * Only an answer that says the pull request is over deletes: whatever cannot be read keeps.
 * A 404 counts as "missing" only when GitHub showed the same token another pull request of the
 * repository in the same sweep (`trustMissing`): a token that cannot see the repository at all
 * gets 404 for every pull request, and that must not read as "every pull request is gone".
 */

export type PullState =
  | { readonly kind: 'open' | 'closed' | 'merged' | 'missing' }
  | { readonly kind: 'unreadable'; readonly reason: string };

export type Verdict = { readonly delete: true } | { readonly delete: false; readonly why: string };

export function decide(state: PullState | null): Verdict {
  if (state === null) return { delete: false, why: 'no pull request number' };
  switch (state.kind) {
    case 'closed':
    case 'merged':
    case 'missing':
      return { delete: true };
    case 'open':
      return { delete: false, why: 'the pull request is open' };
    case 'unreadable':
      return { delete: false, why: `the pull request's state could not be read: ${state.reason}` };
  }
}

/** The states, with every `missing` made `unreadable` when no pull request was found at all. */
export function trustMissing(states: ReadonlyMap<number, PullState>): Map<number, PullState> {
  const seen = [...states.values()].some((s) => s.kind === 'open' || s.kind === 'closed' || s.kind === 'merged');
  const out = new Map(states);
  if (seen) return out;
  for (const [number, state] of states) {
    if (state.kind === 'missing') {
      out.set(number, {
        kind: 'unreadable',
        reason:
          'GitHub answered 404 for every pull request asked, as it does when the token cannot see the repository ' +
          '(check github-token and GITHUB_REPOSITORY)',
      });
    }
  }
  return out;
}

/** The state in the summary's words. */
export function stateLabel(state: PullState | null): string {
  if (state === null) return '';
  return state.kind === 'missing' ? 'not found' : state.kind;
}

/**
 * True when a sweep must stop before deleting anything: more to delete than `sweep-max`, the
 * sign of a pattern wider than meant (or of GitHub answering "not found" for everything).
 */
export function overThreshold(toDelete: number, max: number): boolean {
  return toDelete > max;
}
