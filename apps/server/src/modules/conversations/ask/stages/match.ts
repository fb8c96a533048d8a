import { and, eq } from 'drizzle-orm';
import {
  SUGGESTION_NOT_OFFERED_MESSAGE,
  type AskCandidate,
  type AskDecision,
  type ClarificationKind,
} from '@conversa/contracts';
import type { MatchDecision, MatchResult } from '@conversa/matching';
import { badRequest } from '../../../../http/errors.ts';
import { askersConversation } from '../../conversation-state.ts';
import { chatLogEntries, conversations } from '../../conversations.tables.ts';
import type { ConversationEngine } from '../../engine.ts';
import type { MatchableAnswer, StoryfileMatcher } from '../../storyfile-matcher.ts';
import { getQuestionScorer } from '../../scoring/question-scorer.ts';
import { CANDIDATE_LIMIT, type Matched, type ReadingChosen } from '../ask-values.ts';

type Answers = StoryfileMatcher['answers'];
type OnMatcherPath = Extract<ReadingChosen, { path: 'matcher' }>;

/**
 * The ask's match, or the pressed suggestion: a pressed suggestion plays the answer it names, once
 * checked that it was offered (nothing is matched); a spoken question keeps its chosen reading's
 * match; a typed one is scored (in the server's pool of scorer threads, or on the event loop with
 * MATCHER_WORKERS=0); unintelligible input is a fallback. The decision names the answer that
 * plays, or why none does.
 */
export async function matchQuestion(
  engine: ConversationEngine,
  value: ReadingChosen,
): Promise<Matched> {
  if (value.path !== 'matcher') {
    return value;
  }
  const { input, entry, reading } = value;
  const { answers } = entry;
  const pressed = input.suggestion ? await takeSuggestion(engine, value, answers) : null;
  const chosen = pressed?.answer ?? null;
  const result =
    reading?.result ??
    (value.isUnintelligible || chosen
      ? null
      : (
          await getQuestionScorer(engine, input.storyfileId, entry)([value.text], CANDIDATE_LIMIT)
        )[0]!);
  const decision: AskDecision = chosen
    ? { kind: 'answer', questionId: chosen.questionId }
    : reading?.misheard
      ? { kind: 'fallback', reason: reading.misheard }
      : result
        ? toAskDecision(result.decision)
        : { kind: 'fallback', reason: 'unintelligible' };
  const candidates = toCandidates(result, answers);
  const answered = decision.kind === 'answer' ? answers.get(decision.questionId) : undefined;
  return {
    ...value,
    chosen,
    labelledQuestion: pressed?.offeredAs === 'did-you-mean' ? pressed.offeredBy : null,
    matchedText: reading?.text ?? value.text,
    result,
    decision,
    candidates,
    answered,
    unrecorded:
      decision.kind === 'fallback' && decision.reason === 'not-recorded'
        ? answers.get(decision.questionId)
        : undefined,
    scored: answered ? candidates.find((c) => c.questionId === answered.questionId) : candidates[0],
    decidedThreshold: result?.threshold ?? (await value.ownThreshold()),
  };
}

/**
 * The answer of a pressed suggestion, and how and to what question its exchange offered it, once
 * checked that this asker's conversation offered it on that exchange (a "Did you mean…?" its
 * suggestions; topics and starters any recorded answer, under its topic) and that it is still
 * recorded; otherwise 400 (a forged or stale choice never plays, an unrecorded one never).
 */
async function takeSuggestion(
  engine: Pick<ConversationEngine, 'db'>,
  { input }: OnMatcherPath,
  answers: Answers,
): Promise<{ answer: MatchableAnswer; offeredAs: ClarificationKind | null; offeredBy: string }> {
  const { suggestion, conversationId } = input;
  if (!suggestion || !conversationId) {
    throw badRequest(SUGGESTION_NOT_OFFERED_MESSAGE);
  }
  const [offering] = await engine.db
    .select({
      suggestions: chatLogEntries.suggestions,
      clarification: chatLogEntries.clarification,
      questionText: chatLogEntries.questionText,
    })
    .from(chatLogEntries)
    .innerJoin(conversations, eq(conversations.id, chatLogEntries.conversationId))
    .where(
      and(
        eq(chatLogEntries.id, suggestion.exchangeId),
        askersConversation({ ...input, conversationId }),
      ),
    );
  const answer = answers.get(suggestion.questionId);
  // Topics and starters offer every topic with a recorded answer, each with its recorded
  // questions (`clarify.ts`): there, any recorded answer was offered; it is logged without them.
  const isOffered =
    offering?.clarification === 'topics-and-starters' ||
    offering?.suggestions.some((offered) => offered.questionId === suggestion.questionId);
  if (!isOffered || !answer?.assetId || !answer.isRecorded) {
    throw badRequest(SUGGESTION_NOT_OFFERED_MESSAGE);
  }
  return { answer, offeredAs: offering!.clarification, offeredBy: offering!.questionText };
}

/** The matcher's decision in the contract's terms (answers are named by their question). */
function toAskDecision(decision: MatchDecision): AskDecision {
  if (decision.kind === 'answer') {
    return { kind: 'answer', questionId: decision.answerId };
  }
  return decision.reason === 'not-recorded'
    ? { kind: 'fallback', reason: 'not-recorded', questionId: decision.answerId }
    : { kind: 'fallback', reason: decision.reason };
}

/** The matcher's candidates as the studio shows them, with their questions and topics. */
function toCandidates(result: MatchResult | null, answers: Answers): AskCandidate[] {
  return (result?.candidates ?? []).flatMap((candidate) => {
    const answer = answers.get(candidate.answerId);
    return answer
      ? [
          {
            questionId: answer.questionId,
            questionText: answer.text,
            topicId: answer.topicId,
            topicName: answer.topicName,
            score: candidate.score,
            confidence: candidate.confidence,
            isRecorded: candidate.isRecorded,
            matchedPhrasing: candidate.matchedPhrasing,
            matchedTerms: candidate.matchedTerms,
          },
        ]
      : [];
  });
}
