// A cached entry's stored trained state (`matcher_trained_states`, issue 51), for whoever builds
// its matcher: a scorer thread (`question-scorer.ts` sends it with the snapshot) or the event loop
// (`event-loop-training.ts`). Read by the fingerprint of the entry's snapshot; what a builder had
// to train is stored under the same fingerprint for the next.
import type { FastifyBaseLogger } from 'fastify';
import type { Embedder, TrainedState } from '@conversa/matching';
import type { Database } from '../../../db/client.ts';
import type { StoryfileMatcher } from '../storyfile-matcher.ts';
import { takeMatcherSnapshot } from './matcher-snapshot.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';
import { fingerprintSnapshot } from './snapshot-fingerprint.ts';
import { loadTrainedState, saveTrainedState } from './trained-state-store.ts';

export interface StoredTrainingDeps {
  db: Database;
  embedder?: Embedder;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The entry's snapshot and its stored state (`load`), and where a state trained for it goes. */
export function storedTrainingOf(deps: StoredTrainingDeps, entry: StoryfileMatcher) {
  let fingerprint: string | undefined;
  return {
    load: async (): Promise<{ snapshot: MatcherSnapshot; trained?: TrainedState }> => {
      const snapshot = takeMatcherSnapshot(entry, deps.embedder);
      fingerprint = fingerprintSnapshot(snapshot);
      const trained = await loadTrainedState(deps.db, fingerprint);
      return trained ? { snapshot, trained } : { snapshot };
    },
    /** Stores what was trained for the snapshot `load` read (a failure only costs the next build). */
    store: async (trained: TrainedState): Promise<void> => {
      if (fingerprint) {
        await saveTrainedState(deps.db, fingerprint, trained).catch((error: unknown) => {
          deps.logger?.warn(`the matcher's trained state was not stored: ${String(error)}`);
        });
      }
    },
  };
}
