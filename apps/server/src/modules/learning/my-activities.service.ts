import { sql } from 'drizzle-orm';
import {
  ACTIVITY_ARCHIVED_MESSAGE,
  ACTIVITY_CLOSED_MESSAGE,
  ACTIVITY_NOT_FOUND_MESSAGE,
  ACTIVITY_NOT_OPEN_MESSAGE,
  type Activity,
  type CurrentUser,
  type MyActivity,
  type Progress,
  toPublicAskDecision,
  type PublicAskResponse,
  type TranscriptEntry,
  type SpeechReading,
} from '@conversa/contracts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { uuidArray, type Executor } from '../lists/index.ts';
import { askStoryfile, type ConversationEngine } from '../conversations/index.ts';
import { selectActivities } from './activities.query.ts';
import { describeRule } from './progress.ts';
import { recordProgress } from './progress-summary.query.ts';
import { getStudentProgress } from './student-progress.ts';
import { selectStudents } from './students.query.ts';
import { isAssignedTo } from './students.service.ts';
import { listActivityEntries, toTranscriptEntry } from './transcripts.service.ts';
import { buildStatements, queueStatements, type XapiSettings } from './xapi.ts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';

export interface LearningContext {
  engine: ConversationEngine;
  publicUrl: string;
  xapi: XapiSettings;
  /** Called after statements were queued for the LRS and committed (the assembly drains the outbox). */
  onStatementsQueued?: () => void;
}

/** Organizations where the user is an active member and learning is on: their activities only. */
function getStudentOrganizationIds(user: CurrentUser): string[] {
  return user.namespaces
    .filter(
      (namespace) =>
        namespace.userNamespaces[0] !== undefined &&
        (user.isAdmin || namespace.attributes.LEARNING_MODULE === true),
    )
    .map((namespace) => namespace.id);
}

/** Why the activity cannot be started now, or null: before open, after close, archived. */
export function getNotStartableReason(activity: Activity, now = new Date()): string | null {
  if (activity.isArchived) {
    return ACTIVITY_ARCHIVED_MESSAGE;
  }
  if (activity.openAt !== null && now < new Date(activity.openAt)) {
    return ACTIVITY_NOT_OPEN_MESSAGE;
  }
  if (activity.closeAt !== null && now > new Date(activity.closeAt)) {
    return ACTIVITY_CLOSED_MESSAGE;
  }
  return null;
}

function presentMyActivity(activity: Activity, progress: Progress): MyActivity {
  const reason = getNotStartableReason(activity);
  return {
    id: activity.id,
    title: activity.title,
    instructions: activity.instructions,
    storyfiles: activity.storyfiles,
    openAt: activity.openAt,
    dueAt: activity.dueAt,
    closeAt: activity.closeAt,
    isStartable: reason === null,
    notStartableReason: reason,
    ruleSummary: describeRule(activity.rule),
    progress,
  };
}

async function selectMyActivities(
  context: Pick<LearningContext, 'engine'>,
  user: CurrentUser,
  activityId?: string,
): Promise<Activity[]> {
  const organizations = getStudentOrganizationIds(user);
  if (organizations.length === 0) {
    return [];
  }
  const only = activityId === undefined ? sql`true` : sql`a.id = ${activityId}`;
  return selectActivities(
    context.engine.db,
    sql`a.namespace_id = any(${uuidArray(organizations)}) and a.archived_at is null
      and ${isAssignedTo(user.iam)} and ${only}`,
  );
}

export async function listMyActivities(
  context: LearningContext,
  user: CurrentUser,
): Promise<MyActivity[]> {
  const activities = await selectMyActivities(context, user);
  const items: MyActivity[] = [];
  for (const activity of activities) {
    items.push(
      presentMyActivity(activity, await getStudentProgress(context.engine.db, activity, user.iam)),
    );
  }
  return items;
}

/** One of the student's own assigned activities (not archived, learning on), else 404. */
export async function getMyActivityRecord(
  context: Pick<LearningContext, 'engine'>,
  user: CurrentUser,
  activityId: string,
): Promise<Activity> {
  const [activity] = await selectMyActivities(context, user, activityId);
  if (!activity) {
    throw notFound(ACTIVITY_NOT_FOUND_MESSAGE);
  }
  return activity;
}

export async function getMyActivity(
  context: LearningContext,
  user: CurrentUser,
  activityId: string,
): Promise<{ activity: MyActivity; transcript: TranscriptEntry[] }> {
  const activity = await getMyActivityRecord(context, user, activityId);
  const progress = await getStudentProgress(context.engine.db, activity, user.iam);
  const entries = await listActivityEntries(
    context.engine,
    { activityIds: [activity.id], studentId: user.iam },
    `user:${user.iam}`,
  );
  return {
    activity: presentMyActivity(activity, progress),
    transcript: entries.map(toTranscriptEntry),
  };
}

/**
 * One of the student's activities that includes the storyfile (400 otherwise); with
 * `isStartRequired`, refused (403) outside its dates, as a question is.
 */
export async function getMyActivityForStoryfile(
  context: Pick<LearningContext, 'engine'>,
  user: CurrentUser,
  activityId: string,
  storyfileId: string,
  options: { isStartRequired: boolean },
): Promise<Activity> {
  const activity = await getMyActivityRecord(context, user, activityId);
  const reason = getNotStartableReason(activity);
  if (options.isStartRequired && reason !== null) {
    throw forbidden(reason);
  }
  if (!activity.storyfiles.some((storyfile) => storyfile.id === storyfileId)) {
    throw badRequest('This storyfile is not part of the activity.');
  }
  return activity;
}

/**
 * A student's question, through the studio's ask path (matcher, chat log; never the ink story): the
 * conversation is keyed to the activity and the student, linked to both, and counts toward the
 * rule. Outside the activity's dates it is refused; the activity stays readable.
 */
export async function askMyActivity(
  context: LearningContext,
  user: CurrentUser,
  activityId: string,
  body: {
    storyfileId: string;
    text: string;
    inputMode: 'typed' | 'spoken';
    alternatives?: SpeechReading[] | undefined;
    speechConfidence?: number | null | undefined;
    conversationId?: string | undefined;
    choiceIndex?: number | undefined;
    start?: boolean | undefined;
    suggestion?: { exchangeId: string; questionId: string } | undefined;
  },
): Promise<PublicAskResponse & { progress: Progress }> {
  const { db } = context.engine;
  const activity = await getMyActivityForStoryfile(context, user, activityId, body.storyfileId, {
    isStartRequired: true,
  });
  // What the exchange's transaction saw: the progress with this exchange, statements queued.
  const recorded: { progress: Progress | null; queuedCount: number } = {
    progress: null,
    queuedCount: 0,
  };
  const outcome = await askStoryfile(
    context.engine,
    {
      storyfileId: body.storyfileId,
      // The learning player's own channel: the chat log and Response quality say so.
      channel: 'learning',
      // One key per activity and student: a conversation never continues across activities.
      // A student is told apart by their account: a class behind one school address is many.
      visitorKey: `learning:${activity.id}:${user.iam}`,
      // An activity asks free questions and counts them (its rule: questions, answers, topics);
      // the storyfile's ink story drives its public and studio conversations, not an activity's.
      isFreeQuestionsOnly: true,
      text: body.text,
      inputMode: body.inputMode,
      alternatives: body.alternatives,
      speechConfidence: body.speechConfidence,
      ...(body.conversationId === undefined ? {} : { conversationId: body.conversationId }),
      ...(body.choiceIndex === undefined ? {} : { choiceIndex: body.choiceIndex }),
      ...(body.start === undefined ? {} : { start: body.start }),
      ...(body.suggestion === undefined ? {} : { suggestion: body.suggestion }),
    },
    {
      // The progress summary and the xAPI statements commit with the exchange or not at all: a
      // logged exchange always has its statements waiting for the LRS.
      onRecorded: async (tx, exchange) => {
        await recordProgress(tx, { ...exchange, activityId: activity.id, studentId: user.iam });
        recorded.progress = await getStudentProgress(tx, activity, user.iam);
        if (context.xapi.endpoint !== undefined) {
          recorded.queuedCount = await queueExchangeStatements(
            tx,
            context,
            user,
            activity,
            exchange.exchangeId,
            recorded.progress,
          );
        }
      },
    },
  );
  if (outcome.exchangeId === null) {
    // A conversation opened before its first question is linked to the activity at once.
    await db.execute(sql`
      insert into learning_attempts (conversation_id, activity_id, student_id)
      values (${outcome.conversationId}, ${activity.id}, ${user.iam})
      on conflict (conversation_id) do nothing`);
  }
  const progress = recorded.progress ?? (await getStudentProgress(db, activity, user.iam));
  if (recorded.queuedCount > 0) {
    context.onStatementsQueued?.();
  }
  return {
    conversationId: outcome.conversationId,
    exchangeId: outcome.exchangeId,
    // The checklist's questions, unrecorded ones among them, are the author's, not the visitor's.
    decision: toPublicAskDecision(outcome.decision),
    media: outcome.media,
    message: outcome.message,
    heardText: outcome.heardText,
    story: outcome.story,
    clarification: outcome.clarification,
    suggestions: outcome.suggestions,
    topics: outcome.topics,
    progress,
  };
}

/**
 * Queues the statements of one exchange, in its transaction: asked, answered, and "completed" once
 * the rule is met (its id is the student's and the activity's, so it is queued once).
 */
async function queueExchangeStatements(
  tx: Executor,
  context: LearningContext,
  user: CurrentUser,
  activity: Activity,
  exchangeId: string,
  progress: Progress,
): Promise<number> {
  const entries = await tx.execute<{
    id: string;
    storyfile_id: string;
    question_text: string;
    decision: 'answered' | 'fallback';
    answer_question_text: string | null;
    created_at: Date | string;
  }>(sql`
    select id, storyfile_id, question_text, decision, answer_question_text, created_at
    from ${chatLogEntries} where id = ${exchangeId}`);
  const [student] = await selectStudents(tx, activity.organizationId, [user.iam]);
  const statements = buildStatements({
    publicUrl: context.publicUrl,
    activity,
    storyfiles: new Map(activity.storyfiles.map((storyfile) => [storyfile.id, storyfile.name])),
    student: student ?? { id: user.iam, name: user.email, email: user.email },
    entries: entries.rows.map((row) => ({
      id: row.id,
      storyfileId: row.storyfile_id,
      questionText: row.question_text,
      decision: row.decision,
      answerQuestionText: row.answer_question_text,
      createdAt: new Date(row.created_at).toISOString(),
    })),
    completedAt: progress.completedAt,
  });
  return queueStatements(tx, statements);
}
