// A cached entry's stored trained state (`matcher_trained_states`, issue 51), for whoever builds
// its matcher: a scorer thread (`question-scorer.ts` sends it with the snapshot) or the event loop
// (`event-loop-training.ts`). Read by the fingerprint of the entry's snapshot; what a builder had
// to train is stored under the same fingerprint for the next.
import type { FastifyBaseLogger } from 'fastify';
import type { Embedder, TrainedState } from '@conversa/matching';
import type { Database } from '../../../db/client.ts';
import type { SentenceVectors } from '../sentence-vectors.ts';
import type { StoryfileMatcher } from '../storyfile-matcher.ts';
import { heldSnapshot, listSnapshotTexts, takeMatcherSnapshot } from './matcher-snapshot.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';
import { fingerprintSnapshot } from './snapshot-fingerprint.ts';
import { loadTrainedState, saveTrainedState } from './trained-state-store.ts';

export interface StoredTrainingDeps {
  db: Database;
  embedder?: Embedder;
  /** Where the snapshot's vectors that the store dropped are read back from. */
  vectors?: Pick<SentenceVectors, 'readBack'>;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}

/** The entry's snapshot and its stored state (`load`), and where a state trained for it goes. */
export function storedTrainingOf(deps: StoredTrainingDeps, entry: StoryfileMatcher) {
  let fingerprint: string | undefined;
  return {
    load: async (): Promise<{ snapshot: MatcherSnapshot; trained?: TrainedState }> => {
      const snapshot = await takeCompleteSnapshot(deps, entry);
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

/**
 * The entry's snapshot with every vector stored for its texts: those the in-memory store dropped
 * (it keeps the most recently used; a studio of many storyfiles outgrows it) are read back from
 * PostgreSQL first, so a storyfile asked again after its vectors left the store is built from
 * them rather than by words alone (and trained again, seconds, for a snapshot that differs).
 */
async function takeCompleteSnapshot(
  deps: StoredTrainingDeps,
  entry: StoryfileMatcher,
): Promise<MatcherSnapshot> {
  const { embedder, vectors } = deps;
  if (!embedder || !vectors || heldSnapshot(entry)) {
    return takeMatcherSnapshot(entry, embedder);
  }
  const version = entry.version;
  const found = await vectors.readBack([...listSnapshotTexts(entry)]);
  if (entry.version !== version) {
    // Changed while the vectors were read: the snapshot is of the entry as it is now.
    return takeCompleteSnapshot(deps, entry);
  }
  return takeMatcherSnapshot(entry, {
    ...embedder,
    embed: (text) => found.get(text.trim()) ?? embedder.embed(text),
  });
}
