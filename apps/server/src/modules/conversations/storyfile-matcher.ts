// What the matcher cache holds per storyfile (`matcher-cache.ts`): the entry and its answers as
// the matcher sees them. Types alone, for the cache's files and the scorer threads' snapshot.
import type {
  Category,
  Matcher,
  PlayRiskSetting,
  PressedQuestion,
  ThresholdSetting,
} from '@conversa/matching';
import type { HeardAsRule } from '@conversa/contracts';
import type { MediaAssetFile } from '../media/media.tables.ts';

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
  /**
   * What its visitors asked, as stored for its matcher (`visitor-log.ts`; [] until a log was
   * taken): the matcher weighs words and answers by it.
   */
  visitorQuestions: string[];
  /**
   * The questions one network labelled, waiting for a second (`learned-labels.ts`): their answers
   * are offered at once to a question close in meaning (`withPressedAnswers` at `bar`), never
   * played. Null without a sentence model that joins questions by meaning.
   */
  pressed: { questions: PressedQuestion[]; bar: number } | null;
}
