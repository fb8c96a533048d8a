// bench:storyfiles --web N's figures (storyfiles/proxied.ts): each process's share of the
// storyfiles and its memory, the asks through nginx beside issue 69's goals, and the asks while one
// process restarted.
import { summarize } from '../load/measures.ts';
import type { AskTiming, CacheFigures } from './asks.ts';
import { countStatuses, type Phases } from './phases.ts';

export interface ProcessFigures {
  rss: number;
  asks: number;
  cache: CacheFigures;
}

export type RestartStage = 'before' | 'draining' | 'stopping' | 'down' | 'back';

export interface RestartFigures {
  drained: boolean;
  stopped: string;
  exitCode: number | null;
  /** Seconds from the stage's start. */
  timeline: Record<string, number>;
  stages: { stage: RestartStage; asks: AskTiming[] }[];
  /** What nginx logged meanwhile. */
  nginxErrors: string[];
}

export interface ProxiedFigures {
  storyfiles: number;
  answers: number;
  cacheMb: number;
  embedder: string;
  concurrency: number;
  loadAverage: { before: number; after: number };
  processes: string[];
  base: ProcessFigures[];
  afterSpread: ProcessFigures[];
  afterEvicted: ProcessFigures[];
  phases: Phases;
  restarts: RestartFigures[];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const met = (isMet: boolean) => (isMet ? 'met' : '**not met**');
const errorsOf = (timings: readonly AskTiming[]) =>
  timings.filter(({ status }) => status !== 200).length;
const held = ({ cache }: ProcessFigures) => cache.storyfiles.scorers ?? cache.storyfiles.main ?? 0;

/** Which processes answered each storyfile (nginx's X-Conversa-Upstream). */
function routesOf(timings: readonly AskTiming[]): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const { slug, upstream } of timings) {
    if (upstream) {
      routes.set(slug, (routes.get(slug) ?? new Set()).add(upstream));
    }
  }
  return routes;
}

export function reportProxied(figures: ProxiedFigures): void {
  const { phases, processes } = figures;
  const { visits, spread, evicted } = phases;
  const routes = routesOf([...visits, ...spread, ...evicted]);
  const ownerOf = (slug: string) => [...(routes.get(slug) ?? [])][0];
  const routed = processes.map(
    (address) => [...routes.values()].filter((owners) => owners.has(address)).length,
  );
  const onSeveral = [...routes.values()].filter((owners) => owners.size > 1).length;
  console.log(
    `\n${figures.storyfiles} published storyfiles of ${figures.answers} answers with transcripts behind nginx (docs/deploy.md), ${processes.length} web processes; MATCHER_CACHE_MB=${figures.cacheMb} each, sentence model ${figures.embedder}; load average ${figures.loadAverage.before.toFixed(1)} before, ${figures.loadAverage.after.toFixed(1)} after`,
  );
  console.log(
    '\n| process | storyfiles routed to it | matchers held: scorer threads / event loop (after the spread) | evictions | asks answered | RSS: base / after the spread / end |',
  );
  console.log('| --- | --: | --: | --: | --: | --- |');
  processes.forEach((address, index) => {
    const after = figures.afterSpread[index]!;
    const end = figures.afterEvicted[index]!;
    const evictions = Object.values(end.cache.evictions).reduce((sum, count) => sum + count, 0);
    console.log(
      `| ${address} | ${routed[index]} | ${after.cache.storyfiles.scorers ?? '-'} / ${after.cache.storyfiles.main ?? '-'} | ${evictions} | ${end.asks - figures.base[index]!.asks} | ${mb(figures.base[index]!.rss)} / ${mb(after.rss)} / ${mb(end.rss)} |`,
    );
  });
  console.log(
    `Storyfiles answered by more than one process (first visits, spread, after eviction): ${onSeveral} of ${routes.size}`,
  );
  console.log(
    `First visits: ${visits.length} in ${phases.visitsSeconds.toFixed(0)} s; spread: ${spread.length} asks over ${new Set(phases.spreadSlugs).size} storyfiles in ${phases.spreadSeconds.toFixed(0)} s, ${figures.concurrency} at once`,
  );

  // The i-th oldest was surely dropped when its process was asked more storyfiles since than it
  // holds (each process counts only the storyfiles routed to it).
  const order = phases.lastAsked;
  const dropped = phases.oldest.filter(({ slug }, index) => {
    const owner = ownerOf(slug);
    const process = processes.indexOf(owner ?? '');
    const since = order.slice(index + 1).filter((later) => ownerOf(later.slug) === owner).length;
    return process >= 0 && since >= held(figures.afterSpread[process]!);
  }).length;
  const budget = figures.cacheMb * 1024 * 1024;
  const rssMet = processes.every(
    (_, index) => figures.afterSpread[index]!.rss <= budget + figures.base[index]!.rss,
  );
  const spreadMs = summarize(spread.map((timing) => timing.ms));
  const evictedMs = summarize(evicted.map((timing) => timing.ms));
  const visitsMs = summarize(visits.map((timing) => timing.ms));
  const errors = [visits, spread, evicted].map(errorsOf);
  console.log('\n| goal (issue 69, through the proxy) | measured | goal | |');
  console.log('| --- | --: | --: | --- |');
  console.log(
    `| RSS of each process within the budget plus its base | ${processes.map((_, index) => mb(figures.afterSpread[index]!.rss)).join(', ')} | ≤ ${processes.map((_, index) => mb(budget + figures.base[index]!.rss)).join(', ')} | ${met(rssMet)} |`,
  );
  console.log(
    `| each process holds the storyfiles routed to it (held / routed) | ${processes.map((_, index) => `${held(figures.afterSpread[index]!)} / ${routed[index]}`).join(', ')} | all | ${met(processes.every((_, index) => held(figures.afterSpread[index]!) >= routed[index]!))} |`,
  );
  console.log(
    `| first visits p50 / p95 / p99 | ${ms(visitsMs.p50)} / ${ms(visitsMs.p95)} / ${ms(visitsMs.p99)} | - | |`,
  );
  console.log(
    `| spread asks p50 / p95 / p99 | ${ms(spreadMs.p50)} / ${ms(spreadMs.p95)} / ${ms(spreadMs.p99)} | p99 ≤ 150 ms | ${met(spreadMs.p99 <= 150)} |`,
  );
  console.log(
    `| first ask after eviction (${evicted.length}, ${dropped} surely dropped) p50 / p99 | ${ms(evictedMs.p50)} / ${ms(evictedMs.p99)} | ≤ 100 ms | ${met(evictedMs.p99 <= 100)} |`,
  );
  console.log(
    `| errors (first visits, spread, after eviction) | ${errors.join(', ')} (spread by status: ${JSON.stringify(countStatuses(spread))}) | 0 | ${met(errors.every((count) => count === 0))} |`,
  );
  for (const restart of figures.restarts) {
    reportRestart(restart, processes);
  }
}

function reportRestart(restart: RestartFigures, processes: readonly string[]): void {
  const when = Object.entries(restart.timeline)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
    .join(', ');
  console.log(
    `\nOne process restarted${restart.drained ? ', drained first (marked down in nginx, reloaded)' : ''}: ${restart.stopped} stopped with SIGTERM (exit code ${restart.exitCode}) and started again: ${when}`,
  );
  console.log(
    `\n| stage | asks | errors (by status) | answered by ${processes.join(' / ')} | p50 / p99 / max |`,
  );
  console.log('| --- | --: | --- | --- | --- |');
  for (const { stage, asks } of restart.stages) {
    const summary = summarize(asks.map(({ ms: value }) => value));
    const by = processes.map((address) => asks.filter((ask) => ask.upstream === address).length);
    const errors = errorsOf(asks);
    console.log(
      `| ${stage} | ${asks.length} | ${errors}${errors ? ` ${JSON.stringify(countStatuses(asks))}` : ''} | ${by.join(' / ')} | ${ms(summary.p50)} / ${ms(summary.p99)} / ${ms(summary.max)} |`,
    );
  }
  const upstreamErrors = restart.nginxErrors.filter((line) => line.includes('upstream'));
  console.log(`nginx logged ${upstreamErrors.length} upstream errors meanwhile`);
  for (const line of upstreamErrors.slice(0, 4)) {
    console.log(`  ${line.replace(/^\S+ \S+ /, '').slice(0, 240)}`);
  }
}
