import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  applyHeardAsRules,
  CANNOT_ANSWER_MESSAGE,
  LOGGED_CANDIDATE_COUNT,
  PLEASE_REPEAT_MESSAGE,
  type AskCandidate,
  type AskDecision,
  type AskMedia,
  type ChatChannel,
  type ClipKind,
  type ConfidenceClass,
  type InputMode,
  type MatchingSettings,
  type StoryLine,
  type StoryTurn,
} from '@conversa/contracts';
import { normalizeText, type Embedder, type MatchDecision } from '@conversa/matching';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  chatLogEntries,
  conversations,
  mediaAssets,
  storyfileMatchingSettings,
  storyfileQuestions,
  storyfileStarters,
  trainingIgnores,
  type MediaAssetFile,
} from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { StudioMetrics } from '../../http/metrics.ts';
import {
  findPublishedInkVersion,
  hasInkStoryEnded,
  matchInkChoice,
  openInkSession,
  type InkLineClip,
  type InkSession,
} from '../ink/index.ts';
import { createSharedMediaUrlSigner, type MediaUrlSigner } from '../media/index.ts';
import { createMatcherCache, type MatcherCache, type StoryfileMatcher } from './matcher-cache.ts';

/** Ask URLs are for playing now: a short lifetime limits what a leaked link exposes. */
export const ASK_MEDIA_URL_TTL_SECONDS = 15 * 60;

/** Candidates the studio shows under an answer. */
const CANDIDATE_LIMIT = 5;

export interface ConversationEngine {
  db: Database;
  signer: MediaUrlSigner;
  matchers: MatcherCache;
  /**
   * The sentence-embedding seam every storyfile's matcher is built with, when one is configured;
   * clustering in Response quality uses the same one (none by default: lexical matching alone).
   */
  embedder?: Embedder;
  /** Where story runtime errors are logged (the server's logger; silent when absent). */
  logger?: Pick<FastifyBaseLogger, 'warn'>;
  /** The app's metrics, where asks are counted. */
  metrics: Pick<StudioMetrics, 'countAsk'>;
}

/** The matcher cache and the media URL signer that asks, transcripts and the public player share. */
export async function createConversationEngine(
  db: Database,
  options: {
    mediaUrlTtlSeconds: number;
    logger?: Pick<FastifyBaseLogger, 'warn'>;
    metrics: Pick<StudioMetrics, 'countAsk'>;
    embedder?: Embedder;
  },
): Promise<ConversationEngine> {
  const signer = await createSharedMediaUrlSigner(
    db,
    Math.min(options.mediaUrlTtlSeconds, ASK_MEDIA_URL_TTL_SECONDS),
  );
  const { embedder } = options;
  return {
    db,
    signer,
    matchers: createMatcherCache({ embedder }),
    embedder,
    metrics: options.metrics,
    ...(options.logger ? { logger: options.logger } : {}),
  };
}

/** A signed video, poster and captions (when made) of an asset for `grantee` (a user id or a visitor key). */
export function signAssetMedia(
  signer: MediaUrlSigner,
  asset: { id: string; files: Partial<Record<string, MediaAssetFile>> },
  grantee: string,
  now = Date.now(),
): AskMedia | null {
  const { video, poster, captions } = asset.files;
  if (!video) {
    return null;
  }
  const sign = (file: MediaAssetFile) =>
    signer.createUrl({ assetId: asset.id, file: file.name, userId: grantee }, now);
  const signedVideo = sign(video);
  return {
    url: signedVideo.url,
    posterUrl: poster ? sign(poster).url : '',
    captionsUrl: captions ? sign(captions).url : null,
    expiresAt: signedVideo.expiresAt.toISOString(),
  };
}

/** The recorded clips of a storyfile among `kinds`, signed. */
export async function signStoryfileClips<Kind extends ClipKind>(
  engine: ConversationEngine,
  storyfileId: string,
  kinds: readonly Kind[],
  grantee: string,
): Promise<Record<Kind, AskMedia | null>> {
  const rows = await engine.db
    .select({ id: mediaAssets.id, files: mediaAssets.files, clipKind: mediaAssets.clipKind })
    .from(mediaAssets)
    .where(
      and(
        eq(mediaAssets.storyfileId, storyfileId),
        isNotNull(mediaAssets.clipKind),
        inArray(mediaAssets.clipKind, [...kinds]),
      ),
    );
  const clips = Object.fromEntries(kinds.map((kind) => [kind, null])) as Record<
    Kind,
    AskMedia | null
  >;
  for (const row of rows) {
    clips[row.clipKind as Kind] = signAssetMedia(engine.signer, row, grantee);
  }
  return clips;
}

/**
 * What a conversation player loads for a storyfile, whoever opens it (a public page's visitor, a
 * student): its starters in order, the idle and intro clips signed for `grantee`, and whether a
 * published story drives it. The caller has already decided that `grantee` may see it.
 */
export async function loadPlayerStoryfile(
  engine: ConversationEngine,
  storyfileId: string,
  grantee: string,
): Promise<{
  starters: { questionId: string; text: string }[];
  clips: Record<'idle' | 'intro', AskMedia | null>;
  hasStory: boolean;
}> {
  const [starters, clips, story] = await Promise.all([
    engine.db
      .select({ questionId: storyfileQuestions.id, text: storyfileQuestions.text })
      .from(storyfileStarters)
      .innerJoin(
        storyfileQuestions,
        eq(storyfileQuestions.id, storyfileStarters.storyfileQuestionId),
      )
      .where(eq(storyfileStarters.storyfileId, storyfileId))
      .orderBy(asc(storyfileStarters.position)),
    signStoryfileClips(engine, storyfileId, ['idle', 'intro'], grantee),
    findPublishedInkVersion(engine.db, storyfileId),
  ]);
  return { starters, clips, hasStory: story !== null };
}

/**
 * The storyfile's matcher, brought up to date with the database (the stamp check): a caller that
 * just committed script edits gets the refreshed matcher at once. Callers may change it only
 * synchronously and must restore it before their next await (the cache shares it with asks).
 */
export async function getStoryfileMatcher(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<StoryfileMatcher> {
  return engine.matchers.getMatcher(engine.db, storyfileId);
}

export interface AskInput {
  storyfileId: string;
  channel: ChatChannel;
  /** Who asks: `user:<iam>` or `visitor:<id>`; a conversation only continues for the same key. */
  visitorKey: string;
  text: string;
  inputMode: InputMode;
  conversationId?: string;
  /** Take this choice of the published ink story. */
  choiceIndex?: number;
  /** Open the conversation (and its story) without asking; nothing is logged. */
  start?: boolean;
  /** With `start`: a new conversation whose story starts at this knot or stitch (the author's). */
  startPath?: string | undefined;
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
  /** The ink story's turn; null without a published story. */
  story: StoryTurn | null;
}

/**
 * Continues the asker's conversation or starts one, with no exchange logged (opening a story). Another
 * storyfile's, channel's or visitor's conversation is never continued: a new one starts.
 */
async function openConversation(db: Database, input: AskInput): Promise<string> {
  if (input.conversationId) {
    const [continued] = await db
      .update(conversations)
      .set({ lastAt: sql`now()` })
      .where(
        and(
          eq(conversations.id, input.conversationId),
          eq(conversations.storyfileId, input.storyfileId),
          eq(conversations.channel, input.channel),
          eq(conversations.visitorKey, input.visitorKey),
        ),
      )
      .returning({ id: conversations.id });
    if (continued) {
      return continued.id;
    }
  }
  const [created] = await db
    .insert(conversations)
    .values({
      storyfileId: input.storyfileId,
      channel: input.channel,
      visitorKey: input.visitorKey,
    })
    .returning({ id: conversations.id });
  return created!.id;
}

/** The saved state of a conversation this asker may continue, or null. */
async function readConversationState(
  db: Database,
  input: AskInput,
): Promise<Record<string, unknown> | null> {
  if (!input.conversationId) {
    return null;
  }
  const [row] = await db
    .select({ state: conversations.state })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, input.conversationId),
        eq(conversations.storyfileId, input.storyfileId),
        eq(conversations.channel, input.channel),
        eq(conversations.visitorKey, input.visitorKey),
      ),
    );
  return row?.state ?? null;
}

async function saveInkState(db: Database, conversationId: string, session: InkSession) {
  await db
    .update(conversations)
    .set({
      state: sql`${conversations.state} || jsonb_build_object('ink', ${JSON.stringify(session.toSaved())}::jsonb)`,
    })
    .where(eq(conversations.id, conversationId));
}

export interface RecordedExchange {
  conversationId: string;
  exchangeId: string;
}

type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs in the transaction that logs the exchange (the learning module keeps progress there). */
export type OnRecorded = (tx: DatabaseTransaction, exchange: RecordedExchange) => Promise<void>;

type ChatLogEntryValues = Pick<
  typeof chatLogEntries.$inferInsert,
  | 'decision'
  | 'fallbackReason'
  | 'answerQuestionId'
  | 'answerQuestionText'
  | 'matchedQuestionId'
  | 'matchedQuestionText'
  | 'score'
  | 'confidence'
  | 'questionText'
  | 'normalizedText'
  | 'topCandidates'
  | 'topMargin'
  | 'inkTurn'
  | 'inkChoiceText'
>;

/**
 * Logs the exchange; with `onRecorded`, in a transaction with what the caller keeps beside it
 * (one more round trip, for callers that need it; the public ask path stays one commit).
 */
async function recordExchange(
  db: Database,
  input: AskInput,
  entry: ChatLogEntryValues,
  onRecorded?: OnRecorded,
): Promise<RecordedExchange> {
  if (!onRecorded) {
    return insertExchange(db, input, entry);
  }
  // What the caller keeps with the exchange commits with it, or neither does.
  return db.transaction(async (tx) => {
    const recorded = await insertExchange(tx, input, entry);
    await onRecorded(tx, recorded);
    return recorded;
  });
}

/**
 * Continues the asker's conversation (or starts one) and logs the exchange in one statement: one
 * round trip and one commit per ask, and never a conversation without its first entry. Another
 * storyfile's, channel's or visitor's conversation is never continued: a new one starts.
 */
async function insertExchange(
  db: Pick<Database, 'execute'>,
  input: AskInput,
  entry: ChatLogEntryValues,
): Promise<RecordedExchange> {
  const continued = input.conversationId
    ? sql`update ${conversations} set last_at = now()
          where id = ${input.conversationId} and storyfile_id = ${input.storyfileId}
            and channel = ${input.channel} and visitor_key = ${input.visitorKey}
          returning id`
    : sql`select null::uuid as id where false`;
  const result = await db.execute<{ conversation_id: string; id: string }>(sql`
    with continued as (${continued}),
    created as (
      insert into ${conversations} (storyfile_id, channel, visitor_key)
      select ${input.storyfileId}::uuid, ${input.channel}, ${input.visitorKey}
      where not exists (select 1 from continued)
      returning id
    ),
    conversation as (select id from continued union all select id from created)
    insert into ${chatLogEntries} (
      conversation_id, storyfile_id, channel, question_text, input_mode, decision,
      fallback_reason, answer_question_id, answer_question_text, matched_question_id,
      matched_question_text, score, confidence, normalized_text, top_candidates, top_margin,
      ink_turn, ink_choice_text, review_state
    )
    select conversation.id, ${input.storyfileId}::uuid, ${input.channel},
      ${entry.questionText ?? input.text},
      ${input.inputMode}, ${entry.decision}, ${entry.fallbackReason ?? null}::text,
      ${entry.answerQuestionId ?? null}::uuid, ${entry.answerQuestionText ?? null}::text,
      ${entry.matchedQuestionId ?? null}::uuid, ${entry.matchedQuestionText ?? null}::text,
      ${entry.score ?? null}::double precision, ${entry.confidence ?? null}::text,
      ${entry.normalizedText ?? ''}, ${JSON.stringify(entry.topCandidates ?? [])}::jsonb,
      ${entry.topMargin ?? null}::double precision,
      ${entry.inkTurn ?? null}::text, ${entry.inkChoiceText ?? null}::text,
      -- A question a reviewer ignored (training) stays ignored when asked again.
      case when exists (select 1 from ${trainingIgnores}
        where ${trainingIgnores.storyfileId} = ${input.storyfileId}
          and ${trainingIgnores.normalizedText} = ${entry.normalizedText ?? ''})
      then 'ignored' else 'new' end
    from conversation
    returning conversation_id, id`);
  const row = result.rows[0]!;
  return { conversationId: row.conversation_id, exchangeId: row.id };
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

/** Signs the videos a story's lines name; a line whose video is missing gets null (text shown). */
async function signStoryLines(
  engine: ConversationEngine,
  input: AskInput,
  answers: Awaited<ReturnType<MatcherCache['getMatcher']>>['answers'],
  lines: readonly InkLineClip[],
): Promise<StoryLine[]> {
  const clipKinds = [
    ...new Set(lines.flatMap((line) => (line.clip?.kind === 'clip' ? [line.clip.clip] : []))),
  ];
  const clips = clipKinds.length
    ? await signStoryfileClips(engine, input.storyfileId, clipKinds, input.visitorKey)
    : ({} as Partial<Record<ClipKind, AskMedia | null>>);
  return lines.map((line) => {
    if (line.clip?.kind === 'answer') {
      const answer = answers.get(line.clip.questionId);
      return {
        text: line.text || (answer?.text ?? ''),
        media: answer?.assetId
          ? signAssetMedia(
              engine.signer,
              { id: answer.assetId, files: answer.files },
              input.visitorKey,
            )
          : null,
      };
    }
    return { text: line.text, media: line.clip ? (clips[line.clip.clip] ?? null) : null };
  });
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
 * Answers one question: matches it against every question of the storyfile's script, picks what
 * to play (the answer video; the cannot-answer clip when out of scope or when the best match is
 * not recorded yet; the please-repeat clip for empty or unintelligible input; a message instead of
 * a clip that is not recorded) and logs the exchange in its conversation.
 *
 * With a published ink story, the visitor's words are first matched against the story's open
 * choices; a choice that fits moves the story, and its lines' videos play. Otherwise the matcher
 * answers and the story stays. The story's state is saved in the conversation after every turn.
 * A story that fails (a runtime error, a broken state) never fails the ask.
 */
export async function askStoryfile(
  engine: ConversationEngine,
  input: AskInput,
  options: {
    /**
     * A check (rate limits) that runs beside the matcher's load, to save a round trip; the ask
     * goes on, and writes anything, only once it passes, and fails with its error.
     */
    admit?: Promise<void>;
    /** Called with each exchange in the transaction that logs it. */
    onRecorded?: OnRecorded;
  } = {},
): Promise<AskOutcome> {
  const { db, signer } = engine;
  const [{ matcher, answers, heardAsRules, publishedInkVersionId }] = await Promise.all([
    engine.matchers.getMatcher(db, input.storyfileId),
    options.admit,
  ]);
  const threshold = matcher.getThreshold();
  const isUnintelligible = input.inputMode === 'spoken' && input.text.trim() === '';
  // A spoken transcript gets the custom words' "heard as" rules first ("mill walkie" → "Milwaukee");
  // the chat log keeps the text that was matched.
  const text =
    input.inputMode === 'spoken' ? applyHeardAsRules(input.text, heardAsRules).text : input.text;

  let session: InkSession | null = null;
  // Every new conversation starts the story from the top: Start after the story ended (a reload
  // keeps the ended conversation's id), or from a knot, opens a new conversation.
  let isNewStory = input.start === true && input.startPath !== undefined;
  try {
    // Without a published story there is nothing to open: no read of the story or of the state.
    if (publishedInkVersionId !== null) {
      const saved = await readConversationState(db, input);
      isNewStory ||= input.start === true && hasInkStoryEnded(saved?.ink);
      session = await openInkSession(db, input.storyfileId, isNewStory ? null : saved?.ink, {
        startPath: input.start ? input.startPath : undefined,
      });
    }
  } catch (error) {
    if (error instanceof AppError) {
      throw error;
    }
    engine.logger?.warn(
      { err: error, storyfileId: input.storyfileId },
      'ink story could not be opened',
    );
  }
  if (session?.notice) {
    engine.logger?.warn(
      { storyfileId: input.storyfileId, notice: session.notice },
      'ink story restarted',
    );
  }
  const opening = session ? await signStoryLines(engine, input, answers, session.opening) : [];

  if (input.start) {
    const conversationId = await openConversation(
      db,
      isNewStory ? { ...input, conversationId: undefined } : input,
    );
    if (session) {
      await saveInkState(db, conversationId, session);
    }
    return {
      conversationId,
      exchangeId: null,
      decision: { kind: 'story' },
      media: null,
      message: null,
      questionText: null,
      score: null,
      confidence: null,
      threshold,
      candidates: [],
      story: session ? toStoryTurn(session, 'start', null, opening) : null,
    };
  }

  let choiceIndex: number | undefined;
  if (session && !isUnintelligible) {
    try {
      choiceIndex =
        input.choiceIndex ?? matchInkChoice(text, await session.getMatchableChoices(db))?.index;
    } catch (error) {
      engine.logger?.warn(
        { err: error, storyfileId: input.storyfileId },
        'ink choice matching failed',
      );
    }
  }
  if (session && choiceIndex !== undefined) {
    return answerWithStory(engine, input, {
      session,
      answers,
      threshold,
      opening,
      choiceIndex,
      text,
      onRecorded: options.onRecorded,
    });
  }

  const result = isUnintelligible ? null : matcher.match(text, { limit: CANDIDATE_LIMIT });
  const decision: AskDecision = result
    ? toAskDecision(result.decision)
    : { kind: 'fallback', reason: 'unintelligible' };

  const candidates: AskCandidate[] = (result?.candidates ?? []).flatMap((candidate) => {
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
  const best = candidates[0] ?? null;
  const answered = decision.kind === 'answer' ? answers.get(decision.questionId) : undefined;
  const unrecorded =
    decision.kind === 'fallback' && decision.reason === 'not-recorded'
      ? answers.get(decision.questionId)
      : undefined;

  let media: AskMedia | null;
  let message: string | null = null;
  if (answered?.assetId) {
    media = signAssetMedia(
      signer,
      { id: answered.assetId, files: answered.files },
      input.visitorKey,
    );
  } else {
    const clipKind: ClipKind =
      decision.kind === 'fallback' &&
      (decision.reason === 'empty' || decision.reason === 'unintelligible')
        ? 'pleaseRepeat'
        : 'cannotAnswer';
    const clips = await signStoryfileClips(engine, input.storyfileId, [clipKind], input.visitorKey);
    media = clips[clipKind];
    if (!media) {
      message = clipKind === 'cannotAnswer' ? CANNOT_ANSWER_MESSAGE : PLEASE_REPEAT_MESSAGE;
    }
  }

  const scored = answered ? candidates.find((c) => c.questionId === answered.questionId) : best;
  const topCandidates = candidates.slice(0, LOGGED_CANDIDATE_COUNT).map((candidate) => ({
    questionId: candidate.questionId,
    questionText: candidate.questionText,
    score: candidate.score,
  }));
  const { conversationId, exchangeId } = await recordExchange(
    db,
    input,
    {
      questionText: text,
      decision: answered ? 'answered' : 'fallback',
      fallbackReason: decision.kind === 'fallback' ? decision.reason : null,
      answerQuestionId: answered?.questionId ?? null,
      answerQuestionText: answered?.text ?? null,
      matchedQuestionId: unrecorded?.questionId ?? null,
      matchedQuestionText: unrecorded?.text ?? null,
      score: scored?.score ?? null,
      confidence: scored?.confidence ?? null,
      normalizedText: normalizeText(text),
      topCandidates,
      topMargin:
        topCandidates.length >= 2 ? topCandidates[0]!.score - topCandidates[1]!.score : null,
      inkTurn: session ? 'free' : null,
    },
    options.onRecorded,
  );
  engine.metrics.countAsk(answered ? 'answered' : 'fallback', input.channel);
  if (session) {
    session.recordFreeTurn();
    await saveInkState(db, conversationId, session);
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
    threshold,
    candidates,
    story: session ? toStoryTurn(session, 'free', null, opening) : null,
  };
}

/**
 * The story takes a choice: its lines' videos play (the first one is the answer's `media`). A
 * runtime error leaves the story where it was and plays the cannot-answer clip; it is logged and
 * never fails the ask.
 */
async function answerWithStory(
  engine: ConversationEngine,
  input: AskInput,
  context: {
    session: InkSession;
    answers: Awaited<ReturnType<MatcherCache['getMatcher']>>['answers'];
    threshold: number;
    opening: StoryLine[];
    choiceIndex: number;
    /** The visitor's words after the "heard as" rules, as logged. */
    text: string;
    onRecorded: OnRecorded | undefined;
  },
): Promise<AskOutcome> {
  const { db } = engine;
  const { session, answers, threshold, opening } = context;
  const taken = session.choose(context.choiceIndex);
  let lines: StoryLine[] = [];
  let media: AskMedia | null;
  let message: string | null;
  if (taken.errors.length > 0) {
    engine.logger?.warn(
      { storyfileId: input.storyfileId, errors: taken.errors },
      'ink story runtime error: the cannot-answer clip plays',
    );
    const clips = await signStoryfileClips(
      engine,
      input.storyfileId,
      ['cannotAnswer'],
      input.visitorKey,
    );
    media = clips.cannotAnswer;
    message = media ? null : CANNOT_ANSWER_MESSAGE;
  } else {
    lines = [...opening, ...(await signStoryLines(engine, input, answers, taken.lines))];
    media = lines.find((line) => line.media)?.media ?? null;
    message = media
      ? null
      : lines
          .map((line) => line.text)
          .filter(Boolean)
          .join(' ') || null;
  }
  const answerLine = taken.lines.find(
    (line) => line.clip?.kind === 'answer' && answers.get(line.clip.questionId)?.assetId,
  );
  const answered =
    answerLine?.clip?.kind === 'answer' ? answers.get(answerLine.clip.questionId) : undefined;

  const { conversationId, exchangeId } = await recordExchange(
    db,
    input,
    {
      questionText: context.text,
      decision: taken.errors.length > 0 ? 'fallback' : 'answered',
      fallbackReason: null,
      answerQuestionId: answered?.questionId ?? null,
      answerQuestionText: answered?.text ?? null,
      normalizedText: normalizeText(context.text),
      inkTurn: 'choice',
      inkChoiceText: taken.choiceText || null,
    },
    context.onRecorded,
  );
  engine.metrics.countAsk(taken.errors.length > 0 ? 'fallback' : 'answered', input.channel);
  await saveInkState(db, conversationId, session);
  return {
    conversationId,
    exchangeId,
    decision: { kind: 'story' },
    media,
    message,
    questionText: answered?.text ?? null,
    score: null,
    confidence: null,
    threshold,
    candidates: [],
    story: toStoryTurn(session, 'choice', taken.choiceText || null, lines),
  };
}

/**
 * The owner's threshold (null: automatic), the one asks use, and the one the matcher chooses for
 * this script by itself (what null restores).
 */
export async function getMatchingSettings(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<MatchingSettings> {
  const { matcher } = await engine.matchers.getMatcher(engine.db, storyfileId);
  const report = matcher.getThresholdReport();
  const threshold = report.source === 'explicit' ? report.setting : null;
  // No await between the switches: no ask can see the matcher with the automatic threshold.
  matcher.setThreshold('auto');
  const automaticThreshold = matcher.getThreshold();
  matcher.setThreshold(threshold ?? 'auto');
  return {
    storyfileId,
    threshold,
    effectiveThreshold: report.threshold,
    defaultThreshold: automaticThreshold,
  };
}

/** Sets the threshold; the next ask sees the new stamp and applies it. */
export async function updateMatchingSettings(
  engine: ConversationEngine,
  storyfileId: string,
  threshold: number | null,
): Promise<MatchingSettings> {
  await engine.db
    .insert(storyfileMatchingSettings)
    .values({ storyfileId, threshold })
    .onConflictDoUpdate({
      target: storyfileMatchingSettings.storyfileId,
      set: { threshold, updatedAt: sql`now()` },
    });
  return getMatchingSettings(engine, storyfileId);
}
