import { and, asc, desc, eq } from 'drizzle-orm';
import {
  MAX_SUGGESTIONS,
  SUGGESTION_NOT_OFFERED_MESSAGE,
  type AskDecision,
  type AskSuggestion,
} from '@conversa/contracts';
import { chooseSuggestions, type MatchResult } from '@conversa/matching';
import { badRequest } from '../../http/errors.ts';
import { storyfileStarters } from '../storyfiles/storyfiles.tables.ts';
import { noClarification, type AskInput, type Clarification } from './ask.types.ts';
import { askersConversation } from './conversation-state.ts';
import { chatLogEntries, conversations } from './conversations.tables.ts';
import type { ConversationEngine } from './engine.ts';
import type { MatchableAnswer, StoryfileMatcher } from './matcher-cache.ts';

type Answers = StoryfileMatcher['answers'];

/**
 * The ask's clarify stage, after the match: "Did you mean…?" with the recorded answers the
 * matcher's suggestion rule offers (`chooseSuggestions`), else, on the second fallback in a row of
 * the conversation, the storyfile's topics and its recorded conversation starters. Only a recorded
 * answer is ever offered. A first fallback with nothing plausible stands as it is.
 */
export async function clarify(
  engine: Pick<ConversationEngine, 'db'>,
  input: AskInput,
  match: { result: MatchResult | null; decision: AskDecision; answers: Answers },
): Promise<Clarification> {
  const { result, decision, answers } = match;
  const offered = result
    ? chooseSuggestions(result, { limit: MAX_SUGGESTIONS }).flatMap(({ answerId }) => {
        const answer = answers.get(answerId);
        return answer?.assetId ? [toSuggestion(answer)] : [];
      })
    : [];
  if (offered.length > 0) {
    return { clarification: 'did-you-mean', suggestions: offered, topics: [] };
  }
  if (decision.kind !== 'fallback' || !(await followsFallback(engine, input))) {
    return noClarification();
  }
  return offerTopicsAndStarters(engine, input.storyfileId, answers);
}

/**
 * The answer of a pressed suggestion, once checked that this asker's conversation offered it on
 * that exchange and that it is still recorded; otherwise 400 (a forged or stale choice never plays).
 */
export async function takeSuggestion(
  engine: Pick<ConversationEngine, 'db'>,
  input: AskInput,
  answers: Answers,
): Promise<MatchableAnswer> {
  const { suggestion, conversationId } = input;
  if (!suggestion || !conversationId) {
    throw badRequest(SUGGESTION_NOT_OFFERED_MESSAGE);
  }
  const [offering] = await engine.db
    .select({ suggestions: chatLogEntries.suggestions })
    .from(chatLogEntries)
    .innerJoin(conversations, eq(conversations.id, chatLogEntries.conversationId))
    .where(
      and(
        eq(chatLogEntries.id, suggestion.exchangeId),
        askersConversation({ ...input, conversationId }),
      ),
    );
  const answer = answers.get(suggestion.questionId);
  const isOffered = offering?.suggestions.some(
    (offered) => offered.questionId === suggestion.questionId,
  );
  if (!isOffered || !answer?.assetId) {
    throw badRequest(SUGGESTION_NOT_OFFERED_MESSAGE);
  }
  return answer;
}

function toSuggestion(answer: MatchableAnswer): AskSuggestion {
  return { questionId: answer.questionId, questionText: answer.text };
}

/** Whether the conversation's latest exchange fell back too (one indexed row; none for a new one). */
async function followsFallback(
  engine: Pick<ConversationEngine, 'db'>,
  input: AskInput,
): Promise<boolean> {
  if (!input.conversationId) {
    return false;
  }
  const [latest] = await engine.db
    .select({ decision: chatLogEntries.decision })
    .from(chatLogEntries)
    .innerJoin(conversations, eq(conversations.id, chatLogEntries.conversationId))
    .where(askersConversation({ ...input, conversationId: input.conversationId }))
    .orderBy(desc(chatLogEntries.createdAt), desc(chatLogEntries.id))
    .limit(1);
  return latest?.decision === 'fallback';
}

/** The topics that have a recorded answer (by name) and the recorded starters, in their order. */
async function offerTopicsAndStarters(
  engine: Pick<ConversationEngine, 'db'>,
  storyfileId: string,
  answers: Answers,
): Promise<Clarification> {
  const starters = await engine.db
    .select({ questionId: storyfileStarters.storyfileQuestionId })
    .from(storyfileStarters)
    .where(eq(storyfileStarters.storyfileId, storyfileId))
    .orderBy(asc(storyfileStarters.position));
  const suggestions = starters.flatMap(({ questionId }) => {
    const answer = answers.get(questionId);
    return answer?.assetId ? [toSuggestion(answer)] : [];
  });
  const topics = new Map<string, string>();
  for (const answer of answers.values()) {
    if (answer.assetId && !topics.has(answer.topicId)) {
      topics.set(answer.topicId, answer.topicName);
    }
  }
  if (suggestions.length === 0 && topics.size === 0) {
    return noClarification();
  }
  return {
    clarification: 'topics-and-starters',
    suggestions,
    topics: [...topics]
      .map(([topicId, name]) => ({ topicId, name }))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
  };
}
