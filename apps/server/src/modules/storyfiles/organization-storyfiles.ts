import { sql } from 'drizzle-orm';
import type { OrganizationStoryfiles } from '../accounts/index.ts';
import { storyfiles } from './storyfiles.tables.ts';

/** What accounts' organizations read of storyfiles, handed to them by the assembly. */
export const organizationStoryfiles: OrganizationStoryfiles = {
  countLive: (namespaceId) =>
    sql`(select count(*)::int from ${storyfiles} s where s.namespace_id = ${namespaceId} and s.deleted_at is null)`,
  holdsAny: (namespaceId) =>
    sql`exists (select 1 from ${storyfiles} where namespace_id = ${namespaceId})`,
};
