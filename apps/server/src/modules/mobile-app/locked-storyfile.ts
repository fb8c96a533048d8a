import { sql } from 'drizzle-orm';
import { MOBILE_STORYFILE_NOT_FOUND_MESSAGE, type CurrentUser } from '@conversa/contracts';
import { notFound } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { storyfilePublications } from '../publishing/publishing.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

/** The platform admin who makes a change (for its audit event). */
export type Admin = Pick<CurrentUser, 'iam' | 'email'>;

/** The storyfile with its organization, locked for the change; 404 when it does not exist. */
export async function lockStoryfile(tx: Executor, storyfileId: string) {
  const result = await tx.execute<{
    id: string;
    name: string;
    namespace_id: string;
    namespace_label: string;
    is_published: boolean;
  }>(sql`
    select s.id, s.name, s.namespace_id, n.label as namespace_label,
      coalesce(p.is_published, false) as is_published
    from ${storyfiles} s
    join ${namespaces} n on n.id = s.namespace_id
    left join ${storyfilePublications} p on p.storyfile_id = s.id
    where s.id = ${storyfileId} and s.deleted_at is null
    for update of s`);
  const row = result.rows[0];
  if (!row) {
    throw notFound(MOBILE_STORYFILE_NOT_FOUND_MESSAGE);
  }
  return row;
}
