// Issue 51: a scorer thread that builds a storyfile's matcher imports what a matcher of the same
// snapshot trained and calibrated (stored in `matcher_trained_states` by the snapshot's
// fingerprint) instead of training again, and scores exactly as the trained one; a storyfile
// changed after its state was stored gets a fresh state, never the stale one.
import { afterEach, describe, expect, it } from 'vitest';
import type { MatchingSettings } from '@conversa/contracts';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  OFF_TOPIC_TEXTS,
  splitPassages,
  DEFAULT_TUNING,
  SCRIPT_INDEX_FORMAT,
  type MatchResult,
  type TrainedState,
} from '@conversa/matching';
import { startTestStudio, type TestStudio } from '../../../../test/studio.ts';
import { askInStudio, seedOwnedStoryfile } from '../../../../test/ask.fixtures.ts';
import { createScorerPool, threadOfStoryfile, type ScorerPool } from './scorer-pool.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';
import { fingerprintSnapshot } from './snapshot-fingerprint.ts';
import { loadTrainedState, saveTrainedState } from './trained-state-store.ts';

/** A deterministic stand-in sentence vector (each word a fixed direction, summed). */
function vectorOf(text: string): Float32Array {
  const vector = new Float32Array(32);
  for (const word of text.toLowerCase().match(/[a-z']+/g) ?? []) {
    const digest = createHash('sha256').update(word).digest();
    for (let i = 0; i < vector.length; i++) {
      vector[i] = vector[i]! + (digest[i]! - 127.5) / 127.5;
    }
  }
  return vector;
}

const ANSWERS = [
  [
    'born',
    'Where were you born?',
    'I was born in a small town by the sea. My father fished there.',
  ],
  [
    'job',
    'What was your first job?',
    'I delivered newspapers at six every morning. It paid little.',
  ],
  ['film', 'What is your favourite movie?', 'I love old westerns. I watched them with my brother.'],
  ['kids', 'Do you have children?', 'Two daughters and a son. They all live abroad now.'],
  ['war', 'What do you remember about the war?', 'We hid in the cellar. The nights were long.'],
] as const;

function snapshotOf(answers: ReadonlyArray<readonly [string, string, string]>): MatcherSnapshot {
  const texts = new Set<string>(OFF_TOPIC_TEXTS);
  for (const [, question, transcript] of answers) {
    texts.add(question);
    for (const passage of splitPassages(transcript, DEFAULT_TUNING.transcriptPassageSentences)) {
      texts.add(passage.trim());
    }
  }
  texts.add(QUESTION);
  return {
    version: 1,
    embedderId: 'stand-in',
    visitorQuestions: [],
    threshold: 'auto',
    playRisk: 'auto',
    categories: [],
    answers: answers.map(([id, question, transcript]) => ({
      id,
      question,
      alternates: [],
      learned: [],
      isRecorded: true,
      transcript,
    })),
    vectors: [...texts].map((text) => [text, vectorOf(text)]),
  };
}

const QUESTION = 'which film do you love most?';
const pools: ScorerPool[] = [];
let studio: TestStudio | undefined;

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  await studio?.stop();
  studio = undefined;
});

/** Scores QUESTION in a fresh one-thread pool: its results and what the thread had to train. */
async function scoreInFreshThread(snapshot: MatcherSnapshot, trained?: TrainedState) {
  // The timeout bounds a hang on a loaded machine; it is no figure of the speed.
  const pool = createScorerPool({ workers: 1, timeoutMs: 120_000 });
  pools.push(pool);
  let learned: TrainedState | undefined;
  const results: MatchResult[] = await pool.score({
    storyfileId: 'storyfile',
    version: snapshot.version,
    snapshot: () => Promise.resolve(trained ? { snapshot, trained } : { snapshot }),
    onTrained: (state) => Promise.resolve(void (learned = state)),
    questions: [{ text: QUESTION, vector: vectorOf(QUESTION) }],
    limit: 5,
  });
  return { results, learned };
}

describe('a matcher\u2019s trained state in the scorer threads', () => {
  it('is sent back by the thread that trained it, and a thread that imports it scores the same without training', async () => {
    const snapshot = snapshotOf(ANSWERS);
    const first = await scoreInFreshThread(snapshot);
    expect(first.results[0]!.isSemantic).toBe(true);
    expect(first.learned?.classifier?.alpha.values).toBeInstanceOf(Int16Array);
    expect(first.learned?.calibrations).toHaveLength(1);
    // The script's index it made comes back with it (issue 69).
    expect(first.learned?.index?.format).toBe(SCRIPT_INDEX_FORMAT);
    const second = await scoreInFreshThread(snapshot, first.learned);
    expect(second.results).toEqual(first.results);
    // Nothing trained, calibrated or indexed that it was not sent.
    expect(second.learned).toBeUndefined();
  }, 240_000);

  it('is sent back with the script’s index by a thread sent a state without one, which scores the same', async () => {
    const snapshot = snapshotOf(ANSWERS);
    const first = await scoreInFreshThread(snapshot);
    const { index, ...withoutIndex } = first.learned!;
    const second = await scoreInFreshThread(snapshot, withoutIndex);
    expect(second.results).toEqual(first.results);
    expect(second.learned).toEqual({ ...withoutIndex, index });
    // An index of another format is not taken, and a new one is sent back.
    const stale = { ...withoutIndex, index: { ...index!, format: SCRIPT_INDEX_FORMAT + 1 } };
    const third = await scoreInFreshThread(snapshot, stale);
    expect(third.results).toEqual(first.results);
    expect(third.learned?.index).toEqual(index);
  }, 240_000);

  it('is all the thread that trained it keeps: its next asks score the same from the weights it sent back', async () => {
    const snapshot = snapshotOf(ANSWERS);
    // The timeout bounds a hang on a loaded machine; it is no figure of the speed.
    const pool = createScorerPool({ workers: 1, timeoutMs: 120_000 });
    pools.push(pool);
    const sent: TrainedState[] = [];
    const ask = () =>
      pool.score({
        storyfileId: 'storyfile',
        version: snapshot.version,
        snapshot: () => Promise.resolve({ snapshot }),
        onTrained: (state) => Promise.resolve(void sent.push(state)),
        questions: [{ text: QUESTION, vector: vectorOf(QUESTION) }],
        limit: 5,
      });
    const first = await ask();
    // The thread imported what it trained and dropped training's scratch (scorer-worker.ts): the
    // matcher it holds restores its classifier from those weights, and scores as it did.
    expect(await ask()).toEqual(first);
    expect(await ask()).toEqual(first);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.classifier?.alpha.values).toBeInstanceOf(Int16Array);
  }, 240_000);

  it('is keyed by everything the matcher trains on: an edited transcript or answer is another key', () => {
    const snapshot = snapshotOf(ANSWERS);
    const key = fingerprintSnapshot(snapshot);
    expect(fingerprintSnapshot(snapshotOf(ANSWERS))).toBe(key);
    const transcript = snapshotOf(ANSWERS.map(([id, q, t]) => [id, q, id === 'war' ? `${t}!` : t]));
    expect(fingerprintSnapshot(transcript)).not.toBe(key);
    const alternate = snapshotOf(ANSWERS);
    alternate.answers[0]!.alternates = ['What is your hometown?'];
    expect(fingerprintSnapshot(alternate)).not.toBe(key);
    const learned = snapshotOf(ANSWERS);
    learned.answers[1]!.learned = ['how did you earn your first money'];
    expect(fingerprintSnapshot(learned)).not.toBe(key);
    expect(fingerprintSnapshot({ ...snapshotOf(ANSWERS), threshold: 0.4 })).not.toBe(key);
    const vector = snapshotOf(ANSWERS);
    vector.vectors[0]![1][0] = vector.vectors[0]![1][0]! + 0.001;
    expect(fingerprintSnapshot(vector)).not.toBe(key);
    // Another order of the answers (their ids sort the other way) trains another classifier.
    const swapped = snapshotOf(ANSWERS.map(([id, q, t]) => [id === 'born' ? 'zz' : id, q, t]));
    expect(fingerprintSnapshot(swapped)).not.toBe(key);
  });

  it('is stored once per script, and a storyfile edited after it was stored gets a fresh one', async () => {
    studio = await startTestStudio({ MATCHER_WORKERS: '1' });
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'trained');
    const birthplace = storyfile.questions['Where were you born?']!;
    const ask = (text: string) => askInStudio(owner, storyfile.id, { text });
    const { db } = studio.database;
    const countStates = async () =>
      Number(
        (await db.execute<{ count: string }>(sql`select count(*) from matcher_trained_states`))
          .rows[0]!.count,
      );
    const before = await ask('In which hospital did you arrive?');
    expect(before.decision).not.toEqual({ kind: 'answer', questionId: birthplace });
    expect(await countStates()).toBe(1);
    const [row] = (
      await db.execute<{ fingerprint: string }>(sql`select fingerprint from matcher_trained_states`)
    ).rows;
    const stored = await loadTrainedState(db, row!.fingerprint);
    expect(stored?.calibrations).toHaveLength(1);
    expect(stored?.index?.phrasingCounts).toBeInstanceOf(Int32Array);
    // Each array read back owns its buffer: sent to a thread, a view of the whole row would carry
    // the row with it, and the thread's matcher would keep it.
    for (const array of [stored!.index!.featureIds, stored!.index!.termCounts]) {
      expect(array.buffer.byteLength).toBe(array.byteLength);
    }
    // A row that does not read as a state is trained again (and stored again), never thrown.
    await db.execute(sql`insert into matcher_trained_states (fingerprint, state, bytes)
      values ('unreadable', '\\x00ff'::bytea, 2)`);
    await expect(loadTrainedState(db, 'unreadable')).resolves.toBeUndefined();
    await db.execute(sql`delete from matcher_trained_states where fingerprint = 'unreadable'`);
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/storyfiles/${storyfile.id}/questions/${birthplace}`,
      { alternates: ['What is your birthplace?', 'In which hospital did you arrive?'] },
    );
    const after = await ask('In which hospital did you arrive?');
    expect(after.decision).toEqual({ kind: 'answer', questionId: birthplace });
    expect(await countStates()).toBe(2);
  }, 180_000);
});

describe('the event loop\u2019s matcher (Matching settings, Response quality)', () => {
  it('is built with the state a scorer thread stored, and trains nothing of its own', async () => {
    studio = await startTestStudio({ MATCHER_WORKERS: '1' });
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'settled');
    await askInStudio(owner, storyfile.id, { text: 'Where were you born?' });
    const { db } = studio.database;
    const [row] = (
      await db.execute<{ fingerprint: string; state: Buffer }>(
        sql`select fingerprint, state from matcher_trained_states`,
      )
    ).rows;
    // The thread's state, its automatic threshold moved where no calibration of this script
    // would put it: the settings read it back only if their matcher imported the stored state.
    const stored = (await loadTrainedState(db, row!.fingerprint))!;
    const marked = structuredClone(stored);
    for (const calibration of marked.calibrations) {
      calibration.report = { ...calibration.report, threshold: 0.987 };
    }
    await saveTrainedState(db, row!.fingerprint, marked);
    const settings = await owner.expectStatus<MatchingSettings>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`,
    );
    expect(settings.defaultThreshold).toBe(0.987);
    expect(settings.effectiveThreshold).toBe(0.987);
  }, 180_000);

  it('trains once and stores what it made when nothing was stored', async () => {
    studio = await startTestStudio({ MATCHER_WORKERS: '1' });
    const { owner, storyfile } = await seedOwnedStoryfile(studio, 'unasked');
    const { db } = studio.database;
    const settings = await owner.expectStatus<MatchingSettings>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`,
    );
    const rows = (
      await db.execute<{ fingerprint: string }>(sql`select fingerprint from matcher_trained_states`)
    ).rows;
    expect(rows).toHaveLength(1);
    // Read back whole: the calibration questions whose best match is the unrecorded question keep
    // its own score and lead (`TopScore.unrecorded`), which the policy's `sureAt` is chosen from.
    const stored = (await loadTrainedState(db, rows[0]!.fingerprint))!;
    const tops = stored.calibrations.flatMap(({ scores }) => [
      ...scores.neighbours,
      ...scores.offTopic,
    ]);
    expect(tops.some((top) => top.unrecorded !== undefined && top.lead === 0)).toBe(true);
    // A scorer thread's first ask imports it: nothing new to store but the script's index, which
    // only a thread makes (the event loop's matcher may hold its answers in another order).
    expect(stored.index).toBeUndefined();
    await askInStudio(owner, storyfile.id, { text: 'Where were you born?' });
    expect((await db.execute(sql`select fingerprint from matcher_trained_states`)).rows).toEqual(
      rows,
    );
    const indexed = (await loadTrainedState(db, rows[0]!.fingerprint))!;
    expect(indexed.index?.format).toBe(SCRIPT_INDEX_FORMAT);
    expect(indexed.calibrations).toEqual(stored.calibrations);
    expect(settings.defaultThreshold).toBeGreaterThan(0);
  }, 180_000);
});

describe('storyfile-affine scorer threads', () => {
  it('score a storyfile in one thread, the same for the same pool size', () => {
    const threads = new Set(
      Array.from({ length: 5 }, () => threadOfStoryfile('a8f5f167-0e1b-4c3a-9d2e-1f0c2b3a4d5e', 4)),
    );
    expect(threads.size).toBe(1);
    const spread = new Set(
      Array.from({ length: 64 }, (_, i) => threadOfStoryfile(`storyfile-${i}`, 4)),
    );
    expect(spread).toEqual(new Set([0, 1, 2, 3]));
  });
});
