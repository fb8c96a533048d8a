// One entry of the matcher cache (`matcher-cache.ts`) and what it costs in memory. Its matcher is
// built on first use, from what the entry holds: with scorer threads an ask scores there and never
// uses it, so a storyfile loaded (again, after an eviction) costs the event loop neither the
// build nor the calibration (seconds at 300 answers with transcripts); the settings and Response
// quality build it with the stored trained state (`scoring/event-loop-training.ts`), and a studio
// without threads uses it as before.
import { createMatcher, type Embedder, type Matcher } from '@conversa/matching';
import { toAnswerInput } from './matcher-cache-changes.ts';
import { estimateMatcherBytes, estimateSnapshotVectorBytes } from './scoring/matcher-bytes.ts';
import { heldSnapshot, readSnapshotParts } from './scoring/matcher-snapshot.ts';
import type { StoryfileMatcher } from './storyfile-matcher.ts';

/** Everything of an entry but its matcher. */
export type CachedMatcherFields = Omit<StoryfileMatcher, 'matcher' | 'builtMatcher'>;

/** An entry whose `matcher` is built on first use from the entry's answers and settings. */
export function createCachedMatcher(
  fields: CachedMatcherFields,
  embedder: Embedder | undefined,
): StoryfileMatcher {
  let built: Matcher | undefined;
  const entry: StoryfileMatcher = {
    ...fields,
    get matcher(): Matcher {
      if (!built) {
        built = createMatcher({
          threshold: entry.threshold,
          playRisk: entry.playRisk,
          categories: entry.categories,
          embedder,
        });
        for (const answer of entry.answers.values()) {
          built.upsertAnswer(toAnswerInput(answer));
        }
        built.setVisitorQuestions(entry.visitorQuestions);
      }
      return built;
    },
    builtMatcher: () => built,
  };
  return entry;
}

/** Bytes per character of an entry's answers kept without a matcher (the strings, the map). */
const ANSWER_BYTES_PER_CHARACTER = 2;
const BYTES_PER_ANSWER = 200;

/**
 * Each entry's estimated bytes (`matcher-bytes.ts`): its matcher's once built, else its answers';
 * and the vectors of its snapshot (its own packed copy, shared with the scorer threads), if one was
 * taken; estimated again when its version moves, its matcher is built or its snapshot taken.
 */
export function createEntrySizes(embedder: Embedder | undefined) {
  const sizes = new WeakMap<StoryfileMatcher, { key: string; bytes: number }>();
  return (entry: StoryfileMatcher): number => {
    const isBuilt = entry.builtMatcher() !== undefined;
    const snapshot = heldSnapshot(entry);
    const key = `${entry.version}:${isBuilt}:${snapshot !== undefined}`;
    let size = sizes.get(entry);
    if (size?.key !== key) {
      const bytes =
        (isBuilt ? estimateBuilt(entry, embedder) : estimateAnswers(entry)) +
        (snapshot ? estimateSnapshotVectorBytes(snapshot) : 0);
      size = { key, bytes };
      sizes.set(entry, size);
    }
    return size.bytes;
  };
}

function estimateBuilt(entry: StoryfileMatcher, embedder: Embedder | undefined): number {
  return estimateMatcherBytes(readSnapshotParts(entry, embedder), { keepsTraining: true });
}

function estimateAnswers(entry: StoryfileMatcher): number {
  let characters = 0;
  for (const answer of entry.answers.values()) {
    characters += answer.text.length + (answer.transcript ?? '').length;
    for (const text of [...answer.alternates, ...(answer.learned ?? [])]) {
      characters += text.length;
    }
  }
  for (const question of entry.visitorQuestions) {
    characters += question.length;
  }
  return characters * ANSWER_BYTES_PER_CHARACTER + entry.answers.size * BYTES_PER_ANSWER;
}
