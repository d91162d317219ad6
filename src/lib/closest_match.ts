/** "Did you mean": the known word closest to a typo, by edit distance (adjacent swaps count as one edit). */

/** Returns the closest candidate, or undefined when none is near enough to be a plausible typo. */
export function closestMatch(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  // Short words tolerate one edit, longer ones a third of their length, so "rols" -> "roles" but "x" -> nothing.
  const limit = Math.max(1, Math.floor(lower.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) return undefined;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) => {
    const line = new Array<number>(columns).fill(0);
    line[0] = row;
    return line;
  });
  for (let column = 0; column < columns; column++) table[0][column] = column;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let value = Math.min(
        table[row - 1][column] + 1,
        table[row][column - 1] + 1,
        table[row - 1][column - 1] + cost,
      );
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) {
        value = Math.min(value, table[row - 2][column - 2] + 1);
      }
      table[row][column] = value;
    }
  }
  return table[a.length][b.length];
}
