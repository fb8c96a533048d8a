import { asc, desc, eq } from 'drizzle-orm';
import { MAX_SUGGESTIONS, type AskSuggestion, type AskTopic } from '@conversa/contracts';
import {
  chooseSuggestions,
  withPressedAnswers,
  type MatchResult,
  type Suggestion,
} from '@conversa/matching';
import { storyfileStarters } from '../../../storyfiles/storyfiles.tables.ts';
import { noClarification, type AskInput, type Clarification } from '../../ask.types.ts';
import { askersConversation } from '../../conversation-state.ts';
import { chatLogEntries, conversations } from '../../conversations.tables.ts';
import type { ConversationEngine } from '../../engine.ts';
import { loadScriptOrder, pickOnePerTopic } from '../../script-order.ts';
import type { MatchableAnswer, StoryfileMatcher } from '../../storyfile-matcher.ts';
import type { Clarified, Matched } from '../ask-values.ts';

type Answers = StoryfileMatcher['answers'];

/**
 * The ask's clarify stage, after the match: "Did you mean…?" with the recorded answers the
 * matcher's suggestion rule offers (`chooseSuggestions`), else, on the second fallback in a row of
 * the conversation, the storyfile's topics (each with its recorded questions) and its recorded
 * conversation starters (one recorded question per topic without any). Only a recorded answer is
 * ever offered. A first fallback with nothing plausible stands as it is, and a pressed
 * suggestion asks nothing back. A misheard question is not asked "Did you mean…?" about words the
 * studio did not hear; the second fallback in a row still offers the topics and starters. An
 * answer one visitor pressed for a question close in meaning to this one is offered at once too
 * (`withPressedAnswers`, issue 66), never played.
 */
export async function clarify(
  engine: Pick<ConversationEngine, 'db' | 'embedder'>,
  value: Matched,
): Promise<Clarified> {
  if (value.path !== 'matcher') {
    return value;
  }
  if (value.chosen) {
    return { ...value, clarification: noClarification() };
  }
  const { input, decision, entry } = value;
  const { answers } = entry;
  const result = value.reading?.misheard ? null : value.result;
  const offered = result
    ? withPressed(engine, value, result).flatMap(({ answerId }) => {
        const answer = answers.get(answerId);
        return answer?.assetId ? [toSuggestion(answer)] : [];
      })
    : [];
  if (offered.length > 0) {
    return {
      ...value,
      clarification: { clarification: 'did-you-mean', suggestions: offered, topics: [] },
    };
  }
  if (decision.kind !== 'fallback' || !(await followsFallback(engine, input))) {
    return { ...value, clarification: noClarification() };
  }
  return {
    ...value,
    clarification: await offerTopicsAndStarters(engine, input.storyfileId, answers),
  };
}

/** The matcher's suggestions, with the answers of questions one visitor pressed (`pressed`). */
function withPressed(
  engine: Pick<ConversationEngine, 'embedder'>,
  { entry, matchedText }: Extract<Matched, { path: 'matcher' }>,
  result: MatchResult,
): Suggestion[] {
  const suggestions = chooseSuggestions(result, { limit: MAX_SUGGESTIONS });
  const { pressed } = entry;
  if (!pressed || pressed.questions.length === 0) {
    return suggestions;
  }
  return withPressedAnswers(
    result,
    suggestions,
    engine.embedder?.embed(matchedText),
    pressed.questions,
    {
      bar: pressed.bar,
      limit: MAX_SUGGESTIONS,
    },
  );
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

/**
 * The topics that have a recorded answer (by name), each with its recorded questions in the
 * script's order, and the recorded starters in their order, or without any, one recorded question
 * of each topic (`pickOnePerTopic`): a visitor told to "choose one below" always has a button.
 * A topic's questions pass `takeSuggestion` as this exchange's: it offers every recorded answer.
 */
async function offerTopicsAndStarters(
  engine: Pick<ConversationEngine, 'db'>,
  storyfileId: string,
  answers: Answers,
): Promise<Clarification> {
  const [starters, script] = await Promise.all([
    engine.db
      .select({ questionId: storyfileStarters.storyfileQuestionId })
      .from(storyfileStarters)
      .where(eq(storyfileStarters.storyfileId, storyfileId))
      .orderBy(asc(storyfileStarters.position)),
    loadScriptOrder(engine.db, storyfileId),
  ]);
  const recorded = script.flatMap(({ questionId }) => {
    const answer = answers.get(questionId);
    return answer && isOfferable(answer) ? [answer] : [];
  });
  const recordedStarters = starters.flatMap(({ questionId }) => {
    const answer = answers.get(questionId);
    return answer && isOfferable(answer) ? [answer] : [];
  });
  const suggestions = (
    recordedStarters.length > 0 ? recordedStarters : pickOnePerTopic(recorded)
  ).map(toSuggestion);
  const topics = new Map<string, AskTopic>();
  for (const answer of recorded) {
    const topic = topics.get(answer.topicId) ?? {
      topicId: answer.topicId,
      name: answer.topicName,
      suggestions: [],
    };
    topic.suggestions.push(toSuggestion(answer));
    topics.set(answer.topicId, topic);
  }
  if (suggestions.length === 0 && topics.size === 0) {
    return noClarification();
  }
  return {
    clarification: 'topics-and-starters',
    suggestions,
    topics: [...topics.values()].sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { numeric: true }),
    ),
  };
}

/** Only an answer that can play is offered (issue 67). */
function isOfferable(answer: MatchableAnswer): boolean {
  return answer.assetId !== null && answer.isRecorded;
}
