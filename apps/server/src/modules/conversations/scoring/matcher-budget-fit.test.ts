// Issue 69: a holder's bytes are kept as its entries change (`createBudgetFit`), not added up on
// every ask; what it drops and what it counts stay what a full count over every entry gives.
import { describe, expect, it } from 'vitest';
import { createBudgetFit, RECOUNT_EVERY } from './matcher-budget.ts';

interface Entry {
  bytes: number;
}

/** What a holder asked `key` does (its entry moved to the end of the map), then the fit. */
function ask(held: Map<string, Entry>, fit: ReturnType<typeof createBudgetFit>, key: string) {
  const entry = held.get(key) ?? { bytes: 10 };
  held.delete(key);
  held.set(key, entry);
  return fit(key);
}

function sum(held: Map<string, Entry>): number {
  return [...held.values()].reduce((total, entry) => total + entry.bytes, 0);
}

describe('a holder of matchers fitted to its budget', () => {
  it('drops the least recently asked first, never the one asked, and names them', () => {
    const held = new Map<string, Entry>();
    const fit = createBudgetFit(held, (entry) => entry.bytes, 35);
    for (const key of ['a', 'b', 'c']) {
      expect(ask(held, fit, key).evicted).toEqual([]);
    }
    ask(held, fit, 'a');
    // d makes 40: b, asked longest ago, goes.
    expect(ask(held, fit, 'd')).toEqual({ bytes: 30, storyfiles: 3, evictions: 1, evicted: ['b'] });
    expect([...held.keys()]).toEqual(['c', 'a', 'd']);
    // One entry over the whole budget is kept alone.
    held.set('big', { bytes: 100 });
    expect(fit('big')).toMatchObject({ bytes: 100, storyfiles: 1, evicted: ['c', 'a', 'd'] });
  });

  it('counts what a full count counts, entries growing as they are asked (their snapshots taken)', () => {
    const held = new Map<string, Entry>();
    const fit = createBudgetFit(held, (entry) => entry.bytes, 400);
    let seed = 69;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let previous: string | undefined;
    for (let i = 0; i < 2_000; i++) {
      const key = `s${Math.floor(random() * 60)}`;
      // The entry asked before grew during its ask, after its fit (as a snapshot is taken).
      if (previous && held.has(previous)) {
        held.get(previous)!.bytes += Math.floor(random() * 5);
      }
      const report = ask(held, fit, key);
      expect(report.bytes).toBe(sum(held));
      expect(report.bytes <= 400 || held.size === 1).toBe(true);
      previous = key;
    }
  });

  it('counts an entry changed outside its asks within a recount, and sees entries removed', () => {
    const held = new Map<string, Entry>();
    const fit = createBudgetFit(held, (entry) => entry.bytes, 10_000);
    for (let i = 0; i < 20; i++) {
      ask(held, fit, `s${i}`);
    }
    // Built by a settings page, say: not asked again.
    held.get('s0')!.bytes = 500;
    let report = ask(held, fit, 's19');
    for (let i = 1; i < RECOUNT_EVERY && report.bytes !== sum(held); i++) {
      report = ask(held, fit, 's19');
    }
    expect(report.bytes).toBe(sum(held));
    held.clear();
    expect(ask(held, fit, 'fresh')).toMatchObject({ bytes: 10, storyfiles: 1 });
  });
});
