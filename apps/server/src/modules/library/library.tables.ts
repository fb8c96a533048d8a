import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { authorship, softDelete } from '../users/users.tables.ts';

export const topics = pgTable(
  'topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nameBeforeDelete: text('name_before_delete'),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    uniqueIndex('topics_namespace_name_key').on(table.namespaceId, sql`lower(${table.name})`),
    index('topics_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Copied from the topic so lists filter by namespace without a join.
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    textKey: text('text_key').notNull(),
    alternates: text('alternates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    index('questions_topic_position_idx').on(table.topicId, table.position),
    index('questions_namespace_idx').on(table.namespaceId),
    index('questions_text_trgm_idx').using('gin', table.text.op('gin_trgm_ops')),
    // conversa_alternates_text: an immutable array_to_string, created by the search migration.
    index('questions_alternates_trgm_idx').using(
      'gin',
      sql`conversa_alternates_text(${table.alternates}) gin_trgm_ops`,
    ),
    uniqueIndex('questions_topic_text_key')
      .on(table.topicId, table.textKey)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** Scripts of a namespace, and the shipped templates (no namespace, identified by `slug`). */
export const scripts = pgTable(
  'scripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id').references(() => namespaces.id, { onDelete: 'cascade' }),
    slug: text('slug').unique(),
    /** Hash of the shipped content last seeded; the seed rewrites a template when it changes. */
    contentHash: text('content_hash'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull().default('en-US'),
    nameBeforeDelete: text('name_before_delete'),
    ...softDelete,
    ...authorship,
    ...timestamps,
  },
  (table) => [
    uniqueIndex('scripts_namespace_name_key').on(table.namespaceId, sql`lower(${table.name})`),
    index('scripts_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    check(
      'scripts_shipped_or_namespaced_check',
      sql`(${table.namespaceId} is null) = (${table.slug} is not null)`,
    ),
  ],
);

export const scriptTopics = pgTable(
  'script_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scriptId: uuid('script_id')
      .notNull()
      .references(() => scripts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    sourceTopicId: uuid('source_topic_id').references(() => topics.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('script_topics_script_position_idx').on(table.scriptId, table.position),
    uniqueIndex('script_topics_script_name_key').on(table.scriptId, sql`lower(${table.name})`),
  ],
);

export const scriptQuestions = pgTable(
  'script_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scriptId: uuid('script_id')
      .notNull()
      .references(() => scripts.id, { onDelete: 'cascade' }),
    scriptTopicId: uuid('script_topic_id')
      .notNull()
      .references(() => scriptTopics.id, { onDelete: 'cascade' }),
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
  },
  (table) => [
    index('script_questions_topic_position_idx').on(table.scriptTopicId, table.position),
    uniqueIndex('script_questions_script_text_key').on(table.scriptId, table.textKey),
    index('script_questions_text_trgm_idx').using('gin', table.text.op('gin_trgm_ops')),
  ],
);
