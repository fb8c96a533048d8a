// Issue 51: what a scorer thread is sent for a storyfile whose vectors the bounded in-memory store
// dropped (a studio of many storyfiles outgrows its 20,000 vectors) carries them all, read back
// from PostgreSQL, not embedded again; and the matcher cache counts the vectors such a snapshot
// keeps alive.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { OFF_TOPIC_TEXTS, toUnit, type Embedder } from '@conversa/matching';
import type { TextEmbedder } from '@conversa/embeddings';
import { startTestStudio, type TestStudio } from '../../../../test/studio.ts';
import { createCachedMatcher, createEntrySizes } from '../cached-matcher.ts';
import { createSentenceVectors } from '../sentence-vectors.ts';
import type { MatchableAnswer, StoryfileMatcher } from '../storyfile-matcher.ts';
import {
  BYTES_PER_SNAPSHOT_VECTOR,
  estimateMatcherBytes,
  estimateMatcherHeapBytes,
} from './matcher-bytes.ts';
import { listSnapshotTexts, readSnapshotParts, takeMatcherSnapshot } from './matcher-snapshot.ts';
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
    // Read back exactly as the model made them (PostgreSQL's binary array form, decoded here), the
    // script's carried as unit vectors.
    const made = await model.embed(texts);
    for (const [text, vector] of snapshot.vectors) {
      const model = made[texts.indexOf(text)]!;
      expect(Array.from(vector)).toEqual(
        Array.from(OFF_TOPIC_TEXTS.has(text) ? model : toUnit(model)),
      );
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
      scriptVectors.length *
        (DIMENSIONS * Float32Array.BYTES_PER_ELEMENT + BYTES_PER_SNAPSHOT_VECTOR),
    );
    // Never built on the event loop by any of this (a scorer thread builds it).
    expect(entry.builtMatcher()).toBeUndefined();
    // Built there too (Matching settings), it still holds the snapshot's packed copy: both count.
    const snapshotBytes = sizeOf(entry) - answersAlone;
    expect(entry.matcher.countAnswers()).toBe(SCRIPT.length);
    expect(sizeOf(entry)).toBe(
      estimateMatcherBytes(readSnapshotParts(entry, vectors.matcherEmbedder), {
        keepsTraining: true,
      }) + snapshotBytes,
    );
  });
});

describe("a snapshot's vectors", () => {
  it('are the script\u2019s unit vectors in one shared buffer, which a scorer thread reads in place and does not count', () => {
    const vectors = new Map<string, Float32Array>();
    const embedder: Embedder = {
      id: 'test:shared',
      embed(text) {
        let vector = vectors.get(text);
        if (!vector) {
          const digest = createHash('sha256').update(text).digest();
          vector = Float32Array.from({ length: DIMENSIONS }, (_, i) => digest[i]! - 127.5);
          vectors.set(text, vector);
        }
        return vector;
      },
    };
    const entry = entryOf(embedder);
    const snapshot = takeMatcherSnapshot(entry, embedder);
    const script = snapshot.vectors.filter(([text]) => !OFF_TOPIC_TEXTS.has(text));
    expect(script.length).toBeGreaterThan(SCRIPT.length);
    expect(new Set(script.map(([, vector]) => vector.buffer)).size).toBe(1);
    expect(script[0]![1].buffer).toBeInstanceOf(SharedArrayBuffer);
    for (const [text, vector] of snapshot.vectors) {
      const model = embedder.embed(text)!;
      if (OFF_TOPIC_TEXTS.has(text)) {
        // The store's own (pinned) array: the same in every snapshot, each thread keeps one copy.
        expect(vector).toBe(model);
      } else {
        expect(Array.from(vector)).toEqual(Array.from(toUnit(model)));
      }
    }
    // What a thread is sent reads the same memory: nothing of it is copied.
    const sent = structuredClone(snapshot);
    const [text, original] = script[0]!;
    const [, received] = sent.vectors.find(([sentText]) => sentText === text)!;
    const value = original[0]!;
    original[0] = 7;
    expect(received[0]).toBe(7);
    original[0] = value;
    // A thread's matcher counts none of them; the cache counts them with the snapshot it holds.
    const scriptBytes = script.reduce((sum, [, vector]) => sum + vector.byteLength, 0);
    expect(estimateMatcherHeapBytes(sent)).toBe(
      estimateMatcherHeapBytes(readSnapshotParts(entry, embedder)) - scriptBytes,
    );
  });
});
