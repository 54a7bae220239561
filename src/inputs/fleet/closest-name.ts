/**
 * The known name a misspelled key or target most likely meant, for the fleet file's messages.
 * (The program's flags have their own did-you-mean above this layer; this one serves the inputs.)
 */

/** Edits (insert, delete, replace) between two short strings. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * The name of `known` nearest to `wanted` when near enough to be a slip (a third of its letters,
 * at least one), or one that `wanted` starts (`env` for `environment`); null otherwise.
 */
export function closestName(wanted: string, known: Iterable<string>): string | null {
  const w = wanted.toLowerCase().replace(/_/g, '-');
  const names = [...known];
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = distance(w, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  if (best !== null && bestDistance <= Math.max(1, Math.floor(w.length / 3))) return best;
  return (w.length >= 3 && names.find((name) => name.startsWith(w))) || null;
}

/** `: did you mean "x"?` or nothing. */
export function didYouMeanTail(wanted: string, known: Iterable<string>): string {
  const near = closestName(wanted, known);
  return near === null ? '' : `: did you mean "${near}"?`;
}
