import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  like,
  lt,
  lte,
  type SQL,
} from 'drizzle-orm';
import {
  buildIlikeContainsPattern,
  CONVERSATION_NOT_FOUND_MESSAGE,
  parseSearchQuery,
  getListPageCount,
  type ChatLogPage,
  type ConversationTranscript,
  type CurrentUser,
} from '@conversa/contracts';
import type { z } from 'zod';
import type { listChatLogsQuerySchema } from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import type { Database } from '../../db/client.ts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { videoTranscripts } from '../transcripts/transcripts.tables.ts';
import { notFound } from '../../http/errors.ts';
import { getNamespaceAccess } from '../lists/index.ts';
import { readVisitorWords } from '../transcripts/index.ts';
import {
  chatLogEntryColumns,
  outcomeCondition,
  presentChatLogEntry,
  signAssetMedia,
  type ConversationEngine,
} from '../conversations/index.ts';
import { sqlNormalizedText } from './question-key.ts';

type ChatLogQuery = z.output<typeof listChatLogsQuerySchema>;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `from` as an instant: a day starts at 00:00 UTC. */
function getFromCondition(from: string): SQL {
  return gte(
    chatLogEntries.createdAt,
    new Date(DAY_PATTERN.test(from) ? `${from}T00:00:00Z` : from),
  );
}

/** `to` as an instant: a day includes all of itself. */
function getToCondition(to: string): SQL {
  if (DAY_PATTERN.test(to)) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return lt(chatLogEntries.createdAt, next);
  }
  return lte(chatLogEntries.createdAt, new Date(to));
}

/**
 * The word search (spec §5 search match): each word or "quoted phrase", folded like the question
 * (`normalizeText`), must appear in the folded question kept with each exchange. A term that
 * folds to nothing (punctuation) asks nothing.
 */
export function getWordConditions(words: string): SQL[] {
  return parseSearchQuery(words)
    .map((term) => normalizeText(term))
    .filter((term) => term !== '')
    .map((term) => like(chatLogEntries.normalizedText, buildIlikeContainsPattern(term)));
}

/**
 * The questions whose answer says every word or "quoted phrase" of `said` (spec §5 search match,
 * case aside), among the readable storyfiles (and the one asked for). The transcripts table holds
 * one row per answer video, so this small lookup comes first and the exchanges, which may number
 * millions, are then filtered by the ids alone. Null when `said` asks nothing.
 */
export async function findQuestionIdsSaying(
  db: Database,
  said: string,
  scope: { namespaceIds: string[] | null; storyfileId?: string | undefined },
): Promise<string[] | null> {
  const terms = parseSearchQuery(said);
  if (terms.length === 0) {
    return null;
  }
  const conditions: SQL[] = [
    isNotNull(mediaAssets.storyfileQuestionId),
    ...terms.map((term) => ilike(videoTranscripts.text, buildIlikeContainsPattern(term))),
  ];
  if (scope.namespaceIds !== null) {
    conditions.push(inArray(storyfiles.namespaceId, scope.namespaceIds));
  }
  if (scope.storyfileId) {
    conditions.push(eq(videoTranscripts.storyfileId, scope.storyfileId));
  }
  const rows = await db
    .selectDistinct({ questionId: mediaAssets.storyfileQuestionId })
    .from(videoTranscripts)
    .innerJoin(mediaAssets, eq(mediaAssets.id, videoTranscripts.assetId))
    .innerJoin(storyfiles, eq(storyfiles.id, videoTranscripts.storyfileId))
    .where(and(...conditions));
  return rows.flatMap((row) => (row.questionId === null ? [] : [row.questionId]));
}

/** Storyfiles' namespaces the user may read logs of; null for admins (every namespace). */
export function getReadableNamespaceIds(user: CurrentUser): string[] | null {
  const { visible } = getNamespaceAccess(user);
  return visible === 'all' ? null : visible;
}

/** One page of logged exchanges in the user's namespaces, newest first (§5 paging). */
export async function listChatLogs(
  db: Database,
  user: CurrentUser,
  query: ChatLogQuery,
): Promise<ChatLogPage> {
  const namespaceIds = getReadableNamespaceIds(user);
  const empty = { items: [], page: query.page, pageSize: query.pageSize, total: 0, pageCount: 1 };
  if (namespaceIds !== null && namespaceIds.length === 0) {
    return empty;
  }
  const conditions: SQL[] = [];
  if (namespaceIds !== null) {
    conditions.push(inArray(storyfiles.namespaceId, namespaceIds));
  }
  if (query.storyfileId) {
    conditions.push(eq(chatLogEntries.storyfileId, query.storyfileId));
  }
  if (query.from) {
    conditions.push(getFromCondition(query.from));
  }
  if (query.to) {
    conditions.push(getToCondition(query.to));
  }
  if (query.decision) {
    conditions.push(outcomeCondition(query.decision));
  }
  if (query.confidence) {
    conditions.push(eq(chatLogEntries.confidence, query.confidence));
  }
  if (query.channel) {
    conditions.push(eq(chatLogEntries.channel, query.channel));
  }
  if (query.question !== undefined) {
    conditions.push(
      eq(sqlNormalizedText(chatLogEntries.questionText), normalizeText(query.question)),
    );
  }
  conditions.push(...getWordConditions(query.words ?? ''));
  const saidQuestionIds = await findQuestionIdsSaying(db, query.said ?? '', {
    namespaceIds,
    storyfileId: query.storyfileId,
  });
  if (saidQuestionIds !== null) {
    if (saidQuestionIds.length === 0) {
      return empty;
    }
    conditions.push(inArray(chatLogEntries.answerQuestionId, saidQuestionIds));
  }
  const where = and(...conditions);

  const [rows, [totalRow]] = await Promise.all([
    db
      .select(chatLogEntryColumns)
      .from(chatLogEntries)
      .innerJoin(storyfiles, eq(storyfiles.id, chatLogEntries.storyfileId))
      .where(where)
      .orderBy(desc(chatLogEntries.createdAt), desc(chatLogEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(chatLogEntries)
      .innerJoin(storyfiles, eq(storyfiles.id, chatLogEntries.storyfileId))
      .where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return {
    items: rows.map(presentChatLogEntry),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pageCount: getListPageCount(total, query.pageSize),
  };
}

/**
 * A conversation's transcript, oldest first; answers still recorded come with a signed video. A
 * conversation outside the user's namespaces answers like an unknown id.
 */
export async function getConversationTranscript(
  engine: ConversationEngine,
  user: CurrentUser,
  conversationId: string,
): Promise<ConversationTranscript> {
  const { db } = engine;
  const [conversation] = await db
    .select({
      id: conversations.id,
      storyfileId: conversations.storyfileId,
      storyfileName: storyfiles.name,
      namespaceId: storyfiles.namespaceId,
      channel: conversations.channel,
      startedAt: conversations.startedAt,
      lastAt: conversations.lastAt,
    })
    .from(conversations)
    .innerJoin(storyfiles, eq(storyfiles.id, conversations.storyfileId))
    .where(eq(conversations.id, conversationId));
  const namespaceIds = getReadableNamespaceIds(user);
  if (
    !conversation ||
    (namespaceIds !== null && !namespaceIds.includes(conversation.namespaceId))
  ) {
    throw notFound(CONVERSATION_NOT_FOUND_MESSAGE);
  }
  const rows = await db
    .select(chatLogEntryColumns)
    .from(chatLogEntries)
    .innerJoin(storyfiles, eq(storyfiles.id, chatLogEntries.storyfileId))
    .where(eq(chatLogEntries.conversationId, conversationId))
    .orderBy(asc(chatLogEntries.createdAt), asc(chatLogEntries.id));
  const questionIds = [
    ...new Set(rows.flatMap((row) => (row.answerQuestionId ? [row.answerQuestionId] : []))),
  ];
  const assets =
    questionIds.length === 0
      ? []
      : await db
          .select({
            id: mediaAssets.id,
            files: mediaAssets.files,
            questionId: mediaAssets.storyfileQuestionId,
          })
          .from(mediaAssets)
          .where(inArray(mediaAssets.storyfileQuestionId, questionIds));
  const assetByQuestion = new Map(assets.map((asset) => [asset.questionId, asset]));
  const grantee = `user:${user.iam}`;
  // The captions the visitor could read, not the author's draft: the log replays what was shown.
  const words = await readVisitorWords(
    engine.db,
    assets.map((asset) => asset.id),
  );
  return {
    id: conversation.id,
    storyfileId: conversation.storyfileId,
    storyfileName: conversation.storyfileName,
    channel: conversation.channel,
    startedAt: conversation.startedAt.toISOString(),
    lastAt: conversation.lastAt.toISOString(),
    entries: rows.map((row) => {
      const asset = row.answerQuestionId ? assetByQuestion.get(row.answerQuestionId) : undefined;
      return {
        ...presentChatLogEntry(row),
        media: asset ? signAssetMedia(engine.signer, asset, grantee, words.get(asset.id)) : null,
      };
    }),
  };
}
