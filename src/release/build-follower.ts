/**
 * Which build a wait is following. The spec names every upload's operation
 * `…/operations/no_build`, "the environment's latest operation", and a later upload to the same
 * environment may take the operation over: a poll can show another upload's build. So the
 * build is judged at every poll:
 * - a deploy's own wait (`claim`) takes the first build it sees that is not the one the
 *   environment showed before the upload as its own, and any other build after that means a
 *   later upload took over;
 * - the wait step with `build` (`given`) knows its build from the run that uploaded;
 * - the wait step without it (`latest`) follows whatever the operation shows.
 * Pure: what a poll showed in, a verdict out.
 */

export type BuildWatch =
  | { readonly kind: 'latest' }
  | { readonly kind: 'given'; readonly build: string }
  | { readonly kind: 'claim'; readonly before: string | null };

export type BuildSeen =
  /** No build yet (`…/builds/no_build`, or none named). */
  | { readonly kind: 'none' }
  /** The build the environment showed before this upload: not this upload's yet. */
  | { readonly kind: 'earlier'; readonly build: string }
  | { readonly kind: 'ours'; readonly build: string }
  /** Another upload's build, where this one's was expected. */
  | { readonly kind: 'other'; readonly build: string; readonly ours: string | null };

/** A build name that names a build: not empty, not the spec's `no_build` stand-in. */
export function isRealBuild(build: string | null | undefined): build is string {
  return typeof build === 'string' && build !== '' && build !== 'no_build' && !build.endsWith('/no_build');
}

/** The id at the end of a server's name (`…/builds/1a2b` → `1a2b`). */
export const lastSegment = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/** Equal names, or a bare id (the `build` input may give one) equal to the name's last segment. */
export function sameBuild(expected: string, seen: string): boolean {
  return expected === seen || (!expected.includes('/') && lastSegment(seen) === expected);
}

export class BuildFollower {
  private ours: string | null;

  constructor(readonly watch: BuildWatch) {
    this.ours = watch.kind === 'given' ? watch.build : null;
  }

  /** The build taken as this wait's, once known (the given one from the start). */
  get build(): string | null {
    return this.ours;
  }

  /** Judges the build a poll showed; the first new build a `claim` sees becomes its own. */
  see(build: string | null | undefined): BuildSeen {
    if (!isRealBuild(build)) return { kind: 'none' };
    const w = this.watch;
    if (w.kind === 'latest') return { kind: 'ours', build };
    if (this.ours === null) {
      if (w.kind === 'claim' && w.before !== null && w.before === build) return { kind: 'earlier', build };
      this.ours = build;
      return { kind: 'ours', build };
    }
    return sameBuild(this.ours, build) ? { kind: 'ours', build } : { kind: 'other', build, ours: this.ours };
  }
}
