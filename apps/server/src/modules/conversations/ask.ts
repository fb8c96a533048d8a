import {
  applyHeardAsRules,
  CANNOT_ANSWER_MESSAGE,
  CLARIFY_MESSAGE,
  LOGGED_CANDIDATE_COUNT,
  PLEASE_REPEAT_MESSAGE,
  type AskCandidate,
  type AskDecision,
  type AskMedia,
  type AskScoring,
  type ClipKind,
  type FallbackReason,
} from '@conversa/contracts';
import {
  normalizeText,
  OFF_TOPIC_QUESTIONS,
  type Embedder,
  type MatchDecision,
  type MatchResult,
} from '@conversa/matching';
import { getClipPrompt } from '../storyfiles/index.ts';
import { readVisitorWords } from '../transcripts/index.ts';
import { noClarification, type AskInput, type AskOutcome } from './ask.types.ts';
import { clarify, takeSuggestion } from './clarification.ts';
import { chooseReading, getReadingTexts } from './reading-choice.ts';
import { saveInkState } from './conversation-state.ts';
import type { ConversationEngine } from './engine.ts';
import { recordExchange, type OnRecorded } from './exchange.ts';
import { recordExchangeLabel } from './learned-labels.ts';
import type { MatchableAnswer, StoryfileMatcher } from './matcher-cache.ts';
import { signAssetMedia, signStoryfileClips } from './media-signing.ts';
import { getQuestionScorer } from './scoring/question-scorer.ts';
import {
  answerWithStory,
  findStoryChoice,
  openStory,
  startConversation,
  toStoryTurn,
} from './story-turn.ts';

/** Fallbacks that ask the visitor to say it again: nothing (well enough) heard. */
const PLEASE_REPEAT_REASONS: ReadonlySet<FallbackReason> = new Set([
  'empty',
  'unintelligible',
  'not-confident',
  'readings-disagree',
]);

/** Candidates the studio shows under an answer. */
const CANDIDATE_LIMIT = 5;

/**
 * Answers one question: matches it against every question of the storyfile's script, picks what
 * to play (the answer video; the cannot-answer clip when out of scope or when the best match is
 * not recorded yet; the please-repeat clip for empty, unintelligible or misheard input; a message instead of
 * a clip that is not recorded) and logs the exchange in its conversation.
 *
 * With a published ink story, the visitor's words are first matched against the story's open
 * choices; a choice that fits moves the story, and its lines' videos play. Otherwise the matcher
 * answers and the story stays. The story's state is saved in the conversation after every turn.
 * A story that fails (a runtime error, a broken state) never fails the ask.
 *
 * Stages, in order: story choice (`story-turn.ts`), reading choice for a spoken question's n-best
 * (`reading-choice.ts`, which matches each reading), match (or the pressed suggestion), clarify
 * (`clarification.ts`: "Did you mean…?", topics and starters), media, log.
 */
export async function askStoryfile(
  engine: ConversationEngine,
  input: AskInput,
  /** Called with each exchange in the transaction that logs it. */
  options: { onRecorded?: OnRecorded } = {},
): Promise<AskOutcome> {
  // A typed question's vector is made while the matcher's stamp is read (a spoken one needs the
  // "heard as" rules first, below).
  const isSpoken = input.inputMode === 'spoken';
  const [entry] = await Promise.all([
    engine.matchers.getMatcher(engine.db, input.storyfileId),
    isSpoken ? undefined : engine.vectors?.prepareQuestion(input.text),
  ]);
  // The entry's matcher is not read here unless needed: with scorer threads it is not built.
  const { answers, heardAsRules, publishedInkVersionId } = entry;
  // Scored in the server's pool of scorer threads (or on the event loop with MATCHER_WORKERS=0).
  const score = getQuestionScorer(engine, input.storyfileId, entry);
  const isUnintelligible = isSpoken && input.text.trim() === '';
  // A spoken transcript gets the custom words' "heard as" rules first ("mill walkie" → "Milwaukee");
  // the chat log keeps the text that was matched.
  const text = isSpoken ? applyHeardAsRules(input.text, heardAsRules).text : input.text;
  if (isSpoken) {
    // Every reading the choice below weighs, in one batch (the gateway began it when it heard
    // them: then this finds them made or on their way).
    await engine.vectors?.prepareQuestions(
      getReadingTexts({ text: input.text, alternatives: input.alternatives ?? [] }, heardAsRules),
    );
  }
  // The cached matcher's own threshold, only where no scoring decided the question (a story's
  // turn, a pressed suggestion, an unintelligible one): choosing it calibrates the matcher on the
  // event loop (seconds at 300 answers with transcripts, after every load of the storyfile), which
  // the scorer threads have already done where they scored.
  const ownThreshold = () => entry.matcher.getThreshold();

  const story = await openStory(engine, input, publishedInkVersionId, answers);
  if (input.start) {
    return startConversation(engine, input, story, ownThreshold());
  }
  const { session, opening } = story;
  const choiceIndex =
    session && !isUnintelligible && !input.suggestion
      ? await findStoryChoice(engine, input, session, text)
      : undefined;
  if (session && choiceIndex !== undefined) {
    const { onRecorded } = options;
    const threshold = ownThreshold();
    const context = { session, answers, threshold, opening, choiceIndex, text, onRecorded };
    return answerWithStory(engine, input, context);
  }

  // A pressed suggestion plays the answer it names, once checked that it was offered; nothing is
  // matched.
  const chosen = input.suggestion ? await takeSuggestion(engine, input, answers) : undefined;
  // A spoken question with the recognizer's readings: the storyfile chooses the reading
  // (`reading-choice.ts`), or finds it was not heard well enough to answer or refuse.
  const reading =
    isSpoken && !isUnintelligible && !chosen
      ? await chooseReading(
          score,
          heardAsRules,
          {
            text: input.text,
            alternatives: input.alternatives ?? [],
            speechConfidence: input.speechConfidence ?? null,
          },
          {
            limit: CANDIDATE_LIMIT,
            ...(engine.vectors
              ? { prepare: (texts) => engine.vectors!.prepareQuestions(texts) }
              : {}),
          },
        )
      : undefined;
  const matchedText = reading?.text ?? text;
  const result =
    reading?.result ??
    (isUnintelligible || chosen ? null : (await score([text], CANDIDATE_LIMIT))[0]!);
  // The threshold of the scoring this question got (with vectors, or lexical without its vector).
  const decidedThreshold = result?.threshold ?? ownThreshold();
  const decision: AskDecision = chosen
    ? { kind: 'answer', questionId: chosen.questionId }
    : reading?.misheard
      ? { kind: 'fallback', reason: reading.misheard }
      : result
        ? toAskDecision(result.decision)
        : { kind: 'fallback', reason: 'unintelligible' };
  const candidates = toCandidates(result, answers);
  const answered = decision.kind === 'answer' ? answers.get(decision.questionId) : undefined;
  const unrecorded =
    decision.kind === 'fallback' && decision.reason === 'not-recorded'
      ? answers.get(decision.questionId)
      : undefined;
  // A misheard question is not asked "Did you mean…?" about words the studio did not hear; the
  // second fallback in a row still offers the topics and starters.
  const clarification = chosen
    ? noClarification()
    : await clarify(engine, input, {
        result: reading?.misheard ? null : result,
        decision,
        answers,
      });
  const { media, message } =
    clarification.clarification === 'did-you-mean' && !answered
      ? // Asking back is not giving up: no cannot-answer clip before "Did you mean…?".
        { media: null, message: CLARIFY_MESSAGE }
      : await pickMedia(engine, input, decision, answered);

  const scored = answered
    ? candidates.find((c) => c.questionId === answered.questionId)
    : candidates[0];
  const { conversationId, exchangeId } = await recordExchange(
    engine,
    input,
    {
      // A pressed suggestion is logged with its words: the question the asker chose.
      ...toLoggedMatch(chosen?.text ?? matchedText, decision, candidates, scored),
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
    options.onRecorded,
  );
  if (chosen && input.suggestion) {
    // The pressed suggestion labels the question that offered it (issue 50 item 2).
    await recordExchangeLabel(engine.db, {
      exchangeId: input.suggestion.exchangeId,
      questionId: chosen.questionId,
      source: 'suggestion',
      visitorKey: input.visitorKey,
    });
  }
  engine.metrics.countAsk(answered ? 'answered' : 'fallback', input.channel);
  if (session) {
    session.recordFreeTurn();
    await saveInkState(engine.db, conversationId, session);
  }

  return {
    conversationId,
    exchangeId,
    decision,
    media,
    message,
    questionText: answered?.text ?? null,
    score: scored?.score ?? null,
    confidence: scored?.confidence ?? null,
    threshold: decidedThreshold,
    candidates,
    ...(result ? { scoring: describeAskScoring(result, entry, engine.embedder) } : {}),
    story: session ? toStoryTurn(session, 'free', null, opening) : null,
    ...clarification,
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

/** The matcher's decision in the contract's terms (answers are named by their question). */
function toAskDecision(decision: MatchDecision): AskDecision {
  if (decision.kind === 'answer') {
    return { kind: 'answer', questionId: decision.answerId };
  }
  return decision.reason === 'not-recorded'
    ? { kind: 'fallback', reason: 'not-recorded', questionId: decision.answerId }
    : { kind: 'fallback', reason: decision.reason };
}

/** What the chat log keeps of the matcher's answer: the words, reason, score and top candidates. */
function toLoggedMatch(
  text: string,
  decision: AskDecision,
  candidates: AskCandidate[],
  scored: AskCandidate | undefined,
) {
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

/** The matcher's candidates as the studio shows them, with their questions and topics. */
function toCandidates(
  result: MatchResult | null,
  answers: StoryfileMatcher['answers'],
): AskCandidate[] {
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

/**
 * What plays: the answer's video; else the please-repeat clip (empty or unintelligible input) or
 * the cannot-answer clip, and instead of a clip that is not recorded the text the author wrote for
 * it, or the spec's message.
 */
async function pickMedia(
  engine: ConversationEngine,
  input: AskInput,
  decision: AskDecision,
  answered: MatchableAnswer | undefined,
): Promise<{ media: AskMedia | null; message: string | null }> {
  if (answered?.assetId) {
    const asset = { id: answered.assetId, files: answered.files };
    const words = await readVisitorWords(engine.db, [asset.id]);
    return {
      media: signAssetMedia(engine.signer, asset, input.visitorKey, words.get(asset.id)),
      message: null,
    };
  }
  const clipKind: ClipKind =
    decision.kind === 'fallback' && PLEASE_REPEAT_REASONS.has(decision.reason)
      ? 'pleaseRepeat'
      : 'cannotAnswer';
  const clips = await signStoryfileClips(engine, input.storyfileId, [clipKind], input.visitorKey);
  const media = clips[clipKind];
  if (media) {
    return { media, message: null };
  }
  // The author's own words for the clip when they wrote some; the studio's sentence otherwise.
  const prompt = await getClipPrompt(engine.db, input.storyfileId, clipKind);
  return {
    media: null,
    message:
      prompt !== ''
        ? prompt
        : clipKind === 'cannotAnswer'
          ? CANNOT_ANSWER_MESSAGE
          : PLEASE_REPEAT_MESSAGE,
  };
}
