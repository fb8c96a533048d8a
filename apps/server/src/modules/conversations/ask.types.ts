import type {
  AskCandidate,
  AskSuggestion,
  AskTopic,
  ClarificationKind,
  AskScoring,
  AskDecision,
  AskMedia,
  ChatChannel,
  ConfidenceClass,
  InputMode,
  SpeechReading,
  StoryTurn,
} from '@conversa/contracts';

export interface AskInput {
  storyfileId: string;
  channel: ChatChannel;
  /** Who asks: `user:<iam>` or `visitor:<id>`; a conversation only continues for the same key. */
  visitorKey: string;
  /**
   * A visitor's network (`clientNetwork` of the request's address): what the storyfile learns from
   * a pressed suggestion counts distinct visitors by it, since cookies cost nothing (issue 67 item
   * 1). Absent (a signed-in user, a student): they are counted by `visitorKey`, their account.
   */
  clientKey?: string | undefined;
  text: string;
  inputMode: InputMode;
  /** A spoken question's readings from the studio's recognizer, best first (`reading-choice.ts`). */
  alternatives?: SpeechReading[] | undefined;
  /** The recognizer's confidence in `text` (0–1). */
  speechConfidence?: number | null | undefined;
  conversationId?: string;
  /** Play this suggestion that an exchange of the conversation offered (`ask/stages/match.ts`). */
  suggestion?: { exchangeId: string; questionId: string } | undefined;
  /** Take this choice of the published ink story. */
  choiceIndex?: number;
  /** Open the conversation (and its story) without asking; nothing is logged. */
  start?: boolean;
  /** With `start`: a new conversation whose story starts at this knot or stitch (the author's). */
  startPath?: string | undefined;
  /**
   * Free questions only: the published ink story is not opened, so no words are taken as a story
   * choice and every question is matched (a learning activity's conversation: issue 68, item 11).
   */
  isFreeQuestionsOnly?: boolean;
}

export interface AskOutcome {
  conversationId: string;
  exchangeId: string | null;
  decision: AskDecision;
  media: AskMedia | null;
  message: string | null;
  questionText: string | null;
  score: number | null;
  confidence: ConfidenceClass | null;
  threshold: number;
  candidates: AskCandidate[];
  /** How the question was scored (absent: nothing was, e.g. a story choice or the opening). */
  scoring?: AskScoring;
  /** The ink story's turn; null without a published story. */
  story: StoryTurn | null;
  /** A spoken question's reading the storyfile went by (what is logged); null otherwise. */
  heardText: string | null;
  /** What the storyfile asks back with, or null (`ask/stages/clarify.ts`). */
  clarification: ClarificationKind | null;
  suggestions: AskSuggestion[];
  topics: AskTopic[];
}

export type Clarification = Pick<AskOutcome, 'clarification' | 'suggestions' | 'topics'>;

/** An ask's outcome when the storyfile does not ask back. */
export function noClarification(): Clarification {
  return { clarification: null, suggestions: [], topics: [] };
}
