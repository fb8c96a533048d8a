import {
  DEFAULT_TUNING,
  OFF_TOPIC_QUESTIONS,
  splitPassages,
  type Embedder,
} from '@conversa/matching';
import type { StoryfileMatcher } from '../storyfile-matcher.ts';
import type { MatcherSnapshot } from './scorer-protocol.ts';

/** The last snapshot taken of each cached matcher (taken again when its version moves). */
const taken = new WeakMap<StoryfileMatcher, MatcherSnapshot>();

/** The snapshot taken of this entry at its current version, if one was. */
export function heldSnapshot(entry: StoryfileMatcher): MatcherSnapshot | undefined {
  const previous = taken.get(entry);
  return previous?.version === entry.version ? previous : undefined;
}

/**
 * Every text whose vector a snapshot of this entry carries (trimmed): the built-in off-topic
 * questions, each answer's phrasings and learned questions, and its transcript's passages.
 */
export function listSnapshotTexts(entry: StoryfileMatcher): Set<string> {
  const texts = new Set<string>(OFF_TOPIC_QUESTIONS.map((text) => text.trim()));
  for (const answer of entry.answers.values()) {
    for (const text of [answer.text, ...answer.alternates, ...(answer.learned ?? [])]) {
      texts.add(text.trim());
    }
    if (answer.transcript) {
      for (const passage of splitPassages(
        answer.transcript,
        DEFAULT_TUNING.transcriptPassageSentences,
      )) {
        texts.add(passage.trim());
      }
    }
  }
  return texts;
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
    vectors,
  };
  taken.set(entry, snapshot);
  return snapshot;
}
