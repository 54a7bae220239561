/**
 * Which pull request a preview belongs to, read from its display name. Pure.
 *
 * Previews are named `pr-{number}`, maybe after a prefix of the user's (`shop-pr-{number}`), and
 * the number is the whole of what stands in for `{number}`: `pr-` and ASCII digits end the name,
 * and stand at its start or after a character that is not a letter or digit. So `pr-12`,
 * `shop-pr-12`, `shop.pr-12` and `PR-12` carry 12, while `pr-2025-launch`, `pr-12-docs`,
 * `pr-12a`, `xpr-12`, `pr-` and `pr-1x2` carry none: a name that goes on after the digits is not
 * a preview's name, and reading its digits as a number would make a date or a version a pull
 * request (GitHub may well know one by that number, and its state would delete the environment).
 * A leading zero is not a pull request GitHub would number (`pr-012` carries none), and a name
 * with two `pr-{digits}` words (`pr-1-pr-2`) is ambiguous and carries none: a preview is deleted
 * only when its pull request is known for sure. The number is the whole run of digits, so
 * `pr-12` is never `pr-1` or `pr-123`.
 */

export type PullNumber = { readonly number: number } | { readonly none: string };

// Linear: no nested quantifier, and the digits run is bounded by the name's own length.
const WORD = /(?<![A-Za-z0-9])pr-([0-9]+)(?![A-Za-z0-9])/gi;

export function pullNumberOf(displayName: string): PullNumber {
  const found = [...displayName.matchAll(WORD)];
  if (found.length === 0) return { none: 'no pull request number (pr-{number}) in the name' };
  const all = found.map((m) => m[1]!);
  if (found.length > 1) return { none: `more than one pull request number in the name (${all.join(', ')})` };
  const m = found[0]!;
  const digits = m[1]!;
  if (m.index + m[0].length !== displayName.length) {
    return { none: `the name goes on after "${m[0]}": a preview's name ends in pr-{number}` };
  }
  const number = Number(digits);
  if (digits.startsWith('0') || !Number.isSafeInteger(number)) {
    return { none: `"${digits}" is not a pull request number` };
  }
  return { number };
}
