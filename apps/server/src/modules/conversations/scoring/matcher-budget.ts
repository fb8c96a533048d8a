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

/** Entries asked just before the one being asked, measured again with it (`createBudgetFit`). */
const RECENT_ASKED = 8;
/** Every this many fits, every entry is measured again. */
export const RECOUNT_EVERY = 256;

/**
 * Keeps `held` within `budgetBytes`: `fit(keep)` drops the least recently asked entries (in the
 * map's key order) until the rest fit, never `keep` (the storyfile being asked, kept even when it
 * alone is over the budget), and answers what is held now; `evicted` lists those it dropped.
 *
 * Their sum is kept as entries change rather than added up on every ask (a holder of 1,000
 * storyfiles spent a millisecond an ask on it: issue 69). An entry grows or shrinks when it is
 * asked (its version, its snapshot taken, its matcher built), so each fit measures again the entry
 * being asked and the few asked just before it (their snapshots were taken since), and every
 * `RECOUNT_EVERY`-th fit all of them, so an entry that changed otherwise is counted as it is within
 * that many asks. An entry added or removed outside `fit` is seen by the count of entries.
 */
export function createBudgetFit<Value>(
  held: Map<string, Value>,
  sizeOf: (value: Value) => number,
  budgetBytes: number,
): (keep: string) => HeldMatchers & { evicted: string[] } {
  const counted = new Map<string, number>();
  const recent: string[] = [];
  let bytes = 0;
  let fits = 0;

  function measure(key: string): void {
    const value = held.get(key);
    bytes -= counted.get(key) ?? 0;
    if (value === undefined) {
      counted.delete(key);
      return;
    }
    const size = sizeOf(value);
    counted.set(key, size);
    bytes += size;
  }

  function recount(): void {
    counted.clear();
    bytes = 0;
    for (const [key, value] of held) {
      const size = sizeOf(value);
      counted.set(key, size);
      bytes += size;
    }
  }

  return (keep) => {
    fits += 1;
    recent.push(keep);
    if (recent.length > RECENT_ASKED) {
      recent.shift();
    }
    if (fits % RECOUNT_EVERY === 0) {
      recount();
    } else {
      recent.forEach(measure);
      if (counted.size !== held.size) {
        recount();
      }
    }
    const evicted: string[] = [];
    for (const key of held.keys()) {
      if (bytes <= budgetBytes) {
        break;
      }
      if (key !== keep) {
        held.delete(key);
        bytes -= counted.get(key) ?? 0;
        counted.delete(key);
        evicted.push(key);
      }
    }
    return { bytes, storyfiles: held.size, evictions: evicted.length, evicted };
  };
}

/** Each holder's share of MATCHER_CACHE_MB: the server's cache and every scorer thread alike. */
export function shareOfBudget(budgetMb: number, workers: number): number {
  return Math.floor((budgetMb * 1024 * 1024) / (1 + Math.max(0, workers)));
}
