import type { AskScoring, StoryLine, StoryTurn } from '@conversa/contracts';
import { OFF_TOPIC_QUESTIONS, type Embedder, type MatchResult } from '@conversa/matching';
import type { InkSession } from '../../ink/index.ts';
import { noClarification, type AskOutcome } from '../ask.types.ts';
import type { StoryfileMatcher } from '../storyfile-matcher.ts';
import type { Logged } from './ask-values.ts';

/** The ask's answer, from the value its last stage returned. */
export async function toAskOutcome(
  value: Logged,
  embedder: Embedder | undefined,
): Promise<AskOutcome> {
  const { conversationId, exchangeId, media, message } = value;
  const { session } = value.story;
  if (value.path === 'start') {
    return {
      conversationId,
      exchangeId,
      decision: { kind: 'story' },
      media,
      message,
      questionText: null,
      heardText: null,
      score: null,
      confidence: null,
      threshold: await value.ownThreshold(),
      candidates: [],
      ...noClarification(),
      story: session ? toStoryTurn(session, 'start', null, value.lines) : null,
    };
  }
  if (value.path === 'story') {
    const { taken, answered } = value;
    return {
      conversationId,
      exchangeId,
      decision: { kind: 'story' },
      media,
      message,
      questionText: answered?.text ?? null,
      heardText: null,
      score: null,
      confidence: null,
      threshold: await value.ownThreshold(),
      candidates: [],
      ...noClarification(),
      story: toStoryTurn(value.story.session, 'choice', taken.choiceText || null, value.lines),
    };
  }
  const { answered, scored, result } = value;
  return {
    conversationId,
    exchangeId,
    decision: value.decision,
    media,
    message,
    questionText: answered?.text ?? null,
    // The words the chat log keeps (`log.ts`): the visitor's transcript shows the same.
    heardText: value.reading?.text ?? null,
    score: scored?.score ?? null,
    confidence: scored?.confidence ?? null,
    threshold: value.decidedThreshold,
    candidates: value.candidates,
    ...(result ? { scoring: describeAskScoring(result, value.entry, embedder) } : {}),
    story: session ? toStoryTurn(session, 'free', null, value.lines) : null,
    ...value.clarification,
  };
}

function toStoryTurn(
  session: InkSession,
  turn: StoryTurn['turn'],
  choiceText: string | null,
  lines: StoryLine[],
): StoryTurn {
  const choices = session.getChoices();
  return {
    versionNumber: session.versionNumber,
    turn,
    choiceText,
    lines,
    choices: choices.map(({ index, text }) => ({ index, text })),
    hasEnded: choices.length === 0 && session.toSaved().hasEnded,
    notice: session.notice,
  };
}

/**
 * Whether meaning took part in this score: "why this answer" calls a question off-topic only when
 * nothing is close by meaning either, and says when words alone scored it because the script's
 * vectors were still being made (issue 44).
 */
function describeAskScoring(
  result: MatchResult,
  entry: StoryfileMatcher,
  embedder: Embedder | undefined,
): AskScoring {
  if (result.isSemantic) {
    return 'meaning';
  }
  const built = entry.builtMatcher();
  if (built || !embedder) {
    return built?.getEmbeddingState().status === 'pending' ? 'words-preparing' : 'words';
  }
  // Scored in a scorer thread, the entry's matcher not built: pending as the matcher would say,
  // while a phrasing or a built-in off-topic question has no vector.
  const has = (text: string) => embedder.embed(text.trim()) !== undefined;
  const isReady =
    OFF_TOPIC_QUESTIONS.every(has) &&
    [...entry.answers.values()].every((answer) => [answer.text, ...answer.alternates].every(has));
  return isReady ? 'words' : 'words-preparing';
}
