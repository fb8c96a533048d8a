import { sql } from 'drizzle-orm';
import {
  ALREADY_FEATURED_MESSAGE,
  FEATURED_ENTRY_NOT_FOUND_MESSAGE,
  NOT_IN_APP_FOR_FEATURED_MESSAGE,
  NOT_PUBLISHED_FOR_APP_MESSAGE,
  type FeaturedEntry,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAuditEvent } from '../accounts/index.ts';
import { assertPermutation, type Executor } from '../lists/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { storyfilePublications } from '../publishing/publishing.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { lockStoryfile, type Admin } from './locked-storyfile.ts';
import { mobileAppFeatured, mobileAppStoryfiles } from './mobile-app.tables.ts';

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
    from ${mobileAppFeatured} f
    join ${storyfiles} s on s.id = f.storyfile_id and s.deleted_at is null
    join ${namespaces} n on n.id = s.namespace_id
    left join ${storyfilePublications} p on p.storyfile_id = s.id
    left join ${mobileAppStoryfiles} m on m.storyfile_id = s.id
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
      sql`select in_app from ${mobileAppStoryfiles} where storyfile_id = ${input.storyfileId}`,
    );
    if (inApp.rows[0]?.in_app !== true) {
      throw conflict(NOT_IN_APP_FOR_FEATURED_MESSAGE);
    }
    const inserted = await tx.execute(sql`
      insert into ${mobileAppFeatured} (storyfile_id, position, starts_on, ends_on)
      values (${input.storyfileId},
        (select coalesce(max(position) + 1, 0) from ${mobileAppFeatured}),
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
      update ${mobileAppFeatured}
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
      sql`delete from ${mobileAppFeatured} where storyfile_id = ${storyfileId}`,
    );
    if (removed.rowCount === 0) {
      throw notFound(FEATURED_ENTRY_NOT_FOUND_MESSAGE);
    }
    // Close the gap, so positions stay 0..n-1 and a new entry goes last.
    await tx.execute(sql`
      update ${mobileAppFeatured} f set position = ordered.rank, updated_at = now()
      from (select storyfile_id, (row_number() over (order by position, storyfile_id) - 1)::int as rank
            from ${mobileAppFeatured}) ordered
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
      sql`select storyfile_id from ${mobileAppFeatured}`,
    );
    assertPermutation(
      current.rows.map((row) => row.storyfile_id),
      storyfileIds,
      'featured storyfiles',
    );
    if (storyfileIds.length > 0) {
      await tx.execute(sql`
        update ${mobileAppFeatured} f set position = wanted.position - 1, updated_at = now()
        from unnest(${sql.param([...storyfileIds])}::uuid[]) with ordinality as wanted(id, position)
        where f.storyfile_id = wanted.id and f.position <> wanted.position - 1`);
    }
    return { items: await selectFeatured(tx) };
  });
}
