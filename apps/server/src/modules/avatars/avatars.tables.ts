import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { AvatarResourceType } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { users } from '../users/users.tables.ts';

/** The current avatar of a resource (spec §3 Avatar); the image lives in the media store. */
export const avatars = pgTable(
  'avatars',
  {
    resourceType: text('resource_type').$type<AvatarResourceType>().notNull(),
    /** The user's iam for user avatars, the resource's id otherwise. */
    resourceId: text('resource_id').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadId: text('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.resourceType, table.resourceId] })],
);
