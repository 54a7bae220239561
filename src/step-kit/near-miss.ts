/**
 * Names that are almost right. A deploy creates what it does not find, so `Production` next to
 * `production`, or `shop_front` next to `shop-front`, would quietly make a second app or
 * environment and leave the run green. These rules turn such a near miss into an error that
 * names the existing record, before anything is created.
 */

/** The name with case, spaces, `-` and `_` ignored: `Staging Preview` and `staging-preview` meet. */
export function looseKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/** Names shorter than this (in loose form) are too short for one letter to be a typo: `prod`, `web1`. */
export const MIN_TYPO_LENGTH = 5;

/**
 * True when `a` and `b` differ by one letter added, dropped or changed, or two neighbours
 * swapped. A digit in the difference never counts: `pr-12` next to `pr-13`, or `staging2` next to
 * `staging`, are names of their own, not slips.
 */
export function oneLetterApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const fromA = a.slice(start, a.length - end);
  const fromB = b.slice(start, b.length - end);
  if (/\d/.test(fromA + fromB)) return false;
  if (fromA.length <= 1 && fromB.length <= 1) return true;
  return fromA.length === 2 && fromB.length === 2 && fromA[0] === fromB[1] && fromA[1] === fromB[0];
}

/**
 * The first of `existing` that `wanted` nearly names, or null: the same loose key (case, spaces,
 * `-` and `_` ignored), or, for names of five or more characters, loose keys one letter apart
 * (`stagng` next to `staging`, `storfront` next to `storefront`). The same text is no near miss.
 */
export function nearMiss(wanted: string, existing: Iterable<string>): string | null {
  const key = looseKey(wanted);
  const names = [...existing].filter((name) => name !== wanted);
  const same = names.find((name) => looseKey(name) === key);
  if (same !== undefined) return same;
  if (key.length < MIN_TYPO_LENGTH) return null;
  return names.find((name) => looseKey(name).length >= MIN_TYPO_LENGTH && oneLetterApart(looseKey(name), key)) ?? null;
}
