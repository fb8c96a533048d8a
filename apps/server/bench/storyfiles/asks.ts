// bench:storyfiles' asks (bench/storyfiles.ts): public asks on loopback, each as a new visitor (its
// own cookie and address, so no per-visitor limit is met), timed as the client saw them; and the
// studio's matcher cache figures read from its /metrics.
import { randomUUID } from 'node:crypto';

export interface AskTiming {
  slug: string;
  ms: number;
  status: number;
  /** Behind bench:storyfiles' nginx: the process that answered (its X-Conversa-Upstream). */
  upstream?: string;
}

let nextAddress = 1;

/** One public ask of `slug`, as a new visitor. */
export async function askPublic(baseUrl: string, slug: string, text: string): Promise<AskTiming> {
  const address = nextAddress++;
  const started = performance.now();
  try {
    const response = await fetch(new URL(`/v1/conversa/public/storyfiles/${slug}/ask`, baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-system-id': 'conversa-studio-web',
        cookie: `conversa_visitor=${randomUUID()}`,
        'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      },
      body: JSON.stringify({ text, channel: 'share' }),
    });
    await response.arrayBuffer();
    // nginx names every process it tried, the one that answered last.
    const upstream = response.headers.get('x-conversa-upstream')?.split(', ').at(-1);
    return {
      slug,
      ms: performance.now() - started,
      status: response.status,
      ...(upstream ? { upstream } : {}),
    };
  } catch {
    return { slug, ms: performance.now() - started, status: 0 };
  }
}

/**
 * Asks `next()`'s questions with `concurrency` asks in flight until `count` were asked or
 * `seconds` went by (asks in flight then finish); answers every timing.
 */
export async function askSpread(
  concurrency: number,
  count: number,
  seconds: number,
  next: () => Promise<AskTiming>,
): Promise<AskTiming[]> {
  const timings: AskTiming[] = [];
  const deadline = performance.now() + seconds * 1000;
  let started = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < count && performance.now() < deadline) {
        started += 1;
        timings.push(await next());
      }
    }),
  );
  return timings;
}

export interface CacheFigures {
  budgetBytes: number;
  bytes: Record<string, number>;
  storyfiles: Record<string, number>;
  evictions: Record<string, number>;
}

/** The conversa_matcher_cache_* series of the studio's /metrics, by holder. */
export async function readCacheFigures(baseUrl: string): Promise<CacheFigures> {
  const text = await (await fetch(new URL('/metrics', baseUrl))).text();
  const figures: CacheFigures = { budgetBytes: 0, bytes: {}, storyfiles: {}, evictions: {} };
  for (const line of text.split('\n')) {
    const match = /^conversa_matcher_cache_(\w+?)(?:\{holder="(\w+)"\})? (\S+)$/.exec(line);
    if (!match) {
      continue;
    }
    const [, series, holder, value] = match;
    if (series === 'budget_bytes') {
      figures.budgetBytes = Number(value);
    } else if (series === 'bytes' || series === 'storyfiles') {
      figures[series][holder!] = Number(value);
    } else if (series === 'evictions_total') {
      figures.evictions[holder!] = Number(value);
    }
  }
  return figures;
}
