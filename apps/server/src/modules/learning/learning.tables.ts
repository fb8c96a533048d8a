import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CompletionRule } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { teams } from '../accounts/accounts.tables.ts';
import { conversations } from '../conversations/conversations.tables.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';

// --- learning (issue 18): activities, their assignees, attempts, xAPI outbox ---

/** An activity an owner assigns: storyfiles to converse with, dates and a completion rule. */
export const learningActivities = pgTable(
  'learning_activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    openAt: timestamp('open_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    closeAt: timestamp('close_at', { withTimezone: true }),
    /** `CompletionRule` of the contracts, validated by its zod schema before every write. */
    rule: jsonb('rule').$type<CompletionRule>().notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('learning_activities_namespace_created_idx').on(
      table.namespaceId,
      table.createdAt.desc(),
    ),
    check(
      'learning_activities_dates_check',
      sql`(${table.openAt} is null or ${table.dueAt} is null or ${table.openAt} <= ${table.dueAt})
        and (${table.dueAt} is null or ${table.closeAt} is null or ${table.dueAt} <= ${table.closeAt})
        and (${table.openAt} is null or ${table.closeAt} is null or ${table.openAt} <= ${table.closeAt})`,
    ),
  ],
);

export const learningActivityStoryfiles = pgTable(
  'learning_activity_storyfiles',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.activityId, table.storyfileId] })],
);

/** Whom an activity is assigned to: one student (user) or one team (a class), never both. */
export const learningAssignments = pgTable(
  'learning_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
  },
  (table) => [
    check(
      'learning_assignments_one_target_check',
      sql`num_nonnulls(${table.userId}, ${table.teamId}) = 1`,
    ),
    uniqueIndex('learning_assignments_user_key')
      .on(table.activityId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('learning_assignments_team_key')
      .on(table.activityId, table.teamId)
      .where(sql`${table.teamId} is not null`),
    index('learning_assignments_user_idx').on(table.userId),
    index('learning_assignments_team_idx').on(table.teamId),
  ],
);

/**
 * Links a conversation to the activity and student it was held for: the conversations table stays
 * as it is, and progress reads exchanges through this one row per conversation.
 */
export const learningAttempts = pgTable(
  'learning_attempts',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('learning_attempts_activity_student_idx').on(table.activityId, table.studentId),
    index('learning_attempts_student_idx').on(table.studentId),
  ],
);

/**
 * xAPI statements for the Learning Record Store (XAPI_ENDPOINT). A row is written in the
 * transaction of what it reports (the exchange, or the rule edit that completed a student), so
 * nothing committed goes unsent. `sent_at` marks what the LRS took (deleted by maintenance
 * XAPI_OUTBOX_RETENTION_DAYS later), `refused_at` what it refused for good (with its answer in
 * `last_error`, kept); the rest wait until
 * `next_attempt_at` (a backoff after a failure, or a sender's lease while one sends it). The id is
 * derived from what the statement reports, so a statement is queued once while its row is kept
 * ("completed": once per student and activity), and the LRS keeps one copy of one sent again.
 */
export const learningXapiOutbox = pgTable(
  'learning_xapi_outbox',
  {
    id: uuid('id').primaryKey(),
    statement: jsonb('statement').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('learning_xapi_outbox_waiting_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.sentAt} is null and ${table.refusedAt} is null`),
  ],
);

// --- learning (issue 18): progress summary, one row per student and activity ---

/**
 * What a student did in an activity, kept with each exchange (in its transaction) so progress
 * reads one row instead of the chat log. Nothing here depends on the completion rule: it holds the
 * time of each question, of each first different answer, of each topic's first answer and of each
 * minute reached, and progress under any rule picks the Nth of them on read (so editing a rule
 * still recomputes at once).
 */
export const learningProgress = pgTable(
  'learning_progress',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => learningActivities.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionsAsked: integer('questions_asked').notNull().default(0),
    /** When each question was asked, in order (the first MAX_RULE_COUNT: no rule asks more). */
    questionTimes: timestamp('question_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The different answers heard, and when each was first heard (same order). */
    answerIds: uuid('answer_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    answerTimes: timestamp('answer_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Storyfile topic id → when an answer of that topic was first heard. */
    topics: jsonb('topics').$type<Record<string, string>>().notNull().default({}),
    /** Minutes in conversation: each conversation's span (its start to its last exchange), summed. */
    seconds: doublePrecision('seconds').notNull().default(0),
    /** Element k: the exchange at which the minutes reached k (up to MAX_RULE_MINUTES). */
    minuteTimes: timestamp('minute_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    firstAt: timestamp('first_at', { withTimezone: true }),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.activityId, table.studentId] })],
);
