import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
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
} from '@conversa/contracts';
import { normalizeText, type MatchDecision } from '@conversa/matching';
import type { Database } from '../../db/client.ts';
import {
  chatLogEntries,
  conversations,
  mediaAssets,
  storyfileMatchingSettings,
  trainingIgnores,
  type MediaAssetFile,
} from '../../db/schema.ts';
import { countAsk } from '../../http/metrics.ts';
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
}

/** The matcher cache and the media URL signer that asks, transcripts and the public player share. */
export async function createConversationEngine(
  db: Database,
  options: { mediaUrlTtlSeconds: number },
): Promise<ConversationEngine> {
  const signer = await createSharedMediaUrlSigner(
    db,
    Math.min(options.mediaUrlTtlSeconds, ASK_MEDIA_URL_TTL_SECONDS),
  );
  return { db, signer, matchers: createMatcherCache() };
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
}

export interface AskOutcome {
  conversationId: string;
  exchangeId: string;
  decision: AskDecision;
  media: AskMedia | null;
  message: string | null;
  questionText: string | null;
  score: number | null;
  confidence: ConfidenceClass | null;
  threshold: number;
  candidates: AskCandidate[];
}

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
>;

/**
 * Continues the asker's conversation (or starts one) and logs the exchange in one statement: one
 * round trip and one commit per ask, and never a conversation without its first entry. Another
 * storyfile's, channel's or visitor's conversation is never continued: a new one starts.
 */
async function recordExchange(
  db: Database,
  input: AskInput,
  entry: ChatLogEntryValues,
): Promise<{ conversationId: string; exchangeId: string }> {
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
      review_state
    )
    select conversation.id, ${input.storyfileId}::uuid, ${input.channel},
      ${entry.questionText ?? input.text},
      ${input.inputMode}, ${entry.decision}, ${entry.fallbackReason ?? null}::text,
      ${entry.answerQuestionId ?? null}::uuid, ${entry.answerQuestionText ?? null}::text,
      ${entry.matchedQuestionId ?? null}::uuid, ${entry.matchedQuestionText ?? null}::text,
      ${entry.score ?? null}::double precision, ${entry.confidence ?? null}::text,
      ${entry.normalizedText ?? ''}, ${JSON.stringify(entry.topCandidates ?? [])}::jsonb,
      ${entry.topMargin ?? null}::double precision,
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

/**
 * Answers one question: matches it against every question of the storyfile's script, picks what
 * to play (the answer video; the cannot-answer clip when out of scope or when the best match is
 * not recorded yet; the please-repeat clip for empty or unintelligible input; a message instead of
 * a clip that is not recorded) and logs the exchange in its conversation.
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
  } = {},
): Promise<AskOutcome> {
  const { db, signer } = engine;
  const [{ matcher, answers, heardAsRules }] = await Promise.all([
    engine.matchers.getMatcher(db, input.storyfileId),
    options.admit,
  ]);
  const threshold = matcher.getThreshold();
  const isUnintelligible = input.inputMode === 'spoken' && input.text.trim() === '';
  // A spoken transcript gets the custom words' "heard as" rules first ("mill walkie" → "Milwaukee");
  // the chat log keeps the text that was matched.
  const text =
    input.inputMode === 'spoken' ? applyHeardAsRules(input.text, heardAsRules).text : input.text;
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
  const { conversationId, exchangeId } = await recordExchange(db, input, {
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
  });
  countAsk(answered ? 'answered' : 'fallback', input.channel);

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
