/** The closest known name to a misspelled one, for "did you mean" hints. */

/** Edits (insert, delete, replace, swap two neighbours) between two strings. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name nearest to `wanted`, when near enough to be a slip (about a third of its
 * letters), or one that `wanted` is a start of or holds (`--env` for `--environment`).
 */
export function didYouMean(wanted: string, known: Iterable<string>): string | null {
  const w = wanted.toLowerCase().replace(/_/g, '-');
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(w, name);
    if (!best || distance < best.distance) best = { name, distance };
  }
  if (best && best.distance <= Math.max(1, Math.floor(w.length / 3))) return best.name;
  for (const name of known) if (w.length >= 3 && name.startsWith(w)) return name;
  return null;
}
