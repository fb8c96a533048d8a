import type { EmbedderStatus, ModelLoadReport } from '@conversa/embeddings';
import { Counter, Gauge, type Registry } from 'prom-client';

/** What /metrics shows of the sentence model: read at scrape time from the embedder. */
export interface SentenceModelState {
  /** `all-minilm-l6-v2`, `use-lite`, `http:<model>`. */
  id: string;
  /** `degraded`: loaded, but too slow for visitors' questions (issue 67). */
  status: EmbedderStatus | 'degraded';
  /** Visitors' questions whose vector missed the ask's bound in this process. */
  slowQuestions?: number;
  /** For a model that loads (USE lite); absent for an external service. */
  load?: ModelLoadReport;
}

const STATUSES: readonly SentenceModelState['status'][] = [
  'loading',
  'ready',
  'degraded',
  'failed',
];

/**
 * The sentence model's series (issue 53, item 4): its status (one of loading, ready, failed is 1)
 * and its load attempts and failures, so an alert can tell a model that never came back
 * (`conversa_sentence_model_status{status="failed"} == 1` for long) from one that recovered.
 */
export function registerSentenceModelMetrics(
  registry: Registry,
  read: () => SentenceModelState | undefined,
): void {
  new Gauge({
    name: 'conversa_sentence_model_status',
    help: 'The sentence model by status (loading, ready, degraded: too slow for questions, failed): 1 for its current one. Absent with MATCHER_EMBEDDER=none.',
    labelNames: ['model', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const state = read();
      for (const status of state ? STATUSES : []) {
        this.set({ model: state!.id, status }, state!.status === status ? 1 : 0);
      }
    },
  });
  const addLoadCounter = (name: string, help: string, pick: (load: ModelLoadReport) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['model'] as const,
      registers: [registry],
      collect() {
        this.reset();
        const state = read();
        if (state?.load) {
          this.inc({ model: state.id }, pick(state.load));
        }
      },
    });
  addLoadCounter(
    'conversa_sentence_model_load_attempts_total',
    'Attempts to load the sentence model in this process (a failed one is tried again after a growing wait).',
    (load) => load.attempts,
  );
  addLoadCounter(
    'conversa_sentence_model_load_failures_total',
    'Failed loads of the sentence model in this process (a worker that stopped after loading included).',
    (load) => load.failures,
  );
  new Counter({
    name: 'conversa_sentence_model_slow_questions_total',
    help: "Visitors' questions whose vector missed the ask's bound (2 s) in this process; past 3 in a row the model is degraded and questions stop waiting for it.",
    labelNames: ['model'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const state = read();
      if (state) {
        this.inc({ model: state.id }, state.slowQuestions ?? 0);
      }
    },
  });
}
