import { DEFAULT_TUNING, OFF_TOPIC_TEXTS, splitPassages, type Embedder } from '@conversa/matching';
import type { MatchableAnswer, StoryfileMatcher } from '../storyfile-matcher.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';

/** The last snapshot taken of each cached matcher (taken again when its version moves). */
const taken = new WeakMap<StoryfileMatcher, MatcherSnapshot>();

/** The snapshot taken of this entry at its current version, if one was. */
export function heldSnapshot(entry: StoryfileMatcher): MatcherSnapshot | undefined {
  const previous = taken.get(entry);
  return previous?.version === entry.version ? previous : undefined;
}

/** An entry's texts that have sentence vectors, trimmed (every edit replaces its answers map). */
export interface EntryTexts {
  /** Each answer's question, alternates and learned questions. */
  phrasings: string[];
  /** Each answer's transcript's passages (`splitPassages`). */
  passages: string[];
}

const textsOfAnswers = new WeakMap<ReadonlyMap<string, MatchableAnswer>, EntryTexts>();

/**
 * The entry's phrasings and transcript passages, split once per version of its answers (the
 * vectors' preparation and the snapshot both need them; splitting 300 transcripts costs ms).
 */
export function listEntryTexts(entry: Pick<StoryfileMatcher, 'answers'>): EntryTexts {
  const known = textsOfAnswers.get(entry.answers);
  if (known) {
    return known;
  }
  const texts: EntryTexts = { phrasings: [], passages: [] };
  for (const answer of entry.answers.values()) {
    for (const text of [answer.text, ...answer.alternates, ...(answer.learned ?? [])]) {
      texts.phrasings.push(text.trim());
    }
    if (answer.transcript) {
      for (const passage of splitPassages(
        answer.transcript,
        DEFAULT_TUNING.transcriptPassageSentences,
      )) {
        texts.passages.push(passage.trim());
      }
    }
  }
  textsOfAnswers.set(entry.answers, texts);
  return texts;
}

/**
 * Every text whose vector a snapshot of this entry carries (trimmed, once each): the built-in
 * off-topic questions, each answer's phrasings and learned questions, its transcript's passages,
 * and what its visitors asked (`visitor-log.ts`).
 */
export function listSnapshotTexts(
  entry: Pick<StoryfileMatcher, 'answers' | 'visitorQuestions'>,
): Set<string> {
  const { phrasings, passages } = listEntryTexts(entry);
  return new Set([
    ...OFF_TOPIC_TEXTS,
    ...phrasings,
    ...passages,
    ...entry.visitorQuestions.map((text) => text.trim()),
  ]);
}

/**
 * What a scorer worker builds this storyfile's matcher from (`scorer-worker.ts`): the answers,
 * settings and categories the cache read (with what it learned from visitors), and the vectors
 * `embedder` finds for every text the matcher embeds (`listSnapshotTexts`). The vectors are the
 * store's own arrays; a worker gets copies. Taken once per version of the entry.
 */
export function takeMatcherSnapshot(
  entry: StoryfileMatcher,
  embedder: Embedder | undefined,
): MatcherSnapshot {
  const previous = heldSnapshot(entry);
  if (previous) {
    return previous;
  }
  const answers = [...entry.answers.values()].map((answer) => ({
    id: answer.questionId,
    question: answer.text,
    alternates: answer.alternates,
    isRecorded: answer.isRecorded,
    transcript: answer.transcript ?? '',
    learned: answer.learned ?? [],
  }));
  const vectors: Array<[string, Float32Array]> = [];
  if (embedder) {
    for (const text of listSnapshotTexts(entry)) {
      const vector = embedder.embed(text);
      if (vector) {
        vectors.push([text, vector]);
      }
    }
  }
  const snapshot: MatcherSnapshot = {
    version: entry.version,
    embedderId: embedder ? (embedder.id ?? 'embedder') : null,
    threshold: entry.threshold,
    playRisk: entry.playRisk,
    categories: entry.categories,
    answers,
    visitorQuestions: entry.visitorQuestions,
    vectors,
  };
  taken.set(entry, snapshot);
  return snapshot;
}
