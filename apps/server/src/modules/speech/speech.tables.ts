import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

/**
 * Which recognizer hears a storyfile's spoken questions (issue 29): `studio` (the speech2text
 * gateway) or `browser` (Web Speech). No row means the studio's, as for a new storyfile.
 */
export const storyfileSpeechSettings = pgTable(
  'storyfile_speech_settings',
  {
    storyfileId: uuid('storyfile_id')
      .primaryKey()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    recognizer: text('recognizer').notNull().default('studio'),
    ...timestamps,
  },
  (table) => [
    check(
      'storyfile_speech_settings_recognizer_check',
      sql`${table.recognizer} in ('studio', 'browser')`,
    ),
  ],
);
