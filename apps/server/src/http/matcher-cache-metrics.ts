import { Counter, Gauge, type Registry } from 'prom-client';

/** What one holder of matchers keeps (the server's matcher cache, or its scorer threads added up). */
export interface HeldMatchersState {
  bytes: number;
  storyfiles: number;
  evictions: number;
}

/** MATCHER_CACHE_MB's figures, read at scrape time: the budget and each holder's share of it. */
export interface MatcherCacheState {
  budgetBytes: number;
  /** The server's matcher cache, on the event loop. */
  main: HeldMatchersState;
  /** The scorer threads together (absent with MATCHER_WORKERS=0). */
  scorers?: HeldMatchersState;
}

/**
 * The matchers kept in memory (issue 51, item 2): their estimated bytes and storyfiles by holder
 * (`main`: the matcher cache on the event loop, `scorers`: the scorer threads together) against
 * MATCHER_CACHE_MB, and the least recently asked dropped to stay within it.
 */
export function registerMatcherCacheMetrics(
  registry: Registry,
  read: () => MatcherCacheState | undefined,
): void {
  const eachHolder = (pick: (held: HeldMatchersState) => number) => {
    const state = read();
    const holders: Array<[string, HeldMatchersState]> = [];
    if (state) {
      holders.push(['main', state.main]);
      if (state.scorers) {
        holders.push(['scorers', state.scorers]);
      }
    }
    return holders.map(([holder, held]) => [{ holder }, pick(held)] as const);
  };
  new Gauge({
    name: 'conversa_matcher_cache_budget_bytes',
    help: 'MATCHER_CACHE_MB in bytes: what the storyfiles matchers kept in memory may take, all holders together.',
    registers: [registry],
    collect() {
      this.reset();
      const state = read();
      if (state) {
        this.set(state.budgetBytes);
      }
    },
  });
  new Gauge({
    name: 'conversa_matcher_cache_bytes',
    help: 'Estimated bytes of the storyfiles matchers kept in memory, by holder (main: the matcher cache, scorers: the scorer threads).',
    labelNames: ['holder'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of eachHolder((held) => held.bytes)) {
        this.set(labels, value);
      }
    },
  });
  new Gauge({
    name: 'conversa_matcher_cache_storyfiles',
    help: 'Storyfiles whose matcher is kept in memory, by holder (a scorer thread each counts its own).',
    labelNames: ['holder'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of eachHolder((held) => held.storyfiles)) {
        this.set(labels, value);
      }
    },
  });
  new Counter({
    name: 'conversa_matcher_cache_evictions_total',
    help: 'Matchers dropped to stay within MATCHER_CACHE_MB (least recently asked first), by holder.',
    labelNames: ['holder'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of eachHolder((held) => held.evictions)) {
        this.inc(labels, value);
      }
    },
  });
}
