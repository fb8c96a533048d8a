import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  learningSettingsFor,
  reviewLearnedLabels,
  type Embedder,
  type LearnedLabel,
  type LearningSettings,
  type PressedQuestion,
} from '@conversa/matching';
import type { Database } from '../../db/client.ts';
import { chatLogEntries } from './conversations.tables.ts';
import { storyfileLearnedLabels, type LearnedLabelSource } from './learned-labels.tables.ts';
import type { SentenceVectors } from './sentence-vectors.ts';

// What a storyfile learns from its visitors (issue 50 item 2): the labels are written here (a
// pressed suggestion by the ask, a thumbs-up by the rating, a correction by Response quality) and
// read back by the matcher cache, which hands each answer its learned questions after the
// safeguards of `@conversa/matching` (`selectLearnedQuestions`: distinct visitors, caps).

/** Labels read per storyfile at most (the newest): bounds a rebuild's cost. */
export const MAX_LEARNED_LABELS = 20_000;

/**
 * Labels a logged exchange's question (its words and normalisation as logged) with an answer: a
 * pressed suggestion's, or an author's correction (a thumbs-up is labelled by the rating's own
 * statement, `recordExchangeFeedback`). One statement; the same asker's same label again is a no-op.
 */
export async function recordExchangeLabel(
  db: Pick<Database, 'execute'>,
  label: {
    exchangeId: string;
    questionId: string;
    source: LearnedLabelSource;
    visitorKey: string;
    /** A visitor's network (`clientNetwork`); null for an account (an author, a student). */
    clientKey: string | null;
    actionId?: string;
  },
): Promise<void> {
  await db.execute(sql`
    insert into ${storyfileLearnedLabels} (storyfile_id, question_id, question_text,
      normalized_text, source, visitor_key, client_key, exchange_id, action_id)
    select e.storyfile_id, ${label.questionId}::uuid, e.question_text, e.normalized_text,
      ${label.source}, ${label.visitorKey}, ${label.clientKey}, e.id, ${label.actionId ?? null}::uuid
    from ${chatLogEntries} e
    where e.id = ${label.exchangeId} and e.normalized_text <> ''
    on conflict do nothing`);
}

/** The labels' part of the matcher's stamp: any label added, removed or restored changes it. */
export function learnedStampPart(storyfileId: string): SQL {
  return sql`(select count(*) || ':' || coalesce(max(${storyfileLearnedLabels.updatedAt})::text, '')
    from ${storyfileLearnedLabels} where ${storyfileLearnedLabels.storyfileId} = ${storyfileId})`;
}

/**
 * The storyfile's labels as the matcher's safeguards read them, leaving out every question and
 * answer pair the author removed (a removed pair teaches nothing, whoever labels it again) and what
 * it brought in: the labels its visitors' networks gave the same answer for other questions, which
 * would otherwise go on counting one another as alike (issue 67 item 1).
 */
export async function loadLearnedLabels(
  db: Database,
  storyfileId: string,
): Promise<LearnedLabel[]> {
  const label = storyfileLearnedLabels;
  const rows = await db
    .select({
      answerId: label.questionId,
      text: label.questionText,
      key: label.normalizedText,
      visitor: label.visitorKey,
      client: label.clientKey,
      source: label.source,
      createdAt: label.createdAt,
    })
    .from(label)
    .where(
      and(
        eq(label.storyfileId, storyfileId),
        sql`not exists (select 1 from ${storyfileLearnedLabels} removed
          where removed.storyfile_id = ${label.storyfileId}
            and removed.question_id = ${label.questionId}
            and removed.normalized_text = ${label.normalizedText}
            and removed.removed_at is not null)`,
        sql`(${label.source} = 'correction' or not exists (select 1 from ${storyfileLearnedLabels} removed
          where removed.storyfile_id = ${label.storyfileId}
            and removed.question_id = ${label.questionId}
            and removed.source <> 'correction'
            and coalesce(removed.client_key, removed.visitor_key)
              = coalesce(${label.clientKey}, ${label.visitorKey})
            and removed.removed_at is not null))`,
      ),
    )
    .orderBy(sql`${label.createdAt} desc`)
    .limit(MAX_LEARNED_LABELS);
  return rows.map((row) => ({
    answerId: row.answerId,
    text: row.text,
    key: row.key,
    visitor: row.visitor,
    ...(row.client === null ? {} : { client: row.client }),
    isAuthor: row.source === 'correction',
    at: row.createdAt.getTime(),
  }));
}

/** What the safeguards weigh: the labels, the rule of the process's sentence model, its vectors. */
export interface StoryfileLearning {
  labels: LearnedLabel[];
  settings: LearningSettings;
  /** The labelled questions' vectors, when the rule joins questions by meaning. */
  meaning?: Embedder;
}

/**
 * The storyfile's labels with the learning rule of the process's sentence model
 * (`learningSettingsFor`). When it joins visitors' questions by meaning, their vectors are read
 * back (the store, else `sentence_vectors`), never embedded here, on the ask's path: a question
 * without one is joined by its words, and its vector is made in the background for the next
 * review (the visitor log's refresh stores most of them already).
 */
export async function loadStoryfileLearning(
  db: Database,
  storyfileId: string,
  vectors: Pick<SentenceVectors, 'matcherEmbedder' | 'readBack' | 'preparePhrasings'> | undefined,
): Promise<StoryfileLearning> {
  const labels = await loadLearnedLabels(db, storyfileId);
  const settings = learningSettingsFor(vectors?.matcherEmbedder.id);
  if (!vectors || settings.alikeMeaning === null || labels.length < 2) {
    return { labels, settings };
  }
  const texts = labels.map((label) => label.text.trim());
  const found = await vectors.readBack(texts);
  const missing = [...new Set(texts)].filter((text) => !found.has(text));
  if (missing.length > 0) {
    // Off the ask's path; a failure (the database, the model) leaves it to the next review.
    vectors.preparePhrasings(missing).catch(() => undefined);
  }
  return {
    labels,
    settings,
    meaning: { id: vectors.matcherEmbedder.id, embed: (text) => found.get(text.trim()) },
  };
}

/** Waiting questions whose answers a matcher offers at once, at most (the latest labelled). */
export const MAX_PRESSED_OFFERS = 1_000;

/**
 * Each answer's learned questions (by question id), after the safeguards, and the questions one
 * network labelled that wait for a second, with their vectors: offered at once, never played.
 */
export async function loadLearnedQuestions(
  db: Database,
  storyfileId: string,
  vectors?: Pick<SentenceVectors, 'matcherEmbedder' | 'readBack' | 'preparePhrasings'>,
): Promise<{
  learned: Map<string, string[]>;
  pressed: { questions: PressedQuestion[]; bar: number } | null;
}> {
  const { labels, settings, meaning } = await loadStoryfileLearning(db, storyfileId, vectors);
  const learned = new Map<string, string[]>();
  const waiting: { answerId: string; text: string; lastAt: number }[] = [];
  for (const question of reviewLearnedLabels(labels, settings, meaning)) {
    if (question.status === 'learned') {
      learned.set(question.answerId, [...(learned.get(question.answerId) ?? []), question.text]);
    } else if (question.status === 'waiting') {
      waiting.push(question);
    }
  }
  if (!meaning || settings.alikeMeaning === null) {
    return { learned, pressed: null };
  }
  const questions = waiting
    .sort((a, b) => b.lastAt - a.lastAt)
    .slice(0, MAX_PRESSED_OFFERS)
    .flatMap(({ answerId, text }) => {
      const vector = meaning.embed(text);
      return vector ? [{ answerId, vector }] : [];
    });
  return { learned, pressed: { questions, bar: settings.alikeMeaning } };
}
