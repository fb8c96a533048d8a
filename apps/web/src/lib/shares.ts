/**
 * Whole percentages of parts of a total that add up to exactly 100 (the largest remainder
 * method): each part gets its share rounded down, then the points still missing go one each to
 * the parts with the largest remainders (the earlier part on a tie). Parts that do not reach the
 * total leave the rest to an unnamed remainder, which takes its own share and is not returned.
 * A total of 0 (or below) has no shares: every part is null.
 */
export function roundShares(parts: readonly number[], total: number): (number | null)[] {
  if (total <= 0) {
    return parts.map(() => null);
  }
  const named = parts.reduce((sum, part) => sum + part, 0);
  const all = named < total ? [...parts, total - named] : [...parts];
  const exact = all.map((part) => (part / Math.max(total, named)) * 100);
  const shares = exact.map(Math.floor);
  const missing = 100 - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder.slice(0, missing)) {
    shares[index] = (shares[index] ?? 0) + 1;
  }
  return shares.slice(0, parts.length);
}
