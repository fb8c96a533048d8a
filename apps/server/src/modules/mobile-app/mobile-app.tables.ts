import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

// --- Mobile App curation -------------------------------------------------------------------------
// Admins choose which published storyfiles the consumer app lists; publishing stays the gate (the
// catalogue joins storyfile_publications.is_published on every read).

/** A storyfile's place in the app: the "in the app" switch and the popular list's hide. */
export const mobileAppStoryfiles = pgTable(
  'mobile_app_storyfiles',
  {
    storyfileId: uuid('storyfile_id')
      .primaryKey()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    inApp: boolean('in_app').notNull().default(false),
    popularHidden: boolean('popular_hidden').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('mobile_app_storyfiles_in_app_idx').on(table.inApp)],
);

/** The featured list: one row per storyfile, in `position` order, shown between optional dates. */
export const mobileAppFeatured = pgTable(
  'mobile_app_featured',
  {
    storyfileId: uuid('storyfile_id')
      .primaryKey()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** First and last day (UTC) the app shows the entry; null is open-ended. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    index('mobile_app_featured_position_idx').on(table.position),
    check(
      'mobile_app_featured_dates_check',
      sql`${table.startsOn} is null or ${table.endsOn} is null or ${table.startsOn} <= ${table.endsOn}`,
    ),
  ],
);
