import { LOGGED_CANDIDATE_COUNT } from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import { openConversation, saveInkState } from '../../conversation-state.ts';
import type { ConversationEngine } from '../../engine.ts';
import { recordExchange } from '../../exchange.ts';
import { recordExchangeLabel } from '../../learned-labels.ts';
import type { Logged, Played } from '../ask-values.ts';

type MatcherPath = Extract<Played, { path: 'matcher' }>;

/**
 * The ask's log: the exchange in its conversation (continued, or started), the ask counted, a
 * pressed suggestion's label of the question that offered it, and the story's state saved. A
 * `start` only opens the conversation and saves its story: nothing is logged.
 */
export async function logExchange(engine: ConversationEngine, value: Played): Promise<Logged> {
  const { input, onRecorded, story } = value;
  const { session } = story;
  if (value.path === 'start') {
    const conversationId = await openConversation(
      engine.db,
      story.isNewConversation ? { ...input, conversationId: undefined } : input,
    );
    if (session) {
      await saveInkState(engine.db, conversationId, session);
    }
    return { ...value, conversationId, exchangeId: null };
  }
  if (value.path === 'story') {
    const { taken, answered } = value;
    const decision = taken.errors.length > 0 ? 'fallback' : 'answered';
    const { conversationId, exchangeId } = await recordExchange(
      engine,
      input,
      {
        questionText: value.text,
        decision,
        fallbackReason: null,
        answerQuestionId: answered?.questionId ?? null,
        answerQuestionText: answered?.text ?? null,
        normalizedText: normalizeText(value.text),
        inkTurn: 'choice',
        inkChoiceText: taken.choiceText || null,
      },
      onRecorded,
    );
    engine.metrics.countAsk(decision, input.channel);
    await saveInkState(engine.db, conversationId, value.story.session);
    return { ...value, conversationId, exchangeId };
  }
  const { chosen, labelledQuestion, answered, unrecorded, clarification } = value;
  const { conversationId, exchangeId } = await recordExchange(
    engine,
    input,
    {
      // A pressed suggestion is logged with its words: the question the asker chose.
      ...toLoggedMatch(value),
      decision: answered ? 'answered' : 'fallback',
      answerQuestionId: answered?.questionId ?? null,
      answerQuestionText: answered?.text ?? null,
      matchedQuestionId: unrecorded?.questionId ?? null,
      matchedQuestionText: unrecorded?.text ?? null,
      inkTurn: session ? 'free' : null,
      clarification: clarification.clarification,
      suggestions: clarification.suggestions,
      chosenFromExchangeId: input.suggestion?.exchangeId ?? null,
    },
    onRecorded,
  );
  if (chosen && labelledQuestion !== null && input.suggestion) {
    // The pressed "Did you mean…?" labels the question that offered it (issue 50 item 2), its
    // vector kept first, so that every replica joins it with questions much like it by meaning.
    await engine.vectors?.keepVectors([labelledQuestion]);
    await recordExchangeLabel(engine.db, {
      exchangeId: input.suggestion.exchangeId,
      questionId: chosen.questionId,
      source: 'suggestion',
      visitorKey: input.visitorKey,
      clientKey: input.clientKey ?? null,
    });
  }
  engine.metrics.countAsk(answered ? 'answered' : 'fallback', input.channel);
  if (session) {
    session.recordFreeTurn();
    await saveInkState(engine.db, conversationId, session);
  }
  return { ...value, conversationId, exchangeId };
}

/** What the chat log keeps of the matcher's answer: the words, reason, score and top candidates. */
function toLoggedMatch({ chosen, matchedText, decision, candidates, scored }: MatcherPath) {
  const text = chosen?.text ?? matchedText;
  const topCandidates = candidates.slice(0, LOGGED_CANDIDATE_COUNT).map((candidate) => ({
    questionId: candidate.questionId,
    questionText: candidate.questionText,
    score: candidate.score,
  }));
  return {
    questionText: text,
    fallbackReason: decision.kind === 'fallback' ? decision.reason : null,
    score: scored?.score ?? null,
    confidence: scored?.confidence ?? null,
    normalizedText: normalizeText(text),
    topCandidates,
    topMargin: topCandidates.length >= 2 ? topCandidates[0]!.score - topCandidates[1]!.score : null,
  };
}
