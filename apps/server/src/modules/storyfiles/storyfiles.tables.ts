import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ClipKind, StoryfileStatus } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { questions, topics } from '../library/library.tables.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { authorship, softDelete, users } from '../users/users.tables.ts';

// --- Storyfiles and the script library -----------------------------------------------------
// A storyfile's checklist, a script's content and a namespace's question library each hold their
// own rows: text can be edited per storyfile or script without touching the library. Copies keep
// `source_*_id` links to the library rows they came from, which is what lets a script be applied
// again without duplicating questions (deduplicated by source id and by `text_key`, the
// normalised question text).

export const storyfiles = pgTable(
  'storyfiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    status: text('status').$type<StoryfileStatus>().notNull().default('draft'),
    avatarUrl: text('avatar_url'),
    /**
     * Whether the storyfile's share link answers visitors: publishing's `storyfile_publications`
     * decides it and sets it here in the same transaction (`setPublicationLive`), so the list's
     * status reads the storyfile's own row.
     */
    isPublicationLive: boolean('is_publication_live').notNull().default(false),
    nameBeforeDelete: text('name_before_delete'),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    // Names are unique per namespace whatever their case; deleted rows carry the marker suffix.
    uniqueIndex('storyfiles_namespace_name_key').on(table.namespaceId, sql`lower(${table.name})`),
    index('storyfiles_namespace_updated_idx').on(table.namespaceId, table.updatedAt.desc()),
    index('storyfiles_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('storyfiles_description_trgm_idx').using('gin', table.description.op('gin_trgm_ops')),
    check(
      'storyfiles_status_check',
      sql`${table.status} in ('draft', 'recording', 'ready', 'published')`,
    ),
  ],
);

export const storyfileTopics = pgTable(
  'storyfile_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    sourceTopicId: uuid('source_topic_id').references(() => topics.id, { onDelete: 'set null' }),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    index('storyfile_topics_storyfile_position_idx').on(table.storyfileId, table.position),
    uniqueIndex('storyfile_topics_storyfile_name_key').on(
      table.storyfileId,
      sql`lower(${table.name})`,
    ),
  ],
);

export const storyfileQuestions = pgTable(
  'storyfile_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Copied from the topic: counts, dedupe and search work per storyfile without a join.
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileTopicId: uuid('storyfile_topic_id')
      .notNull()
      .references(() => storyfileTopics.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    alternates: text('alternates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    sourceQuestionId: uuid('source_question_id').references(() => questions.id, {
      onDelete: 'set null',
    }),
    /** Set by the recording module when an answer clip exists for the question. */
    answerRecordedAt: timestamp('answer_recorded_at', { withTimezone: true }),
    /** Set when a reviewer queued a visitor's question to record (training, "add to record queue"). */
    queuedToRecordAt: timestamp('queued_to_record_at', { withTimezone: true }),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    // A storyfile never asks the same question twice: matching needs one answer per question.
    uniqueIndex('storyfile_questions_storyfile_text_key').on(table.storyfileId, table.textKey),
    uniqueIndex('storyfile_questions_storyfile_source_key')
      .on(table.storyfileId, table.sourceQuestionId)
      .where(sql`${table.sourceQuestionId} is not null`),
    index('storyfile_questions_topic_position_idx').on(table.storyfileTopicId, table.position),
    // The matcher's stamp counts a script's questions and reads their last edit from here alone.
    index('storyfile_questions_storyfile_updated_idx').on(table.storyfileId, table.updatedAt),
    index('storyfile_questions_text_trgm_idx').using('gin', table.text.op('gin_trgm_ops')),
    // The words of the question and its alternates (conversa_question_words, created by the
    // migration): a custom category's usage finds the questions with a phrase's words here.
    index('storyfile_questions_words_idx').using(
      'gin',
      sql`conversa_question_words(${table.text}, ${table.alternates})`,
    ),
  ],
);

/** The special clips of a storyfile: one row per kind, created with the storyfile. */
export const storyfileClips = pgTable(
  'storyfile_clips',
  {
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ClipKind>().notNull(),
    prompt: text('prompt').notNull().default(''),
    /** Set by the recording module when the clip is recorded. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.storyfileId, table.kind] }),
    check(
      'storyfile_clips_kind_check',
      sql`${table.kind} in ('idle', 'intro', 'cannotAnswer', 'pleaseRepeat')`,
    ),
  ],
);

/** Conversation starters: questions of the storyfile suggested to visitors, in order. */
export const storyfileStarters = pgTable(
  'storyfile_starters',
  {
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    storyfileQuestionId: uuid('storyfile_question_id')
      .notNull()
      .references(() => storyfileQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storyfileId, table.storyfileQuestionId] }),
    index('storyfile_starters_question_idx').on(table.storyfileQuestionId),
  ],
);
