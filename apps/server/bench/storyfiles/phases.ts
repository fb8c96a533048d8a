// bench:storyfiles' three phases of asks (bench/storyfiles.ts), against one studio or a proxy in
// front of several: first each storyfile once in a random order (its first visit), then the
// spread (each ask a storyfile drawn at random from all of them), then the storyfiles asked
// longest ago, one at a time (dropped by then, when a holder keeps fewer than all).
import { askPublic, askSpread, type AskTiming } from './asks.ts';

export interface PhaseOptions {
  url: string;
  slugs: readonly string[];
  questions: readonly string[];
  concurrency: number;
  /** The spread: at most `asks` asks, for at most `seconds`. */
  asks: number;
  seconds: number;
  evicted: number;
}

export interface Phases {
  visits: AskTiming[];
  visitsSeconds: number;
  spread: AskTiming[];
  spreadSeconds: number;
  spreadSlugs: string[];
  /** Every storyfile asked, by its last ask, oldest first; the first `evicted` were asked again. */
  lastAsked: { slug: string; order: number }[];
  oldest: { slug: string; order: number }[];
  askedStoryfiles: number;
  evicted: AskTiming[];
}

/**
 * The three phases; `afterSpread` runs between the spread and the asks after eviction,
 * `beforeSpread` right before the spread's first ask.
 */
export async function runPhases(
  options: PhaseOptions,
  afterSpread: () => Promise<void>,
  beforeSpread: () => void = () => undefined,
): Promise<Phases> {
  const { url, slugs, questions, concurrency } = options;
  const lastAsked = new Map<string, number>();
  let asked = 0;
  const ask = (slug: string) => {
    lastAsked.set(slug, (asked += 1));
    return askPublic(url, slug, questions[asked % questions.length]!);
  };

  // First visits: each storyfile once, in a random order.
  const unvisited = [...slugs];
  for (let i = unvisited.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [unvisited[i], unvisited[j]] = [unvisited[j]!, unvisited[i]!];
  }
  const visitsStarted = performance.now();
  const visits = await askSpread(concurrency, unvisited.length, 3_600, async () =>
    ask(unvisited.pop()!),
  );
  const visitsSeconds = (performance.now() - visitsStarted) / 1000;

  // Spread: every ask a storyfile drawn at random from all of them.
  beforeSpread();
  const spreadStarted = performance.now();
  const spreadSlugs: string[] = [];
  const spread = await askSpread(concurrency, options.asks, options.seconds, async () => {
    const slug = slugs[Math.floor(Math.random() * slugs.length)]!;
    spreadSlugs.push(slug);
    return ask(slug);
  });
  const spreadSeconds = (performance.now() - spreadStarted) / 1000;
  await afterSpread();

  // After eviction: those asked longest ago, one at a time (none waits behind another).
  const byLastAsk = [...lastAsked]
    .sort((a, b) => a[1] - b[1])
    .map(([slug, order]) => ({ slug, order }));
  const oldest = byLastAsk.slice(0, options.evicted);
  const askedStoryfiles = lastAsked.size;
  const evicted: AskTiming[] = [];
  for (const { slug } of oldest) {
    evicted.push(await askPublic(url, slug, questions[0]!));
  }
  return {
    visits,
    visitsSeconds,
    spread,
    spreadSeconds,
    spreadSlugs,
    lastAsked: byLastAsk,
    oldest,
    askedStoryfiles,
    evicted,
  };
}

/** Asks by status (0: no answer: the connection failed). */
export function countStatuses(timings: readonly AskTiming[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of timings) {
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}
