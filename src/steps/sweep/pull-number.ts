/**
 * Which pull request a preview belongs to, read from its display name. Pure.
 *
 * A name carries a pull request number when `pr-` and digits stand in it as a word of their
 * own: at the start or after a character that is not a letter or digit, and followed by the end
 * or such a character. So `pr-12`, `pr-12-docs`, `shop-pr-12` and `PR-12` carry 12, while
 * `pr-12a`, `xpr-12`, `pr-` and `pr-1x2` carry none. Only ASCII digits count, a leading zero is
 * not a pull request GitHub would number (`pr-012` carries none), and a name with two such words
 * (`pr-1-pr-2`) is ambiguous and carries none: a preview is deleted only when its pull request
 * is known for sure. The number is the whole run of digits, so `pr-12` is never `pr-1` or `pr-123`.
 */

export type PullNumber = { readonly number: number } | { readonly none: string };

// Linear: no nested quantifier, and the digits run is bounded by the name's own length.
const WORD = /(?<![A-Za-z0-9])pr-([0-9]+)(?![A-Za-z0-9])/gi;

export function pullNumberOf(displayName: string): PullNumber {
  const found = [...displayName.matchAll(WORD)].map((m) => m[1]!);
  if (found.length === 0) return { none: 'no pull request number (pr-{number}) in the name' };
  if (found.length > 1) return { none: `more than one pull request number in the name (${found.join(', ')})` };
  const digits = found[0]!;
  const number = Number(digits);
  if (digits.startsWith('0') || !Number.isSafeInteger(number)) {
    return { none: `"${digits}" is not a pull request number` };
  }
  return { number };
}
