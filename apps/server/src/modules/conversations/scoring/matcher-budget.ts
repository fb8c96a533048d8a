// MATCHER_CACHE_MB: the matchers a holder (the server's matcher cache, or one scorer thread) keeps
// are bounded by bytes (`matcher-bytes.ts`), the least recently asked dropped first. A Map keeps
// its keys in insertion order, so a holder that moves a storyfile to the end on every ask has its
// least recently asked first.

/** What a holder of matchers keeps: its bytes, storyfiles and evictions since it started. */
export interface HeldMatchers {
  bytes: number;
  storyfiles: number;
  evictions: number;
}

/**
 * Drops the least recently asked entries of `held` (in its key order) until the rest fit in
 * `budgetBytes`, never `keep` (the storyfile being asked, which is kept even when it alone is over
 * the budget). Answers what is held now; `evicted` lists those dropped by this call.
 */
export function evictOverBudget<Value>(
  held: Map<string, Value>,
  sizeOf: (value: Value) => number,
  budgetBytes: number,
  keep: string,
): HeldMatchers & { evicted: string[] } {
  let bytes = 0;
  for (const value of held.values()) {
    bytes += sizeOf(value);
  }
  const evicted: string[] = [];
  for (const [key, value] of held) {
    if (bytes <= budgetBytes) {
      break;
    }
    if (key !== keep) {
      held.delete(key);
      bytes -= sizeOf(value);
      evicted.push(key);
    }
  }
  return { bytes, storyfiles: held.size, evictions: evicted.length, evicted };
}

/** Each holder's share of MATCHER_CACHE_MB: the server's cache and every scorer thread alike. */
export function shareOfBudget(budgetMb: number, workers: number): number {
  return Math.floor((budgetMb * 1024 * 1024) / (1 + Math.max(0, workers)));
}
