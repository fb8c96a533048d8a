import { sql } from 'drizzle-orm';
import {
  ALREADY_FEATURED_MESSAGE,
  FEATURED_ENTRY_NOT_FOUND_MESSAGE,
  MOBILE_STORYFILE_NOT_FOUND_MESSAGE,
  NOT_IN_APP_FOR_FEATURED_MESSAGE,
  NOT_PUBLISHED_FOR_APP_MESSAGE,
  type CurrentUser,
  type FeaturedEntry,
  type MobileStoryfile,
  type MobileStoryfilePage,
  type PopularEntry,
  type PopularPage,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAuditEvent } from '../accounts/index.ts';
import {
  assertPermutation,
  buildNaturalOrder,
  buildPageLimit,
  buildPlainOrder,
  buildSearchCondition,
  joinConditions,
  runListQueries,
  toIsoTimestampOrNull,
  type Executor,
} from '../lists/index.ts';
import { buildPopularScores } from './popular.service.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';

type Admin = Pick<CurrentUser, 'iam' | 'email'>;

// A storyfile that may be in the app: published and not deleted. Every query of this module
// starts from it, so unpublishing takes a storyfile out of every list at once.
const PUBLISHED_STORYFILES = sql`
  storyfiles s
  join storyfile_publications p on p.storyfile_id = s.id and p.is_published
  join ${namespaces} n on n.id = s.namespace_id
  left join mobile_app_storyfiles m on m.storyfile_id = s.id
  left join mobile_app_featured f on f.storyfile_id = s.id`;
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
};

const STORYFILE_COLUMNS = sql`s.id, s.name, s.description, s.language, n.label as organization_label,
  p.slug, p.published_at, m.in_app, (f.storyfile_id is not null) as is_featured`;

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

/** The storyfile with its organization, locked for the change; 404 when it does not exist. */
async function lockStoryfile(tx: Executor, storyfileId: string) {
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
    left join storyfile_publications p on p.storyfile_id = s.id
    where s.id = ${storyfileId} and s.deleted_at is null
    for update of s`);
  const row = result.rows[0];
  if (!row) {
    throw notFound(MOBILE_STORYFILE_NOT_FOUND_MESSAGE);
  }
  return row;
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
      sql`select in_app from mobile_app_storyfiles where storyfile_id = ${storyfileId}`,
    );
    const wasInApp = before.rows[0]?.in_app === true;
    if (wasInApp !== inApp) {
      await tx.execute(sql`
        insert into mobile_app_storyfiles (storyfile_id, in_app) values (${storyfileId}, ${inApp})
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

type FeaturedRow = {
  storyfile_id: string;
  name: string;
  organization_label: string;
  position: number;
  starts_on: string | null;
  ends_on: string | null;
  is_published: boolean;
  in_app: boolean;
  is_shown: boolean;
};

function presentFeatured(row: FeaturedRow): FeaturedEntry {
  return {
    storyfileId: row.storyfile_id,
    name: row.name,
    organizationLabel: row.organization_label,
    position: row.position,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    isPublished: row.is_published,
    inApp: row.in_app,
    isShown: row.is_shown,
  };
}

/** Shown today (UTC): within the entry's dates. */
export const FEATURED_IN_DATES = sql`(f.starts_on is null or f.starts_on <= (now() at time zone 'utc')::date)
  and (f.ends_on is null or f.ends_on >= (now() at time zone 'utc')::date)`;

async function selectFeatured(db: Executor, storyfileId?: string): Promise<FeaturedEntry[]> {
  const result = await db.execute<FeaturedRow>(sql`
    select f.storyfile_id, s.name, n.label as organization_label, f.position,
      f.starts_on::text as starts_on, f.ends_on::text as ends_on,
      coalesce(p.is_published, false) as is_published,
      coalesce(m.in_app, false) as in_app,
      (coalesce(p.is_published, false) and coalesce(m.in_app, false) and ${FEATURED_IN_DATES})
        as is_shown
    from mobile_app_featured f
    join ${storyfiles} s on s.id = f.storyfile_id and s.deleted_at is null
    join ${namespaces} n on n.id = s.namespace_id
    left join storyfile_publications p on p.storyfile_id = s.id
    left join mobile_app_storyfiles m on m.storyfile_id = s.id
    where ${storyfileId === undefined ? sql`true` : sql`f.storyfile_id = ${storyfileId}`}
    order by f.position, f.storyfile_id`);
  return result.rows.map(presentFeatured);
}

export async function listFeatured(db: Database): Promise<{ items: FeaturedEntry[] }> {
  return { items: await selectFeatured(db) };
}

// Every change of the featured list takes this lock first, so two admins reordering at once
// queue instead of interleaving positions.
const lockFeaturedList = (tx: Executor) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('mobile_app_featured'))`);

async function getFeaturedEntry(tx: Executor, storyfileId: string): Promise<FeaturedEntry> {
  const [entry] = await selectFeatured(tx, storyfileId);
  if (!entry) {
    throw notFound(FEATURED_ENTRY_NOT_FOUND_MESSAGE);
  }
  return entry;
}

/** Features a storyfile that is published and in the app, at the end of the list. */
export async function addFeatured(
  db: Database,
  admin: Admin,
  input: {
    storyfileId: string;
    startsOn?: string | null | undefined;
    endsOn?: string | null | undefined;
  },
): Promise<FeaturedEntry> {
  return db.transaction(async (tx) => {
    await lockFeaturedList(tx);
    const storyfile = await lockStoryfile(tx, input.storyfileId);
    if (!storyfile.is_published) {
      throw conflict(NOT_PUBLISHED_FOR_APP_MESSAGE);
    }
    const inApp = await tx.execute<{ in_app: boolean }>(
      sql`select in_app from mobile_app_storyfiles where storyfile_id = ${input.storyfileId}`,
    );
    if (inApp.rows[0]?.in_app !== true) {
      throw conflict(NOT_IN_APP_FOR_FEATURED_MESSAGE);
    }
    const inserted = await tx.execute(sql`
      insert into mobile_app_featured (storyfile_id, position, starts_on, ends_on)
      values (${input.storyfileId},
        (select coalesce(max(position) + 1, 0) from mobile_app_featured),
        ${input.startsOn ?? null}, ${input.endsOn ?? null})
      on conflict (storyfile_id) do nothing`);
    if (inserted.rowCount === 0) {
      throw conflict(ALREADY_FEATURED_MESSAGE);
    }
    await recordAuditEvent(tx, admin, {
      organization: { id: storyfile.namespace_id, label: storyfile.namespace_label },
      action: 'mobile-app.feature',
      targetType: 'storyfile',
      targetId: storyfile.id,
      targetLabel: storyfile.name,
      after: { startsOn: input.startsOn ?? null, endsOn: input.endsOn ?? null },
    });
    return getFeaturedEntry(tx, input.storyfileId);
  });
}

export async function updateFeaturedDates(
  db: Database,
  storyfileId: string,
  dates: { startsOn: string | null; endsOn: string | null },
): Promise<FeaturedEntry> {
  return db.transaction(async (tx) => {
    const updated = await tx.execute(sql`
      update mobile_app_featured
      set starts_on = ${dates.startsOn}, ends_on = ${dates.endsOn}, updated_at = now()
      where storyfile_id = ${storyfileId}`);
    if (updated.rowCount === 0) {
      throw notFound(FEATURED_ENTRY_NOT_FOUND_MESSAGE);
    }
    return getFeaturedEntry(tx, storyfileId);
  });
}

export async function removeFeatured(
  db: Database,
  admin: Admin,
  storyfileId: string,
): Promise<{ storyfileId: string }> {
  return db.transaction(async (tx) => {
    await lockFeaturedList(tx);
    const storyfile = await lockStoryfile(tx, storyfileId);
    const removed = await tx.execute(
      sql`delete from mobile_app_featured where storyfile_id = ${storyfileId}`,
    );
    if (removed.rowCount === 0) {
      throw notFound(FEATURED_ENTRY_NOT_FOUND_MESSAGE);
    }
    // Close the gap, so positions stay 0..n-1 and a new entry goes last.
    await tx.execute(sql`
      update mobile_app_featured f set position = ordered.rank, updated_at = now()
      from (select storyfile_id, (row_number() over (order by position, storyfile_id) - 1)::int as rank
            from mobile_app_featured) ordered
      where f.storyfile_id = ordered.storyfile_id and f.position <> ordered.rank`);
    await recordAuditEvent(tx, admin, {
      organization: { id: storyfile.namespace_id, label: storyfile.namespace_label },
      action: 'mobile-app.unfeature',
      targetType: 'storyfile',
      targetId: storyfile.id,
      targetLabel: storyfile.name,
    });
    return { storyfileId };
  });
}

/** Puts every featured entry in the order given: a permutation of the current entries. */
export async function reorderFeatured(
  db: Database,
  storyfileIds: readonly string[],
): Promise<{ items: FeaturedEntry[] }> {
  return db.transaction(async (tx) => {
    await lockFeaturedList(tx);
    const current = await tx.execute<{ storyfile_id: string }>(
      sql`select storyfile_id from mobile_app_featured`,
    );
    assertPermutation(
      current.rows.map((row) => row.storyfile_id),
      storyfileIds,
      'featured storyfiles',
    );
    if (storyfileIds.length > 0) {
      await tx.execute(sql`
        update mobile_app_featured f set position = wanted.position - 1, updated_at = now()
        from unnest(${sql.param([...storyfileIds])}::uuid[]) with ordinality as wanted(id, position)
        where f.storyfile_id = wanted.id and f.position <> wanted.position - 1`);
    }
    return { items: await selectFeatured(tx) };
  });
}

type PopularRow = {
  storyfile_id: string;
  name: string;
  organization_label: string;
  visitors7: number;
  visitors30: number;
  score: number;
  is_hidden: boolean;
};

function presentPopular(row: PopularRow): PopularEntry {
  return {
    storyfileId: row.storyfile_id,
    name: row.name,
    organizationLabel: row.organization_label,
    visitors7: Number(row.visitors7),
    visitors30: Number(row.visitors30),
    score: Number(row.score),
    isHidden: row.is_hidden,
  };
}

const POPULAR_FROM = (until: Date) => sql`
  ${buildPopularScores(until)} score
  join ${storyfiles} s on s.id = score.storyfile_id and s.deleted_at is null
  join storyfile_publications p on p.storyfile_id = s.id and p.is_published
  join mobile_app_storyfiles m on m.storyfile_id = s.id and m.in_app
  join ${namespaces} n on n.id = s.namespace_id`;

/** The popular list as admins see it: every storyfile in the app with visitors, hidden ones too. */
export async function listPopular(
  db: Database,
  request: { page: number; pageSize: number },
  until = new Date(),
): Promise<PopularPage> {
  const page = await runListQueries<PopularRow, PopularEntry>(
    db,
    {
      count: sql`select count(*)::int as total from ${POPULAR_FROM(until)}`,
      page: sql`select score.storyfile_id, s.name, n.label as organization_label,
          score.visitors7, score.visitors30, score.score, m.popular_hidden as is_hidden
        from ${POPULAR_FROM(until)}
        order by score.score desc, lower(s.name), s.id ${buildPageLimit(request)}`,
    },
    request,
    presentPopular,
  );
  return { ...page, computedAt: until.toISOString() };
}

/** Hides a storyfile from the popular list (or shows it again); audited with the score then. */
export async function setPopularHidden(
  db: Database,
  admin: Admin,
  storyfileId: string,
  hidden: boolean,
): Promise<PopularEntry> {
  return db.transaction(async (tx) => {
    const storyfile = await lockStoryfile(tx, storyfileId);
    const result = await tx.execute<PopularRow & { was_hidden: boolean | null }>(sql`
      select s.id as storyfile_id, s.name, n.label as organization_label,
        coalesce(score.visitors7, 0) as visitors7, coalesce(score.visitors30, 0) as visitors30,
        coalesce(score.score, 0) as score, m.popular_hidden as was_hidden
      from ${storyfiles} s
      join ${namespaces} n on n.id = s.namespace_id
      left join mobile_app_storyfiles m on m.storyfile_id = s.id
      left join ${buildPopularScores(new Date())} score on score.storyfile_id = s.id
      where s.id = ${storyfileId}`);
    const row = result.rows[0]!;
    const wasHidden = row.was_hidden === true;
    if (wasHidden !== hidden) {
      await tx.execute(sql`
        insert into mobile_app_storyfiles (storyfile_id, popular_hidden) values (${storyfileId}, ${hidden})
        on conflict (storyfile_id) do update set popular_hidden = excluded.popular_hidden, updated_at = now()`);
      await recordAuditEvent(tx, admin, {
        organization: { id: storyfile.namespace_id, label: storyfile.namespace_label },
        action: hidden ? 'mobile-app.popular.hide' : 'mobile-app.popular.unhide',
        targetType: 'storyfile',
        targetId: storyfile.id,
        targetLabel: storyfile.name,
        before: { hidden: wasHidden },
        after: {
          hidden,
          score: Number(row.score),
          visitors7: Number(row.visitors7),
          visitors30: Number(row.visitors30),
        },
      });
    }
    return presentPopular({ ...row, is_hidden: hidden });
  });
}
