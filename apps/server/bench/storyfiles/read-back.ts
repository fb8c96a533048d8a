// What a storyfile whose vectors left the event loop's store (20,000 vectors; a studio of many
// different storyfiles outgrows it) costs its next cold ask: its snapshot's vectors read back from
// `sentence_vectors` (`SentenceVectors.readBack`, issue 51) before a scorer thread is sent it.
// bench:storyfiles' copies share one script's vectors and never pay it. The scale script's 300
// answers with transcripts, stand-in 512-dimension vectors (as --heap's) stored once, then read
// back into an empty store `rounds` times. Run through `npm run bench:storyfiles -- --read-back`.
import { OFF_TOPIC_TEXTS } from '@conversa/matching';
import type { TextEmbedder } from '@conversa/embeddings';
import type { Database } from '../../src/db/client.ts';
import { createSentenceVectors } from '../../src/modules/conversations/sentence-vectors.ts';
import { summarize } from '../load/measures.ts';
import { scaleSnapshot, standInVector } from './matcher-heap.ts';

/** A model that answers the stand-in vectors (never asked when every vector is stored). */
const standInModel: TextEmbedder = {
  id: 'bench:stand-in',
  label: 'stand-in vectors',
  status: () => 'ready',
  ready: () => Promise.resolve(),
  embed: (texts) => Promise.resolve(texts.map(standInVector)),
  close: () => Promise.resolve(),
};

export async function reportReadBack(db: Database, rounds = 21): Promise<void> {
  const texts = scaleTexts();
  await createSentenceVectors(db, standInModel).preparePhrasings(texts);
  const ms: number[] = [];
  for (let round = 0; round < rounds; round++) {
    // A new store each round: every vector is read back from PostgreSQL.
    const vectors = createSentenceVectors(db, standInModel);
    const started = performance.now();
    const found = await vectors.readBack(texts);
    ms.push(performance.now() - started);
    if (found.size !== texts.length) {
      throw new Error(`read back ${found.size} of ${texts.length} vectors`);
    }
  }
  const { p50, p95, max } = summarize(ms);
  console.log(
    `Read back: a 300-answer storyfile's ${texts.length} vectors (512 dimensions) from sentence_vectors into an empty store, ${rounds} times: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
  );
}

/** The scale script's own texts with vectors (its questions and passages), not the off-topic ones. */
function scaleTexts(): string[] {
  return scaleSnapshot(300, true)
    .vectors.map(([text]) => text)
    .filter((text) => !OFF_TOPIC_TEXTS.has(text));
}
