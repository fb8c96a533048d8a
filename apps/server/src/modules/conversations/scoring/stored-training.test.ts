// Issue 51: what a scorer thread is sent for a storyfile whose vectors the bounded in-memory store
// dropped (a studio of many storyfiles outgrows its 20,000 vectors) carries them all, read back
// from PostgreSQL, not embedded again; and the matcher cache counts the vectors such a snapshot
// keeps alive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { OFF_TOPIC_TEXTS, type Embedder } from '@conversa/matching';
import type { TextEmbedder } from '@conversa/embeddings';
import { startTestStudio, type TestStudio } from '../../../../test/studio.ts';
import { createCachedMatcher, createEntrySizes } from '../cached-matcher.ts';
import { createSentenceVectors } from '../sentence-vectors.ts';
import type { MatchableAnswer, StoryfileMatcher } from '../storyfile-matcher.ts';
import { BYTES_PER_VECTOR_ENTRY } from './matcher-bytes.ts';
import { listSnapshotTexts } from './matcher-snapshot.ts';
import { storedTrainingOf } from './stored-training.ts';

const DIMENSIONS = 16;

/** The sentence model of these tests: each text a fixed vector; counts what it embeds. */
function countingEmbedder(id: string): TextEmbedder & { embedded: string[] } {
  const embedded: string[] = [];
  return {
    id,
    label: id,
    embedded,
    status: () => 'ready',
    ready: () => Promise.resolve(),
    embed: (texts) => {
      embedded.push(...texts);
      return Promise.resolve(
        texts.map((text) => {
          const digest = createHash('sha256').update(text).digest();
          return Float32Array.from({ length: DIMENSIONS }, (_, i) => digest[i]! - 127.5);
        }),
      );
    },
    close: () => Promise.resolve(),
  };
}

const SCRIPT = [
  ['born', 'Where were you born?', 'In a small town by the sea. My father fished there.'],
  ['job', 'What was your first job?', 'I delivered newspapers. It paid very little.'],
  ['film', 'What is your favourite movie?', 'Old westerns. I watched them with my brother.'],
  ['kids', 'Do you have children?', 'Two daughters and a son. They live abroad now.'],
] as const;

function entryOf(embedder: Embedder) {
  const answers = new Map<string, MatchableAnswer>(
    SCRIPT.map(([questionId, text, transcript]) => [
      questionId,
      {
        questionId,
        text,
        alternates: [],
        topicId: 'topic',
        topicName: 'Life',
        isRecorded: true,
        assetId: null,
        files: {},
        transcript,
        learned: [],
      },
    ]),
  );
  return createCachedMatcher(
    {
      stamp: 'stamp',
      version: 1,
      visitorQuestions: [],
      threshold: 'auto',
      playRisk: 'auto',
      answers,
      categoriesKey: '[]',
      categories: [],
      heardAsRules: [],
      publishedInkVersionId: null,
      pressed: null,
    },
    embedder,
  );
}

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe("a scorer thread's snapshot of a storyfile whose vectors left the store", () => {
  it('carries every stored vector, read back from PostgreSQL and not embedded again', async () => {
    const model = countingEmbedder('test:read-back');
    // Room for two vectors besides the pinned off-topic questions: this script has 12 texts.
    const vectors = createSentenceVectors(studio.database.db, model, undefined, { capacity: 2 });
    const entry: StoryfileMatcher = entryOf(vectors.matcherEmbedder);
    const texts = [...listSnapshotTexts(entry)];
    const scriptTexts = texts.filter((text) => !OFF_TOPIC_TEXTS.has(text));
    expect(scriptTexts.length).toBeGreaterThan(2);
    await vectors.preparePhrasings(texts);
    expect(model.embedded).toHaveLength(texts.length);
    expect(scriptTexts.filter((text) => vectors.store.peek(text) === undefined).length).toBe(
      scriptTexts.length - 2,
    );

    const { snapshot } = await storedTrainingOf(
      { db: studio.database.db, embedder: vectors.matcherEmbedder, vectors },
      entry,
    ).load();

    expect(snapshot.vectors.map(([text]) => text).sort()).toEqual([...texts].sort());
    expect(model.embedded).toHaveLength(texts.length);
    // Read back exactly as the model made them (PostgreSQL's binary array form, decoded here).
    const made = await model.embed(texts);
    for (const [text, vector] of snapshot.vectors) {
      expect(Array.from(vector)).toEqual(Array.from(made[texts.indexOf(text)]!));
    }
  });

  it('is counted by the matcher cache with the vectors it keeps alive', async () => {
    const model = countingEmbedder('test:counted');
    const vectors = createSentenceVectors(studio.database.db, model);
    const entry = entryOf(vectors.matcherEmbedder);
    const texts = [...listSnapshotTexts(entry)];
    await vectors.preparePhrasings(texts);
    const sizeOf = createEntrySizes(vectors.matcherEmbedder);
    const answersAlone = sizeOf(entry);

    const { snapshot } = await storedTrainingOf(
      { db: studio.database.db, embedder: vectors.matcherEmbedder, vectors },
      entry,
    ).load();

    const scriptVectors = snapshot.vectors.filter(([text]) => !OFF_TOPIC_TEXTS.has(text));
    expect(scriptVectors.length).toBe(texts.length - OFF_TOPIC_TEXTS.size);
    expect(sizeOf(entry) - answersAlone).toBe(
      scriptVectors.length * (DIMENSIONS * Float32Array.BYTES_PER_ELEMENT + BYTES_PER_VECTOR_ENTRY),
    );
    // Never built on the event loop by any of this (a scorer thread builds it).
    expect(entry.builtMatcher()).toBeUndefined();
  });
});
