/**
 * The known name a misspelled one was meant to be, for "did you mean" hints. The emulator's own
 * (it takes nothing from src/ but the route table); case, `_` and `-` are ignored, so
 * `displayname`, `display_name` and `first-name` meet `displayName` and `first_name`.
 */

const loose = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

/** Edits (a letter added, dropped, changed, or two neighbours swapped) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  // d[i][j]: edits from a's first i letters to b's first j; from or to nothing, one per letter.
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/** The nearest of `known` when about a third of `wanted`'s letters or fewer are wrong (one at least), else null. */
export function closestName(wanted: string, known: Iterable<string>): string | null {
  const w = loose(wanted);
  let best: { name: string; distance: number } | null = null;
  for (const name of known) {
    const distance = editDistance(w, loose(name));
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(1, Math.floor(w.length / 3)) ? best.name : null;
}
