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

/** The first of `existing` that `wanted` nearly names (same loose key, not the same text), or null. */
export function nearMiss(wanted: string, existing: Iterable<string>): string | null {
  const key = looseKey(wanted);
  for (const name of existing) {
    if (name !== wanted && looseKey(name) === key) return name;
  }
  return null;
}
