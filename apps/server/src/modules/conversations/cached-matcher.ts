// One entry of the matcher cache (`matcher-cache.ts`) and what it costs in memory. Its matcher is
// built on first use, from what the entry holds: with scorer threads an ask scores there and never
// uses it, so a storyfile loaded (again, after an eviction) costs the event loop neither the
// build nor the calibration (seconds at 300 answers with transcripts); the settings and Response
// quality build it with the stored trained state (`scoring/event-loop-training.ts`), and a studio
// without threads uses it as before.
import {
  createMatcher,
  type Category,
  type Embedder,
  type Matcher,
  type PlayRiskSetting,
  type ThresholdSetting,
} from '@conversa/matching';
import type { HeardAsRule } from '@conversa/contracts';
import type { MediaAssetFile } from '../media/media.tables.ts';
import { toAnswerInput } from './matcher-cache-changes.ts';
import { estimateMatcherBytes } from './scoring/matcher-bytes.ts';
import { takeMatcherSnapshot } from './scoring/matcher-snapshot.ts';

/**
 * A script question as the matcher sees it. Every question is ranked; only one with a processed
 * answer video (`isRecorded`) can be played, and an unrecorded best match is the `not-recorded`
 * fallback.
 */
export interface MatchableAnswer {
  questionId: string;
  text: string;
  alternates: string[];
  topicId: string;
  topicName: string;
  isRecorded: boolean;
  /** The answer video's asset; null while the question is not recorded. */
  assetId: string | null;
  files: Record<string, MediaAssetFile>;
  /**
   * What the person says in the answer (its transcript's draft or saved words; '' until there is
   * one): the matcher's evidence of what the answer covers, never a phrasing.
   */
  transcript?: string;
  /** What the storyfile learned from its visitors for this answer (`learned-labels.ts`). */
  learned?: string[];
}

export interface StoryfileMatcher {
  stamp: string;
  /** Moves (process-wide) on every change: an edit read, its vectors made (`scoring/` rebuilds). */
  version: number;
  /** Built on first use (`cached-matcher.ts`): an ask scored in a scorer thread never builds it. */
  readonly matcher: Matcher;
  /** The matcher when it was built already (edits go to it; else it is built with them). */
  builtMatcher(): Matcher | undefined;
  /** The owner's settings the matcher was built with ('auto' where not set). */
  threshold: ThresholdSetting;
  playRisk: PlayRiskSetting;
  answers: Map<string, MatchableAnswer>;
  /** The custom categories folded (the namespace's and the storyfile's own), as a key. */
  categoriesKey: string;
  categories: Category[];
  /** The namespace's custom words' "heard as" rules, applied to spoken questions first. */
  heardAsRules: HeardAsRule[];
  /**
   * The storyfile's published ink version as of this ask's stamp read; null without one, so an ask
   * on a storyfile with no story reads neither the story nor the conversation's state.
   */
  publishedInkVersionId: string | null;
}

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
 * Each entry's estimated bytes (`matcher-bytes.ts`): its matcher's once built, else its answers'
 * alone; estimated again when its version moves or its matcher is built.
 */
export function createEntrySizes(embedder: Embedder | undefined) {
  const sizes = new WeakMap<StoryfileMatcher, { key: string; bytes: number }>();
  return (entry: StoryfileMatcher): number => {
    const isBuilt = entry.builtMatcher() !== undefined;
    const key = `${entry.version}:${isBuilt}`;
    let size = sizes.get(entry);
    if (size?.key !== key) {
      size = { key, bytes: isBuilt ? estimateBuilt(entry, embedder) : estimateAnswers(entry) };
      sizes.set(entry, size);
    }
    return size.bytes;
  };
}

function estimateBuilt(entry: StoryfileMatcher, embedder: Embedder | undefined): number {
  return estimateMatcherBytes(takeMatcherSnapshot(entry, embedder), { keepsTraining: true });
}

function estimateAnswers(entry: StoryfileMatcher): number {
  let characters = 0;
  for (const answer of entry.answers.values()) {
    characters += answer.text.length + (answer.transcript ?? '').length;
    for (const text of [...answer.alternates, ...(answer.learned ?? [])]) {
      characters += text.length;
    }
  }
  return characters * ANSWER_BYTES_PER_CHARACTER + entry.answers.size * BYTES_PER_ANSWER;
}
