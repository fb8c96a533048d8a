// bench:storyfiles' figures beside issues 51's and 69's goals (bench/storyfiles.ts).
import type { Summary } from '../load/measures.ts';
import type { CacheFigures } from './asks.ts';

export interface StoryfilesFigures {
  storyfiles: number;
  answers: number;
  workers: number;
  cacheMb: number;
  embedder: string;
  concurrency: number;
  loadAverage: { before: number; after: number };
  rss: { base: number; afterSpread: number; final: number };
  cache: { afterSpread: CacheFigures; afterEvicted: CacheFigures };
  visits: { seconds: number; errors: number; ms: Summary };
  spread: {
    seconds: number;
    distinct: number;
    errors: number;
    statuses: Record<string, number>;
    ms: Summary;
    /** CPU ms per spread ask (`cpu.ts`): the studio's process, the bench's PostgreSQL. */
    cpu: { processMs: number; postgresMs: number | undefined };
  };
  evicted: { dropped: number; errors: number; ms: Summary };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const met = (isMet: boolean) => (isMet ? 'met' : '**not met**');

export function reportStoryfiles(figures: StoryfilesFigures): void {
  const { cache, rss, visits, spread, evicted } = figures;
  const held = cache.afterSpread;
  console.log(
    `\n${figures.storyfiles} published storyfiles of ${figures.answers} answers with transcripts; MATCHER_CACHE_MB=${figures.cacheMb}, ${figures.workers} scorer threads, sentence model ${figures.embedder}; load average ${figures.loadAverage.before.toFixed(1)} before, ${figures.loadAverage.after.toFixed(1)} after`,
  );
  console.log('\n| holder | matchers held | estimated | per storyfile | evictions |');
  console.log('| --- | --: | --: | --: | --: |');
  for (const holder of Object.keys(held.bytes)) {
    const count = held.storyfiles[holder] ?? 0;
    console.log(
      `| ${holder} | ${count} | ${mb(held.bytes[holder]!)} | ${count ? `${(held.bytes[holder]! / count / 1024 / 1024).toFixed(1)} MB` : '-'} | ${held.evictions[holder] ?? 0} |`,
    );
  }
  const heldCount = Object.values(held.storyfiles).reduce((sum, count) => sum + count, 0);
  const growth = rss.afterSpread - rss.base;
  console.log(
    `RSS: ${mb(rss.base)} base (the studio, its threads and one storyfile asked), ${mb(rss.afterSpread)} after the spread asks (+${mb(growth)}, ${heldCount ? (growth / heldCount / 1024 / 1024).toFixed(1) : '-'} MB per matcher held), ${mb(rss.final)} at the end`,
  );
  console.log(
    `First visits: each of the ${visits.ms.count} storyfiles asked once in ${visits.seconds.toFixed(0)} s, ${figures.concurrency} at once`,
  );
  console.log(
    `Spread: ${spread.ms.count} asks over ${spread.distinct} storyfiles in ${spread.seconds.toFixed(0)} s, ${figures.concurrency} at once; after eviction: ${evicted.ms.count} asked one at a time, ${evicted.dropped} of them surely dropped (more storyfiles asked since than a scorer thread holds)`,
  );
  const budget = figures.cacheMb * 1024 * 1024;
  const threadsHold = held.storyfiles.scorers ?? 0;
  const counted = threadsHold ? held.bytes.scorers! / threadsHold : 0;
  console.log('\n| goal (issues 51 and 69) | measured | goal | |');
  console.log('| --- | --: | --: | --- |');
  console.log(
    `| a matcher in a scorer thread, counted against the budget | ${(counted / 1024 / 1024).toFixed(1)} MB | ≤ 3 MB | ${met(threadsHold > 0 && counted <= 3 * 1024 * 1024)} |`,
  );
  console.log(
    `| storyfiles the scorer threads hold | ${threadsHold} | all ${figures.storyfiles} | ${met(threadsHold >= figures.storyfiles)} |`,
  );
  console.log(
    `| RSS within the budget plus the base | ${mb(rss.afterSpread)} | ≤ ${mb(budget + rss.base)} | ${met(rss.afterSpread <= budget + rss.base)} |`,
  );
  console.log(
    `| first ask after eviction p50 / p99 | ${ms(evicted.ms.p50)} / ${ms(evicted.ms.p99)} | ≤ 100 ms (issue 51: 300 ms) | ${met(evicted.ms.p99 <= 100)} |`,
  );
  console.log(
    `| first visits (each loaded from PostgreSQL) p50 / p95 / p99 | ${ms(visits.ms.p50)} / ${ms(visits.ms.p95)} / ${ms(visits.ms.p99)} | - | |`,
  );
  console.log(
    `| spread asks, after the first visits, p50 / p95 / p99 | ${ms(spread.ms.p50)} / ${ms(spread.ms.p95)} / ${ms(spread.ms.p99)} | p99 ≤ 150 ms | ${met(spread.ms.p99 <= 150)} |`,
  );
  // Spread asks are all warm only when every storyfile is held (else cold builds are among them).
  const { processMs, postgresMs } = spread.cpu;
  const cpuMs = processMs + (postgresMs ?? 0);
  const allHeld = threadsHold >= figures.storyfiles;
  console.log(
    `| CPU a spread ask: the studio's process (all its threads; the bench's client too) + PostgreSQL | ${processMs.toFixed(1)} + ${postgresMs === undefined ? 'not read' : postgresMs.toFixed(1)} ms | a warm ask ≤ 15 ms | ${allHeld ? met(postgresMs !== undefined && cpuMs <= 15) : '- (cold builds among them)'} |`,
  );
  console.log(
    `| errors (first visits, spread, after eviction) | ${visits.errors}, ${spread.errors}, ${evicted.errors} (spread by status: ${JSON.stringify(spread.statuses)}) | 0 | ${met(visits.errors + spread.errors + evicted.errors === 0)} |`,
  );
}
