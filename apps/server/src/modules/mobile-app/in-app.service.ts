import { sql } from 'drizzle-orm';
import {
  MOBILE_STORYFILE_NOT_FOUND_MESSAGE,
  NOT_PUBLISHED_FOR_APP_MESSAGE,
  type MobileStoryfile,
  type MobileStoryfilePage,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAuditEvent } from '../accounts/index.ts';
import {
  buildNaturalOrder,
  buildPageLimit,
  buildPlainOrder,
  buildSearchCondition,
  joinConditions,
  runListQueries,
  toIsoTimestampOrNull,
  type Executor,
} from '../lists/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { storyfilePublications } from '../publishing/publishing.tables.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { lockStoryfile, type Admin } from './locked-storyfile.ts';
import { mobileAppFeatured, mobileAppStoryfiles } from './mobile-app.tables.ts';

// A storyfile that may be in the app: published and not deleted. Every query of this module
// starts from it, so unpublishing takes a storyfile out of every list at once.
const PUBLISHED_STORYFILES = sql`
  ${storyfiles} s
  join ${storyfilePublications} p on p.storyfile_id = s.id and p.is_published
  join ${namespaces} n on n.id = s.namespace_id
  left join ${mobileAppStoryfiles} m on m.storyfile_id = s.id
  left join ${mobileAppFeatured} f on f.storyfile_id = s.id`;
const IS_LIVE = sql`s.deleted_at is null`;

type StoryfileRow = {
  id: string;
  name: string;
  description: string;
  language: string;
  organization_label: string;
  slug: string;
  published_at: Date | string | null;
  in_app: boolean | null;
  is_featured: boolean;
  question_count: number;
};

const STORYFILE_COLUMNS = sql`s.id, s.name, s.description, s.language, n.label as organization_label,
  p.slug, p.published_at, m.in_app, (f.storyfile_id is not null) as is_featured,
  (select count(*)::int from ${storyfileQuestions} sq where sq.storyfile_id = s.id) as question_count`;

function presentStoryfile(row: StoryfileRow): MobileStoryfile {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language,
    organizationLabel: row.organization_label,
    slug: row.slug,
    publishedAt: toIsoTimestampOrNull(row.published_at),
    inApp: row.in_app === true,
    isFeatured: row.is_featured,
    questionCount: Number(row.question_count),
  };
}

export async function listMobileStoryfiles(
  db: Database,
  query: {
    search: string;
    searchOptions: ('name' | 'description' | 'organization')[];
    page: number;
    pageSize: number;
    sort: 'name' | 'publishedAt';
    order: 'asc' | 'desc';
    inApp?: 'true' | 'false' | undefined;
  },
): Promise<MobileStoryfilePage> {
  const fields = {
    name: (pattern: string) => sql`s.name ilike ${pattern}`,
    description: (pattern: string) => sql`s.description ilike ${pattern}`,
    organization: (pattern: string) => sql`n.label ilike ${pattern}`,
  };
  const where = joinConditions([
    IS_LIVE,
    buildSearchCondition(
      query.search,
      query.searchOptions.map((field) => fields[field]),
    ),
    query.inApp === undefined
      ? undefined
      : query.inApp === 'true'
        ? sql`coalesce(m.in_app, false)`
        : sql`not coalesce(m.in_app, false)`,
  ]);
  const order =
    query.sort === 'name'
      ? buildNaturalOrder(sql`s.name`, query.order)
      : buildPlainOrder(sql`p.published_at`, query.order);
  return runListQueries<StoryfileRow, MobileStoryfile>(
    db,
    {
      count: sql`select count(*)::int as total from ${PUBLISHED_STORYFILES} where ${where}`,
      page: sql`select ${STORYFILE_COLUMNS} from ${PUBLISHED_STORYFILES} where ${where}
        order by ${sql.join([...order, sql`s.id`], sql`, `)} ${buildPageLimit(query)}`,
    },
    query,
    presentStoryfile,
  );
}

async function getMobileStoryfile(db: Executor, storyfileId: string): Promise<MobileStoryfile> {
  const result = await db.execute<StoryfileRow>(
    sql`select ${STORYFILE_COLUMNS} from ${PUBLISHED_STORYFILES}
      where s.id = ${storyfileId} and ${IS_LIVE}`,
  );
  const row = result.rows[0];
  if (!row) {
    throw notFound(MOBILE_STORYFILE_NOT_FOUND_MESSAGE);
  }
  return presentStoryfile(row);
}

/**
 * Turns a storyfile's "in the app" switch. Turning it on needs a published storyfile (the owner's
 * publishing is the gate); turning it off always works. Audited.
 */
export async function setInApp(
  db: Database,
  admin: Admin,
  storyfileId: string,
  inApp: boolean,
): Promise<MobileStoryfile> {
  return db.transaction(async (tx) => {
    const storyfile = await lockStoryfile(tx, storyfileId);
    if (inApp && !storyfile.is_published) {
      throw conflict(NOT_PUBLISHED_FOR_APP_MESSAGE);
    }
    const before = await tx.execute<{ in_app: boolean }>(
      sql`select in_app from ${mobileAppStoryfiles} where storyfile_id = ${storyfileId}`,
    );
    const wasInApp = before.rows[0]?.in_app === true;
    if (wasInApp !== inApp) {
      await tx.execute(sql`
        insert into ${mobileAppStoryfiles} (storyfile_id, in_app) values (${storyfileId}, ${inApp})
        on conflict (storyfile_id) do update set in_app = excluded.in_app, updated_at = now()`);
      await recordAuditEvent(tx, admin, {
        organization: { id: storyfile.namespace_id, label: storyfile.namespace_label },
        action: inApp ? 'mobile-app.add' : 'mobile-app.remove',
        targetType: 'storyfile',
        targetId: storyfile.id,
        targetLabel: storyfile.name,
        before: { inApp: wasInApp },
        after: { inApp },
      });
    }
    return getMobileStoryfile(tx, storyfileId);
  });
}
