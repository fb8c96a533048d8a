import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  cleanAlternates,
  MAX_ALTERNATES_PER_QUESTION,
  normalizeQuestionText,
  PREVIEW_EXCHANGE_LIMIT,
  RECORD_QUEUE_TOPIC_NAME,
  REVIEW_ACTION_ALREADY_UNDONE_MESSAGE,
  REVIEW_ACTION_NOT_FOUND_MESSAGE,
  REVIEW_ENTRIES_NOT_FOUND_MESSAGE,
  REVIEW_QUESTION_NOT_FOUND_MESSAGE,
  type AppliedReview,
  type CurrentUser,
  type ReviewAction,
  type ReviewActionList,
  type ReviewAnswerOption,
  type ReviewChange,
  type ReviewPreview,
  type ReviewState,
} from '@conversa/contracts';
import { normalizeText, type Matcher } from '@conversa/matching';
import { chatLogEntries } from '../conversations/conversations.tables.ts';
import { storyfileQuestions, storyfileTopics } from '../storyfiles/storyfiles.tables.ts';
import { trainingActions, trainingIgnores } from './training.tables.ts';
import { users } from '../users/users.tables.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  getStoryfileMatcher,
  type ConversationEngine,
  type MatchableAnswer,
} from '../conversations/index.ts';
import { uuidArray, type Executor } from '../lists/index.ts';

/** At most this many moved questions are listed in a preview. */
const PREVIEW_MOVE_LIST_LIMIT = 200;

interface ReviewEntry {
  id: string;
  questionText: string;
  normalizedText: string;
}

/** The chosen exchanges, all of this storyfile; any other id is a 400 (nothing is half-done). */
async function loadEntries(
  db: Executor,
  storyfileId: string,
  entryIds: readonly string[],
): Promise<ReviewEntry[]> {
  const unique = [...new Set(entryIds)];
  const rows = await db
    .select({
      id: chatLogEntries.id,
      questionText: chatLogEntries.questionText,
      normalizedText: chatLogEntries.normalizedText,
    })
    .from(chatLogEntries)
    .where(and(eq(chatLogEntries.storyfileId, storyfileId), inArray(chatLogEntries.id, unique)))
    .orderBy(asc(chatLogEntries.createdAt));
  if (rows.length !== unique.length) {
    throw badRequest(REVIEW_ENTRIES_NOT_FOUND_MESSAGE);
  }
  return rows.map((row) => ({
    ...row,
    normalizedText: row.normalizedText || normalizeText(row.questionText),
  }));
}

/** Distinct phrasings of the exchanges (by the matcher's normalisation), first asked first. */
function getDistinctPhrasings(entries: readonly ReviewEntry[]): { text: string; key: string }[] {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    if (entry.normalizedText !== '' && !seen.has(entry.normalizedText)) {
      seen.set(entry.normalizedText, entry.questionText.trim());
    }
  }
  return [...seen].map(([key, text]) => ({ key, text }));
}

/** What a correct match does to the script: alternates added to the chosen answer, duplicates dropped elsewhere. */
interface CorrectionPlan {
  target: MatchableAnswer;
  added: string[];
  removed: { questionId: string; text: string }[];
}

function planCorrection(
  answers: ReadonlyMap<string, MatchableAnswer>,
  questionId: string,
  entries: readonly ReviewEntry[],
): CorrectionPlan {
  const target = answers.get(questionId);
  if (!target) {
    throw badRequest(REVIEW_QUESTION_NOT_FOUND_MESSAGE);
  }
  const own = new Set([target.text, ...target.alternates].map((text) => normalizeText(text)));
  const added = getDistinctPhrasings(entries)
    .filter((phrasing) => !own.has(phrasing.key))
    .map((phrasing) => phrasing.text);
  const addedKeys = new Set(getDistinctPhrasings(entries).map((phrasing) => phrasing.key));
  const removed: CorrectionPlan['removed'] = [];
  for (const answer of answers.values()) {
    if (answer.questionId === questionId) {
      continue;
    }
    for (const alternate of answer.alternates) {
      if (addedKeys.has(normalizeText(alternate))) {
        removed.push({ questionId: answer.questionId, text: alternate });
      }
    }
  }
  if (target.alternates.length + added.length > MAX_ALTERNATES_PER_QUESTION) {
    throw badRequest(
      `"${target.text}" would have ${target.alternates.length + added.length} alternate phrasings; a question can have at most ${MAX_ALTERNATES_PER_QUESTION}. Remove some of its alternates first, or choose fewer questions.`,
    );
  }
  return { target, added, removed };
}

/** The answers a correction changes, as they would be after it. */
function getChangedAnswers(plan: CorrectionPlan): MatchableAnswer[] {
  const changed = new Map<string, MatchableAnswer>();
  changed.set(plan.target.questionId, {
    ...plan.target,
    alternates: [...plan.target.alternates, ...plan.added],
  });
  return [...changed.values()];
}

function toMatcherInput(answer: MatchableAnswer) {
  return {
    id: answer.questionId,
    question: answer.text,
    alternates: answer.alternates,
    isRecorded: answer.isRecorded,
  };
}

/** The played answer's question id, or null for any fallback (a not-recorded match plays no answer). */
function decide(matcher: Matcher, text: string): string | null {
  const { decision } = matcher.match(text, { limit: 1 });
  return decision.kind === 'answer' ? decision.answerId : null;
}

/**
 * Past questions' decisions by the storyfile's matcher as it stands, per matcher: kept while its
 * stamp and threshold stay the same, so a reviewer trying several changes in a row re-asks the
 * 10,000 past questions only against each trial matcher, not the unchanged one every time.
 */
const currentDecisions = new WeakMap<
  Matcher,
  { key: string; decisions: Map<string, string | null> }
>();

function decideCurrent(
  matcher: Matcher,
  stamp: string,
  threshold: number,
  texts: readonly string[],
): (string | null)[] {
  const key = `${stamp}#${threshold}`;
  let cached = currentDecisions.get(matcher);
  if (cached?.key !== key) {
    cached = { key, decisions: new Map() };
    currentDecisions.set(matcher, cached);
  }
  const { decisions } = cached;
  return texts.map((text) => {
    let decision = decisions.get(text);
    if (decision === undefined) {
      decision = decide(matcher, text);
      decisions.set(text, decision);
    }
    return decision;
  });
}

interface PastQuestion {
  key: string;
  text: string;
  count: number;
}

/** The storyfile's most recent exchanges, grouped by normalised text. */
async function loadPastQuestions(db: Executor, storyfileId: string): Promise<PastQuestion[]> {
  const result = await db.execute<{ key: string; text: string; count: number }>(sql`
    select normalized_text as key, min(question_text) as text, count(*)::int as count
    from (select normalized_text, question_text from chat_log_entries
          where storyfile_id = ${storyfileId} and normalized_text <> ''
          order by created_at desc limit ${PREVIEW_EXCHANGE_LIMIT}) recent
    group by normalized_text`);
  return result.rows;
}

interface PreviewOutcome {
  preview: ReviewPreview;
  /** Normalised texts the change moves onto the corrected answer (open items there close). */
  movedToTarget: string[];
}

/**
 * Re-asks every past question against the matcher as it is and as it would be after the change.
 * The cached matcher is changed and restored synchronously (no await in between), so no ask ever
 * sees the trial state; the threshold in force is pinned meanwhile, so the comparison shows the
 * effect of the phrasings alone.
 */
function comparePast(
  { matcher, stamp }: { matcher: Matcher; stamp: string },
  answers: ReadonlyMap<string, MatchableAnswer>,
  changed: readonly MatchableAnswer[],
  removed: readonly { questionId: string; text: string }[],
  past: readonly PastQuestion[],
  targetId: string | null,
): PreviewOutcome {
  const report = matcher.getThresholdReport();
  const before = decideCurrent(
    matcher,
    stamp,
    report.threshold,
    past.map((question) => question.text),
  );
  const touched = new Map<string, MatchableAnswer>();
  for (const answer of changed) {
    touched.set(answer.questionId, answer);
  }
  for (const { questionId, text } of removed) {
    const original = touched.get(questionId) ?? answers.get(questionId);
    if (original) {
      touched.set(questionId, {
        ...original,
        alternates: original.alternates.filter((alternate) => alternate !== text),
      });
    }
  }
  let after: (string | null)[];
  matcher.setThreshold(report.threshold);
  try {
    for (const answer of touched.values()) {
      matcher.upsertAnswer(toMatcherInput(answer));
    }
    after = past.map((question) => decide(matcher, question.text));
  } finally {
    for (const questionId of touched.keys()) {
      const original = answers.get(questionId);
      if (original) {
        matcher.upsertAnswer(toMatcherInput(original));
      }
    }
    matcher.setThreshold(report.source === 'explicit' ? report.setting : 'auto');
  }
  const questionText = (id: string | null) => (id ? (answers.get(id)?.text ?? null) : null);
  const preview: ReviewPreview = {
    examined: past.reduce((sum, question) => sum + question.count, 0),
    moved: 0,
    fromFallback: 0,
    betweenAnswers: 0,
    toFallback: 0,
    moves: [],
  };
  const movedToTarget: string[] = [];
  past.forEach((question, index) => {
    const from = before[index] ?? null;
    const to = after[index] ?? null;
    if (from === to) {
      return;
    }
    preview.moved += question.count;
    if (from === null) {
      preview.fromFallback += question.count;
    } else if (to === null) {
      preview.toFallback += question.count;
    } else {
      preview.betweenAnswers += question.count;
    }
    if (to !== null && to === targetId) {
      movedToTarget.push(question.key);
    }
    preview.moves.push({
      questionText: question.text,
      count: question.count,
      before: { questionId: from, questionText: questionText(from) },
      after: { questionId: to, questionText: questionText(to) },
    });
  });
  preview.moves.sort((a, b) => b.count - a.count || a.questionText.localeCompare(b.questionText));
  preview.moves = preview.moves.slice(0, PREVIEW_MOVE_LIST_LIMIT);
  return { preview, movedToTarget };
}

const NO_MOVES: ReviewPreview = {
  examined: 0,
  moved: 0,
  fromFallback: 0,
  betweenAnswers: 0,
  toFallback: 0,
  moves: [],
};

async function buildPreview(
  engine: ConversationEngine,
  storyfileId: string,
  change: ReviewChange,
  entries: readonly ReviewEntry[],
): Promise<PreviewOutcome & { plan: CorrectionPlan | null }> {
  if (change.kind !== 'correct') {
    // Queuing, out of scope and ignore change no phrasing: nothing the matcher does moves.
    const past = await loadPastQuestions(engine.db, storyfileId);
    return {
      preview: { ...NO_MOVES, examined: past.reduce((sum, question) => sum + question.count, 0) },
      movedToTarget: [],
      plan: null,
    };
  }
  const [current, past] = await Promise.all([
    getStoryfileMatcher(engine, storyfileId),
    loadPastQuestions(engine.db, storyfileId),
  ]);
  const { answers } = current;
  const plan = planCorrection(answers, change.questionId, entries);
  const outcome = comparePast(
    current,
    answers,
    getChangedAnswers(plan),
    plan.removed,
    past,
    plan.target.questionId,
  );
  return { ...outcome, plan };
}

/** What the change would do, without doing it. */
export async function previewReviewChange(
  engine: ConversationEngine,
  storyfileId: string,
  change: ReviewChange,
): Promise<ReviewPreview> {
  const entries = await loadEntries(engine.db, storyfileId, change.entryIds);
  return (await buildPreview(engine, storyfileId, change, entries)).preview;
}

async function lockStoryfile(tx: Executor, storyfileId: string): Promise<void> {
  await tx.execute(sql`select id from storyfiles where id = ${storyfileId} for update`);
}

async function setEntriesState(
  tx: Executor,
  storyfileId: string,
  entryIds: readonly string[],
  state: ReviewState,
  actionId: string,
): Promise<void> {
  await tx
    .update(chatLogEntries)
    .set({ reviewState: state, reviewActionId: actionId })
    .where(
      and(eq(chatLogEntries.storyfileId, storyfileId), inArray(chatLogEntries.id, [...entryIds])),
    );
}

/** Creates (or reuses) the record-queue question; returns its id and whether it was created. */
async function queueQuestion(
  tx: Executor,
  user: CurrentUser,
  storyfileId: string,
  text: string,
  entries: readonly ReviewEntry[],
): Promise<{ questionId: string; isCreated: boolean }> {
  const textKey = normalizeQuestionText(text);
  const [existing] = await tx
    .select({ id: storyfileQuestions.id })
    .from(storyfileQuestions)
    .where(
      and(eq(storyfileQuestions.storyfileId, storyfileId), eq(storyfileQuestions.textKey, textKey)),
    );
  if (existing) {
    await tx
      .update(storyfileQuestions)
      .set({ queuedToRecordAt: sql`coalesce(${storyfileQuestions.queuedToRecordAt}, now())` })
      .where(eq(storyfileQuestions.id, existing.id));
    return { questionId: existing.id, isCreated: false };
  }
  let [topic] = await tx
    .select({ id: storyfileTopics.id })
    .from(storyfileTopics)
    .where(
      and(
        eq(storyfileTopics.storyfileId, storyfileId),
        sql`lower(${storyfileTopics.name}) = lower(${RECORD_QUEUE_TOPIC_NAME})`,
      ),
    );
  if (!topic) {
    [topic] = await tx
      .insert(storyfileTopics)
      .values({
        storyfileId,
        name: RECORD_QUEUE_TOPIC_NAME,
        position: sql`(select coalesce(max(position) + 1, 0) from storyfile_topics where storyfile_id = ${storyfileId})`,
        createdBy: user.iam,
        updatedBy: user.iam,
      })
      .returning({ id: storyfileTopics.id });
  }
  const alternates = cleanAlternates(
    text,
    entries.map((entry) => entry.questionText),
  ).slice(0, MAX_ALTERNATES_PER_QUESTION);
  const [created] = await tx
    .insert(storyfileQuestions)
    .values({
      storyfileId,
      storyfileTopicId: topic!.id,
      text,
      textKey,
      alternates,
      position: sql`(select coalesce(max(position) + 1, 0) from storyfile_questions where storyfile_topic_id = ${topic!.id})`,
      queuedToRecordAt: sql`now()`,
      createdBy: user.iam,
      updatedBy: user.iam,
    })
    .returning({ id: storyfileQuestions.id });
  return { questionId: created!.id, isCreated: true };
}

type ActionRow = typeof trainingActions.$inferSelect & {
  creator: { id: string; email: string; firstName: string | null; lastName: string | null } | null;
};

function presentAction(row: ActionRow): ReviewAction {
  return {
    id: row.id,
    storyfileId: row.storyfileId,
    kind: row.kind,
    questionId: row.questionId,
    questionText: row.questionText,
    entryIds: row.entryIds,
    autoClosedEntryIds: row.autoClosedEntryIds,
    addedAlternates: row.addedAlternates,
    removedAlternates: row.removedAlternates,
    normalizedTexts: row.normalizedTexts,
    createdBy: row.creator,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

async function readActions(
  db: Executor,
  storyfileId: string,
  actionId?: string,
): Promise<ReviewAction[]> {
  const rows = await db
    .select({
      action: trainingActions,
      creator: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(trainingActions)
    .leftJoin(users, eq(users.id, trainingActions.createdBy))
    .where(
      and(
        eq(trainingActions.storyfileId, storyfileId),
        actionId ? eq(trainingActions.id, actionId) : undefined,
      ),
    )
    .orderBy(desc(trainingActions.createdAt))
    .limit(50);
  return rows.map((row) => presentAction({ ...row.action, creator: row.creator }));
}

/** The storyfile's review changes, newest first (the last 50), with who made each and when. */
export async function listReviewActions(
  db: Executor,
  storyfileId: string,
): Promise<ReviewActionList> {
  return { items: await readActions(db, storyfileId) };
}

/**
 * Applies a change in one transaction: the script edits (alternates, the queued question), the
 * reviewed exchanges' states, the open exchanges the new matcher now answers as decided, and the
 * action row kept for undo and provenance. The storyfile's matcher is refreshed before answering.
 */
export async function applyReviewChange(
  engine: ConversationEngine,
  user: CurrentUser,
  storyfileId: string,
  change: ReviewChange,
): Promise<AppliedReview> {
  const { db } = engine;
  const entries = await loadEntries(db, storyfileId, change.entryIds);
  const { preview, movedToTarget, plan } = await buildPreview(engine, storyfileId, change, entries);
  const entryIds = entries.map((entry) => entry.id);
  const actionId = await db.transaction(async (tx) => {
    await lockStoryfile(tx, storyfileId);
    const [action] = await tx
      .insert(trainingActions)
      .values({ storyfileId, kind: change.kind, entryIds, createdBy: user.iam })
      .returning({ id: trainingActions.id });
    const id = action!.id;
    if (change.kind === 'correct' && plan) {
      const [target] = await tx
        .select({ alternates: storyfileQuestions.alternates, text: storyfileQuestions.text })
        .from(storyfileQuestions)
        .where(eq(storyfileQuestions.id, plan.target.questionId))
        .for('update');
      if (!target) {
        throw badRequest(REVIEW_QUESTION_NOT_FOUND_MESSAGE);
      }
      const alternates = cleanAlternates(target.text, [...target.alternates, ...plan.added]);
      await tx
        .update(storyfileQuestions)
        .set({ alternates, updatedAt: sql`now()`, updatedBy: user.iam })
        .where(eq(storyfileQuestions.id, plan.target.questionId));
      if (plan.removed.length > 0) {
        // One statement for every competing answer that loses a duplicate phrasing.
        await tx.execute(sql`
          update storyfile_questions q
          set alternates = array(select a from unnest(q.alternates) a where a <> all(r.texts)),
            updated_at = now(), updated_by = ${user.iam}
          from (select question_id, array_agg(text) as texts
                from unnest(${uuidArray(plan.removed.map((item) => item.questionId))},
                  ${sql.param(plan.removed.map((item) => item.text))}::text[])
                  as t(question_id, text)
                group by question_id) r
          where q.id = r.question_id and q.storyfile_id = ${storyfileId}`);
      }
      await setEntriesState(tx, storyfileId, entryIds, 'resolved', id);
      const autoClosed =
        movedToTarget.length === 0
          ? []
          : (
              await tx.execute<{ id: string }>(sql`
              update chat_log_entries set review_state = 'resolved', review_action_id = ${id}
              where storyfile_id = ${storyfileId} and review_state = 'new'
                and normalized_text = any(${sql.param(movedToTarget)}::text[])
                and not (id = any(${uuidArray(entryIds)}))
              returning id`)
            ).rows.map((row) => row.id);
      await tx
        .update(trainingActions)
        .set({
          questionId: plan.target.questionId,
          questionText: plan.target.text,
          addedAlternates: alternates.filter((text) => !target.alternates.includes(text)),
          removedAlternates: plan.removed,
          autoClosedEntryIds: autoClosed,
        })
        .where(eq(trainingActions.id, id));
    } else if (change.kind === 'record') {
      const text = change.text ?? entries[0]!.questionText.trim();
      const queued = await queueQuestion(tx, user, storyfileId, text, entries);
      await setEntriesState(tx, storyfileId, entryIds, 'queued', id);
      await tx
        .update(trainingActions)
        .set({
          questionId: queued.questionId,
          questionText: text,
          isQuestionCreated: queued.isCreated,
        })
        .where(eq(trainingActions.id, id));
    } else if (change.kind === 'out-of-scope') {
      await setEntriesState(tx, storyfileId, entryIds, 'resolved', id);
    } else {
      const keys = [...new Set(entries.map((entry) => entry.normalizedText))];
      const inserted = await tx
        .insert(trainingIgnores)
        .values(keys.map((normalizedText) => ({ storyfileId, normalizedText, actionId: id })))
        .onConflictDoNothing()
        .returning({ normalizedText: trainingIgnores.normalizedText });
      // Every exchange with an ignored text, not only the chosen ones: the same question stays ignored.
      await tx.execute(sql`
        update chat_log_entries set review_state = 'ignored', review_action_id = ${id}
        where storyfile_id = ${storyfileId}
          and (id = any(${uuidArray(entryIds)})
               or (review_state = 'new' and normalized_text = any(${sql.param(keys)}::text[])))`);
      await tx
        .update(trainingActions)
        .set({ normalizedTexts: inserted.map((row) => row.normalizedText) })
        .where(eq(trainingActions.id, id));
    }
    return id;
  });
  // The script changed: refresh the storyfile's matcher now, not at the next visitor's question.
  await getStoryfileMatcher(engine, storyfileId);
  const [action] = await readActions(db, storyfileId, actionId);
  return { action: action!, preview };
}

/** Undoes a change: the script edits it made, the exchanges it closed, the texts it ignored. */
export async function undoReviewAction(
  engine: ConversationEngine,
  user: CurrentUser,
  storyfileId: string,
  actionId: string,
): Promise<ReviewAction> {
  const { db } = engine;
  await db.transaction(async (tx) => {
    await lockStoryfile(tx, storyfileId);
    const [action] = await tx
      .select()
      .from(trainingActions)
      .where(and(eq(trainingActions.id, actionId), eq(trainingActions.storyfileId, storyfileId)))
      .for('update');
    if (!action) {
      throw notFound(REVIEW_ACTION_NOT_FOUND_MESSAGE);
    }
    if (action.undoneAt) {
      throw conflict(REVIEW_ACTION_ALREADY_UNDONE_MESSAGE);
    }
    if (action.kind === 'correct' && action.questionId) {
      const [target] = await tx
        .select({ alternates: storyfileQuestions.alternates })
        .from(storyfileQuestions)
        .where(eq(storyfileQuestions.id, action.questionId))
        .for('update');
      if (target) {
        await tx
          .update(storyfileQuestions)
          .set({
            alternates: target.alternates.filter((text) => !action.addedAlternates.includes(text)),
            updatedAt: sql`now()`,
            updatedBy: user.iam,
          })
          .where(eq(storyfileQuestions.id, action.questionId));
      }
    }
    for (const { questionId, text } of action.removedAlternates) {
      await tx
        .update(storyfileQuestions)
        .set({
          alternates: sql`array_append(${storyfileQuestions.alternates}, ${text})`,
          updatedAt: sql`now()`,
          updatedBy: user.iam,
        })
        .where(
          and(
            eq(storyfileQuestions.id, questionId),
            sql`not (${text} = any(${storyfileQuestions.alternates}))`,
            sql`cardinality(${storyfileQuestions.alternates}) < ${MAX_ALTERNATES_PER_QUESTION}`,
          ),
        );
    }
    if (action.kind === 'record' && action.questionId) {
      if (action.isQuestionCreated) {
        // Created by this action and still without an answer video: it goes; recorded, it stays.
        const [deleted] = await tx
          .delete(storyfileQuestions)
          .where(
            and(
              eq(storyfileQuestions.id, action.questionId),
              sql`${storyfileQuestions.answerRecordedAt} is null`,
              sql`not exists (select 1 from media_assets m where m.storyfile_question_id = ${storyfileQuestions.id})`,
            ),
          )
          .returning({
            topicId: storyfileQuestions.storyfileTopicId,
            position: storyfileQuestions.position,
          });
        if (deleted) {
          await tx.execute(sql`update storyfile_questions set position = position - 1
            where storyfile_topic_id = ${deleted.topicId} and position > ${deleted.position}`);
        }
      }
      await tx
        .update(storyfileQuestions)
        .set({ queuedToRecordAt: null })
        .where(eq(storyfileQuestions.id, action.questionId));
    }
    if (action.kind === 'ignore') {
      await tx.delete(trainingIgnores).where(eq(trainingIgnores.actionId, actionId));
      // Asked again after the ignore, an exchange was logged as ignored with no action: reopen it too.
      await tx.execute(sql`
        update chat_log_entries set review_state = 'new', review_action_id = null
        where storyfile_id = ${storyfileId} and review_state = 'ignored' and review_action_id is null
          and normalized_text = any(${sql.param(action.normalizedTexts)}::text[])`);
    }
    await tx
      .update(chatLogEntries)
      .set({ reviewState: 'new', reviewActionId: null })
      .where(
        and(
          eq(chatLogEntries.storyfileId, storyfileId),
          eq(chatLogEntries.reviewActionId, actionId),
        ),
      );
    await tx
      .update(trainingActions)
      .set({ undoneAt: sql`now()`, undoneBy: user.iam })
      .where(eq(trainingActions.id, actionId));
  });
  await getStoryfileMatcher(engine, storyfileId);
  const [action] = await readActions(db, storyfileId, actionId);
  return action!;
}

/** The script's questions a reviewer may pick as the right answer: recorded first, then by text. */
export async function listReviewAnswerOptions(
  engine: ConversationEngine,
  storyfileId: string,
): Promise<{ items: ReviewAnswerOption[] }> {
  const { answers } = await getStoryfileMatcher(engine, storyfileId);
  const items = [...answers.values()]
    .map((answer) => ({
      questionId: answer.questionId,
      text: answer.text,
      topicName: answer.topicName,
      isRecorded: answer.isRecorded,
    }))
    .sort(
      (a, b) =>
        Number(b.isRecorded) - Number(a.isRecorded) ||
        a.text.localeCompare(b.text, 'en', { sensitivity: 'base' }),
    );
  return { items };
}
