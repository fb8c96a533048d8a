import { Piscina } from 'piscina';
import type { MatchResult, TrainedState } from '@conversa/matching';
import { AppError } from '../../../http/errors.ts';
import type { HeldMatchers } from './matcher-budget.ts';
import type {
  MatcherSnapshot,
  ScoreReply,
  ScorerWorkerData,
  ScoreTask,
  ThreadHeld,
} from './scorer-protocol.ts';

/** What a visitor reads when no scorer worker could answer, twice in a row (503). */
export const SCORER_UNAVAILABLE_MESSAGE =
  'The studio is too busy to answer questions right now. Try asking again in a moment.';

export interface ScorerPoolOptions {
  /** Worker threads (MATCHER_WORKERS), at least 1. */
  workers: number;
  /** Each thread's share of MATCHER_CACHE_MB, in bytes (`shareOfBudget`); unset: no bound. */
  budgetBytes?: number;
  /** A scoring not answered within this is given up, and its worker replaced (MATCHER_WORKER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** The worker module; default `scorer-worker.ts` beside this file (`scorer-worker.js` in the bundle). */
  workerUrl?: URL;
  logger?: { warn(message: string): void };
}

export interface ScoreRequest {
  storyfileId: string;
  version: number;
  /**
   * The snapshot of `version` and what its matcher trained before (stored), taken only when a
   * worker lacks it.
   */
  snapshot: () => Promise<{ snapshot: MatcherSnapshot; trained?: TrainedState }>;
  /** Called with what a worker's matcher of the snapshot trained that it was not sent (to store). */
  onTrained?: (trained: TrainedState) => Promise<void>;
  questions: ScoreTask['questions'];
  limit: number;
}

export interface ScorerPool {
  /** Scores the questions in a worker; a failed or slow worker is replaced and asked once more. */
  score(request: ScoreRequest): Promise<MatchResult[]>;
  /**
   * The storyfile's own threshold in force, from the worker that scores it (built there from the
   * snapshot when it lacks it): an ask that nothing scored never builds a matcher on the event loop.
   */
  threshold(request: Omit<ScoreRequest, 'questions' | 'limit'>): Promise<number>;
  /**
   * Workers running, how many were replaced since the start (a scoring failed or hung), and the
   * tasks sent again with the snapshot because a thread lacked what the server thought it held.
   */
  report(): { workers: number; replaced: number; resent: number };
  /**
   * The matchers the running threads hold, added up (as each last reported, with its last
   * scoring), and the evictions of every thread since the start (an ended thread's matchers
   * count as evicted with it).
   */
  held(): HeldMatchers;
  close(): Promise<void>;
}

function defaultWorkerUrl(): URL {
  // From the sources this file is TypeScript; in the server's bundle (dist/main.js) the worker is
  // its own entry beside it (build.mjs).
  return import.meta.url.endsWith('.ts')
    ? new URL('./scorer-worker.ts', import.meta.url)
    : new URL('./scorer-worker.js', import.meta.url);
}

/** The thread a storyfile is scored in (FNV-1a of its id): always the same one for a pool size. */
export function threadOfStoryfile(storyfileId: string, workers: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < storyfileId.length; i++) {
    hash = Math.imul(hash ^ storyfileId.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0) % Math.max(1, workers);
}

/**
 * The server's pool of scorer threads (piscina): every storyfile's matcher is scored there, never
 * on the event loop, on as many threads as the machine has cores. A storyfile is scored in one
 * thread (`threadOfStoryfile`: a one-thread piscina per thread), so each thread's share of the
 * budget holds other storyfiles than the rest; the next thread scores it only when its own failed
 * or did not answer in time. A worker holds the matchers it was asked about, each at the version
 * the server's matcher cache is at; it is sent the snapshot (`matcher-snapshot.ts`) of a version it
 * lacks, with what a matcher of that snapshot trained before, when stored.
 */
export function createScorerPool(options: ScorerPoolOptions): ScorerPool {
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const pools = Array.from(
    { length: Math.max(1, options.workers) },
    () =>
      new Piscina<ScoreTask, ScoreReply>({
        filename: workerUrl.href,
        minThreads: 1,
        maxThreads: 1,
        idleTimeout: Number.POSITIVE_INFINITY,
        // TypeScript sources (development, tests) are loaded through tsx, as the server itself is.
        execArgv: workerUrl.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [],
        workerData: {
          budgetBytes: options.budgetBytes ?? Number.POSITIVE_INFINITY,
        } satisfies ScorerWorkerData,
      }),
  );
  /** Each thread's last report, by thread id. */
  const threads = new Map<number, ThreadHeld>();
  /**
   * The version of each storyfile each pool's thread holds, as its replies said (what it built,
   * less what it dropped): a storyfile it does not hold is sent its snapshot with the first task,
   * so a cold ask waits in the thread's queue once, not twice (issue 69). A thread that was
   * replaced, or dropped what the server did not hear of, answers `missing` as before.
   */
  const heldVersions = pools.map(() => new Map<string, number>());
  let replaced = 0;
  let resent = 0;
  pools.forEach((pool, index) => {
    // A worker that dies between tasks is replaced by piscina; nothing waits on it.
    pool.on('error', (error: unknown) => {
      heldVersions[index]!.clear();
      replaced += 1;
      options.logger?.warn(`scorer worker failed between asks: ${String(error)}`);
    });
  });

  async function runOnce(
    request: ScoreRequest,
    index: number,
    withSnapshot: boolean,
  ): Promise<{ results: MatchResult[]; threshold: number }> {
    const pool = pools[index]!;
    const held = heldVersions[index]!;
    const task = (sent?: { snapshot: MatcherSnapshot; trained?: TrainedState }): ScoreTask => ({
      storyfileId: request.storyfileId,
      version: sent?.snapshot.version ?? request.version,
      questions: request.questions,
      limit: request.limit,
      ...(sent ? { snapshot: sent.snapshot } : {}),
      ...(sent?.trained ? { trained: sent.trained } : {}),
    });
    // A running task that is aborted ends its worker; piscina starts another in its place.
    const signal = AbortSignal.timeout(options.timeoutMs);
    let sent = task(
      withSnapshot || held.get(request.storyfileId) !== request.version
        ? await request.snapshot()
        : undefined,
    );
    let reply = await pool.run(sent, { signal });
    if (reply.kind === 'missing') {
      resent += 1;
      sent = task(await request.snapshot());
      reply = await pool.run(sent, { signal });
    }
    if (reply.kind !== 'scored') {
      throw new Error('the scorer worker did not take the snapshot');
    }
    held.set(request.storyfileId, sent.version);
    for (const storyfileId of reply.evicted) {
      held.delete(storyfileId);
    }
    threads.set(reply.held.threadId, reply.held);
    if (reply.trained) {
      await request.onTrained?.(reply.trained);
    }
    return { results: reply.results, threshold: reply.threshold };
  }

  async function run(request: ScoreRequest) {
    const own = threadOfStoryfile(request.storyfileId, pools.length);
    try {
      return await runOnce(request, own, false);
    } catch (error) {
      // Its thread was ended (a timed-out task ends it) or failed: what it held is not known.
      heldVersions[own]!.clear();
      replaced += 1;
      options.logger?.warn(`scorer worker failed, asking another: ${describe(error)}`);
    }
    try {
      return await runOnce(request, (own + 1) % pools.length, true);
    } catch (error) {
      heldVersions[(own + 1) % pools.length]!.clear();
      replaced += 1;
      options.logger?.warn(`scorer worker failed again, the ask is refused: ${describe(error)}`);
      throw new AppError(503, 'SERVICE_UNAVAILABLE', SCORER_UNAVAILABLE_MESSAGE, {
        'retry-after': '5',
      });
    }
  }

  return {
    score: async (request) => (await run(request)).results,
    threshold: async (request) => (await run({ ...request, questions: [], limit: 0 })).threshold,
    report: () => ({
      workers: pools.reduce((sum, pool) => sum + pool.threads.length, 0),
      replaced,
      resent,
    }),
    held() {
      const running = new Set(
        pools.flatMap((pool) => pool.threads.map((thread) => thread.threadId)),
      );
      const total: HeldMatchers = { bytes: 0, storyfiles: 0, evictions: 0 };
      for (const [threadId, held] of threads) {
        total.evictions += held.evictions;
        if (running.has(threadId)) {
          total.bytes += held.bytes;
          total.storyfiles += held.storyfiles;
        } else {
          // A thread that ended (replaced after a failed or slow scoring) lost what it held.
          total.evictions += held.storyfiles;
        }
      }
      return total;
    },
    close: async () => {
      await Promise.all(pools.map((pool) => pool.destroy()));
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
