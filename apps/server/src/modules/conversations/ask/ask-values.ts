import type { AskCandidate, AskDecision, AskMedia, StoryLine } from '@conversa/contracts';
import type { MatchResult } from '@conversa/matching';
import type { InkSession } from '../../ink/index.ts';
import type { AskInput, Clarification } from '../ask.types.ts';
import type { OnRecorded } from '../exchange.ts';
import type { MatchableAnswer, StoryfileMatcher } from '../storyfile-matcher.ts';
import type { ReadingChoice } from '../reading-choice.ts';

// The one value an ask passes from stage to stage (`ask.ts` runs them in order). Each stage takes
// the value the one before returned and returns it with its own part added; `path` says which way
// the ask goes, so a stage with nothing to do on a path hands the value on as it is.

/** Stage "question": the storyfile's matcher (as of this ask's stamp) and the words it matches. */
export interface AskedQuestion {
  input: AskInput;
  /** Called with the exchange in the transaction that logs it. */
  onRecorded: OnRecorded | undefined;
  /** The storyfile's matcher, its answers, "heard as" rules and published story. */
  entry: StoryfileMatcher;
  /** The words after the custom words' "heard as" rules (a spoken question's): what is matched. */
  text: string;
  isSpoken: boolean;
  /** Spoken, and nothing was heard: no story choice or reading is tried. */
  isUnintelligible: boolean;
  /**
   * The storyfile's own threshold in force, read only where no scoring decided the question (a
   * story's turn, a pressed suggestion, an unintelligible one): from the scorer thread that scores
   * the storyfile, never by building its matcher on the event loop (`getOwnThreshold`).
   */
  ownThreshold: () => Promise<number>;
}

/** The asker's story (none without a published one) where their conversation left it. */
export interface AskStory {
  session: InkSession | null;
  /**
   * Every new conversation starts the story from the top: Start after the story ended (a reload
   * keeps the ended conversation's id), or from a knot, opens a new conversation.
   */
  isNewConversation: boolean;
}

/** What a taken story choice gave: its text and lines, or the runtime errors that stopped it. */
export type TakenChoice = ReturnType<InkSession['choose']>;

/**
 * Stage "story choice": the way the ask goes on. `start` opens the conversation and nothing is
 * asked; `story` took a choice of the published story (nothing is matched); `matcher` goes on to
 * the reading choice and the match.
 */
export type StoryChosen =
  | (AskedQuestion & { path: 'start'; story: AskStory })
  | (AskedQuestion & {
      path: 'story';
      story: AskStory & { session: InkSession };
      taken: TakenChoice;
      /** The recorded answer the choice's lines play first, if any. */
      answered: MatchableAnswer | undefined;
    })
  | (AskedQuestion & { path: 'matcher'; story: AskStory });

/** A value whose `matcher` path has gained `Added`; the other paths pass as they are. */
type OnMatcherPath<Value extends { path: string }, Added> =
  Exclude<Value, { path: 'matcher' }> | (Extract<Value, { path: 'matcher' }> & Added);

/** Stage "reading choice": the reading a spoken question is matched on (null: typed, or none). */
export type ReadingChosen = OnMatcherPath<StoryChosen, { reading: ReadingChoice | null }>;

/** The matcher's answer to the question, or the pressed suggestion's. */
export interface MatcherAnswer {
  /** The answer of a pressed suggestion (nothing was matched), else null. */
  chosen: MatchableAnswer | null;
  /**
   * The question a pressed suggestion labels with its answer: the one that offered a "Did you
   * mean…?". Null otherwise: a starter offered after fallbacks is the asker moving on, not an answer
   * to what they asked, and teaches nothing (issues 66 and 67).
   */
  labelledQuestion: string | null;
  /** The words matched (the chosen reading's, for a spoken question). */
  matchedText: string;
  result: MatchResult | null;
  decision: AskDecision;
  candidates: AskCandidate[];
  /** The recorded answer that plays, if any. */
  answered: MatchableAnswer | undefined;
  /** On a `not-recorded` fallback, the question matched. */
  unrecorded: MatchableAnswer | undefined;
  /** The candidate whose score and confidence are the answer's. */
  scored: AskCandidate | undefined;
  /** The threshold of the scoring this question got (with vectors, or lexical without its vector). */
  decidedThreshold: number;
}

/** Stage "match or pressed suggestion". */
export type Matched = OnMatcherPath<ReadingChosen, MatcherAnswer>;

/** Stage "clarify": what the storyfile asks back with. */
export type Clarified = OnMatcherPath<Matched, { clarification: Clarification }>;

/** Stage "media": what plays, signed, and the story's lines with their clips. */
export type Played = Clarified & {
  media: AskMedia | null;
  message: string | null;
  /** The story's lines of this turn (its opening, then a taken choice's), each clip signed. */
  lines: StoryLine[];
};

/** Stage "log": the conversation and the exchange logged in it (none when only opened). */
export type Logged = Played & { conversationId: string; exchangeId: string | null };

/** Candidates the studio shows under an answer (and each reading of a spoken question scores). */
export const CANDIDATE_LIMIT = 5;
