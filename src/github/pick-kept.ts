/**
 * Which kept archive a rollback uploads again, chosen from GitHub's artifact listing
 * (`GET /repos/{owner}/{repo}/actions/artifacts?name=…`). Pure, so the choice is a table test.
 * Only artifacts named exactly `headless-deploy-{app}-{environment-id}` are candidates (the
 * listing's name filter is GitHub's; it is checked again here), expired ones are skipped, and
 * the order is taken from `created_at`, newest first, whatever order the listing came in.
 */
export interface ListedArtifact {
  readonly id: number;
  readonly name: string;
  readonly expired: boolean;
  readonly created_at: string | null;
  /**
   * The run that made it: `repository_id` is the repository it ran in, `head_repository_id` the
   * one its code came from (a fork's, for a pull request from a fork).
   */
  readonly workflow_run?: {
    readonly id?: number | null;
    readonly repository_id?: number | null;
    readonly head_repository_id?: number | null;
  } | null;
  /** `sha256:{hex}` of the artifact's zip, where GitHub gives it. */
  readonly digest?: string | null;
  /** The size of the artifact's zip, as GitHub lists it. */
  readonly size_in_bytes?: number | null;
}

export type Want =
  /** `rollback: previous`: the one before the newest. */
  | { readonly kind: 'previous' }
  /** `rollback: <run id>`: the one that run kept. */
  | { readonly kind: 'run'; readonly runId: number }
  /** `rollback-on-failure`: the newest kept by an earlier run than this one. */
  | { readonly kind: 'before-run'; readonly runId: number };

export type Pick = { readonly artifact: ListedArtifact } | { readonly none: string };

export function pickKept(listing: readonly ListedArtifact[], name: string, want: Want): Pick {
  const kept = listing
    .filter((a) => a.name === name && !a.expired)
    .sort((a, b) => Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? '') || b.id - a.id);
  const runOf = (a: ListedArtifact) => a.workflow_run?.id ?? null;
  let artifact: ListedArtifact | undefined;
  if (want.kind === 'previous') {
    artifact = kept[1];
    if (!artifact) {
      return {
        none: `${kept.length === 0 ? 'no' : 'only one'} unexpired archive named "${name}" is kept, so there is no previous one to roll back to`,
      };
    }
  } else if (want.kind === 'run') {
    artifact = kept.find((a) => runOf(a) === want.runId);
    if (!artifact) return { none: `run ${want.runId} kept no unexpired archive named "${name}"` };
  } else {
    artifact = kept.find((a) => runOf(a) !== want.runId);
    if (!artifact) return { none: `no earlier run kept an unexpired archive named "${name}"` };
  }
  return { artifact };
}
