/**
 * The guard in front of a delete: an environment is deleted only when its display name matches
 * `delete-pattern`. A glob, matched against the whole display name, case-sensitively: `*` any
 * run of characters (not `/`), `?` one character, `[…]` a class, `{a,b}` alternatives. Negation
 * (`!x`) is off: "everything but production" is exactly the kind of pattern that deletes
 * production after a typo elsewhere.
 */
import { Minimatch } from 'minimatch';
import { quote } from '../inputs/parsers.js';

export interface DeletePattern {
  readonly source: string;
  matches(displayName: string): boolean;
}

const OPTIONS = { nonegate: true, nocomment: true, noglobstar: true, dot: true, nocase: false } as const;

/** Checks a pattern from the `delete-pattern` input; throws a message without a subject. */
export function parseDeletePattern(value: string): DeletePattern {
  const source = value.trim();
  if (source.startsWith('!')) {
    throw new Error(`${quote(source)} starts with "!"; negated patterns are not supported, name what may be deleted`);
  }
  const glob = new Minimatch(source, OPTIONS);
  if (glob.makeRe() === false) throw new Error(`${quote(source)} is not a valid glob pattern`);
  return { source, matches: (name) => glob.match(name) };
}
