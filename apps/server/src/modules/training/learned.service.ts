import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  LEARNED_QUESTION_ALREADY_REMOVED_MESSAGE,
  LEARNED_QUESTION_NOT_FOUND_MESSAGE,
  LEARNED_QUESTION_NOT_REMOVED_MESSAGE,
  type CurrentUser,
  type LearnedQuestion,
  type LearnedQuestionList,
  type LearnedSource,
} from '@conversa/contracts';
import { DEFAULT_LEARNING, reviewLearnedLabels } from '@conversa/matching';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  getStoryfileMatcher,
  loadStoryfileLearning,
  storyfileLearnedLabels,
  type ConversationEngine,
} from '../conversations/index.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';

// Response quality's review of what the storyfile learned from its visitors (issue 50 item 2):
// each question and answer pair with its visitors and status (the matcher's own safeguards,
// `reviewLearnedLabels`, on the labels the matcher cache reads), removal and its undo.

/** Pairs listed at most, the most recently labelled first. */
export const MAX_LISTED_LEARNED = 500;

const labels = storyfileLearnedLabels;

interface Group {
  id: string;
  /** The matcher's normalisation of the question, as stored. */
  key: string;
  text: string;
  questionId: string;
  questionText: string;
  /** Their networks (`client_key`; the visitor key for labels written before). */
  visitors: Set<string>;
  sources: Set<LearnedSource>;
  entryIds: Set<string>;
  firstAt: Date;
  lastAt: Date;
  removedAt: Date | null;
}

function pairKey(questionId: string, key: string): string {
  return `${questionId}\u0000${key}`;
}

async function loadGroups(db: Database, storyfileId: string, labelId?: string): Promise<Group[]> {
  const rows = await db
    .select({
      id: labels.id,
      text: labels.questionText,
      key: labels.normalizedText,
      questionId: labels.questionId,
      questionText: storyfileQuestions.text,
      visitor: sql<string>`coalesce(${labels.clientKey}, ${labels.visitorKey})`,
      source: labels.source,
      exchangeId: labels.exchangeId,
      createdAt: labels.createdAt,
      removedAt: labels.removedAt,
    })
    .from(labels)
    .innerJoin(storyfileQuestions, eq(storyfileQuestions.id, labels.questionId))
    .where(
      and(
        eq(labels.storyfileId, storyfileId),
        labelId === undefined
          ? undefined
          : sql`(${labels.questionId}, ${labels.normalizedText}) =
              (select question_id, normalized_text from ${labels} where id = ${labelId})`,
      ),
    )
    .orderBy(labels.createdAt, labels.id);
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const id = pairKey(row.questionId, row.key);
    const group = groups.get(id) ?? {
      id: row.id,
      key: row.key,
      text: row.text,
      questionId: row.questionId,
      questionText: row.questionText,
      visitors: new Set<string>(),
      sources: new Set<LearnedSource>(),
      entryIds: new Set<string>(),
      firstAt: row.createdAt,
      lastAt: row.createdAt,
      removedAt: null,
    };
    group.visitors.add(row.visitor);
    group.sources.add(row.source);
    if (row.exchangeId) {
      group.entryIds.add(row.exchangeId);
    }
    group.lastAt = row.createdAt;
    if (row.removedAt && (!group.removedAt || row.removedAt > group.removedAt)) {
      group.removedAt = row.removedAt;
    }
    groups.set(id, group);
  }
  return [...groups.values()];
}

async function present(
  engine: Pick<ConversationEngine, 'db' | 'vectors'>,
  storyfileId: string,
  groups: Group[],
): Promise<LearnedQuestion[]> {
  // The matcher's own review: its status, and its visitors (those of questions much like it too,
  // by words or by meaning as the process's sentence model has it).
  const { labels, settings, meaning } = await loadStoryfileLearning(
    engine.db,
    storyfileId,
    engine.vectors,
  );
  const reviewed = new Map(
    reviewLearnedLabels(labels, settings, meaning).map((question) => [
      pairKey(question.answerId, question.key),
      question,
    ]),
  );
  return groups.map((group) => {
    const review = group.removedAt ? undefined : reviewed.get(pairKey(group.questionId, group.key));
    return {
      id: group.id,
      text: group.text,
      questionId: group.questionId,
      questionText: group.questionText,
      // A pair that is not reviewed and not removed was brought in by a removed one: none count.
      visitors: review?.visitors ?? (group.removedAt ? group.visitors.size : 0),
      sources: [...group.sources].sort(),
      firstAt: group.firstAt.toISOString(),
      lastAt: group.lastAt.toISOString(),
      status: group.removedAt ? 'removed' : (review?.status ?? 'waiting'),
      removedAt: group.removedAt?.toISOString() ?? null,
      entryIds: [...group.entryIds],
    };
  });
}

export async function listLearnedQuestions(
  engine: Pick<ConversationEngine, 'db' | 'vectors'>,
  storyfileId: string,
): Promise<LearnedQuestionList> {
  const groups = (await loadGroups(engine.db, storyfileId))
    .sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime())
    .slice(0, MAX_LISTED_LEARNED);
  return {
    items: await present(engine, storyfileId, groups),
    minVisitors: DEFAULT_LEARNING.minVisitors,
    perAnswer: DEFAULT_LEARNING.perAnswer,
  };
}

/**
 * Removes a learned pair (`isRemoved`) or undoes its removal: every label of that question and
 * answer, so nobody's later label of it teaches until it is restored. The storyfile's matcher is
 * refreshed before answering.
 */
export async function setLearnedQuestionRemoved(
  engine: ConversationEngine,
  user: CurrentUser,
  storyfileId: string,
  labelId: string,
  isRemoved: boolean,
): Promise<LearnedQuestion> {
  const { db } = engine;
  const [group] = await loadGroups(db, storyfileId, labelId);
  if (!group) {
    throw notFound(LEARNED_QUESTION_NOT_FOUND_MESSAGE);
  }
  const changed = await db
    .update(labels)
    .set({
      removedAt: isRemoved ? sql`now()` : null,
      removedBy: isRemoved ? user.iam : null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(labels.storyfileId, storyfileId),
        eq(labels.questionId, group.questionId),
        eq(labels.normalizedText, group.key),
        isRemoved ? isNull(labels.removedAt) : isNotNull(labels.removedAt),
      ),
    )
    .returning({ id: labels.id });
  if (changed.length === 0) {
    throw conflict(
      isRemoved ? LEARNED_QUESTION_ALREADY_REMOVED_MESSAGE : LEARNED_QUESTION_NOT_REMOVED_MESSAGE,
    );
  }
  // What was learned changed: refresh the storyfile's matcher now, not at the next question.
  await getStoryfileMatcher(engine, storyfileId);
  const [updated] = await loadGroups(db, storyfileId, labelId);
  const [item] = await present(engine, storyfileId, [updated!]);
  return item!;
}
