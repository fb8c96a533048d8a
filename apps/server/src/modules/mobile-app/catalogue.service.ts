import { sql, type SQL } from 'drizzle-orm';
import {
  CATALOGUE_MAX_AGE_SECONDS,
  CATALOGUE_WINDOW_SECONDS,
  getListPageCount,
  type CatalogueEntry,
  type CataloguePage,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { MediaAssetFile } from '../media/media.tables.ts';
import { signAssetMedia } from '../conversations/index.ts';
import type { MediaUrlSigner } from '../media/index.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfilePublications } from '../publishing/publishing.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { FEATURED_IN_DATES } from './featured.service.ts';
import { mobileAppFeatured, mobileAppStoryfiles } from './mobile-app.tables.ts';
import { buildPopularScores } from './popular.service.ts';

export type CatalogueList = 'featured' | 'popular' | 'storyfiles';

/**
 * The rows a list holds, in its order: only storyfiles that are published (the owner's gate,
 * checked on every read), not deleted and in the app. Columns: id, name, description, language,
 * slug, and `stamp`, what the entry's answer depends on (for the version).
 */
function buildListRows(list: CatalogueList, asOf: Date): { from: SQL; where: SQL; order: SQL } {
  const base = sql`
    ${storyfiles} s
    join ${storyfilePublications} p on p.storyfile_id = s.id and p.is_published
    join ${mobileAppStoryfiles} m on m.storyfile_id = s.id and m.in_app`;
  const live = sql`s.deleted_at is null`;
  switch (list) {
    case 'featured':
      return {
        from: sql`${base} join ${mobileAppFeatured} f on f.storyfile_id = s.id`,
        where: sql`${live} and ${FEATURED_IN_DATES}`,
        order: sql`f.position, s.id`,
      };
    case 'popular':
      return {
        from: sql`${base} join ${buildPopularScores(asOf)} score on score.storyfile_id = s.id`,
        where: sql`${live} and not m.popular_hidden`,
        order: sql`score.score desc, lower(s.name), s.id`,
      };
    case 'storyfiles':
      return { from: base, where: live, order: sql`lower(s.name), s.name, s.id` };
  }
}

/** The start of the catalogue window that `now` falls in: answers are computed as of it. */
export function getCatalogueWindowStart(now: number): Date {
  const windowMs = CATALOGUE_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/**
 * The version of one page of a list, without building it: a hash of what every entry of the list
 * depends on (storyfile and publication edits, the in-app switch, featured order and dates, the
 * newest intro and idle clips), the window and the page. The popular list's order depends only on
 * conversations before the window start, so within a window it is fixed; its version covers the
 * set of storyfiles and the hides (a score change shows from the next window).
 */
export async function getCatalogueVersion(
  db: Database,
  list: CatalogueList,
  request: { page: number; pageSize: number },
  windowStart: Date,
): Promise<string> {
  const base = sql`
    ${storyfiles} s
    join ${storyfilePublications} p on p.storyfile_id = s.id and p.is_published
    join ${mobileAppStoryfiles} m on m.storyfile_id = s.id and m.in_app
    left join ${mobileAppFeatured} f on f.storyfile_id = s.id`;
  const where =
    list === 'featured'
      ? sql`s.deleted_at is null and f.storyfile_id is not null and ${FEATURED_IN_DATES}`
      : list === 'popular'
        ? sql`s.deleted_at is null and not m.popular_hidden`
        : sql`s.deleted_at is null`;
  const result = await db.execute<{ hash: string | null }>(sql`
    select md5(string_agg(concat_ws('|', s.id, s.updated_at, p.updated_at, m.updated_at,
        f.position, f.starts_on, f.ends_on,
        (select max(a.created_at) from ${mediaAssets} a
          where a.storyfile_id = s.id and a.clip_kind in ('intro', 'idle'))), ','
      order by s.id)) as hash
    from ${base} where ${where}`);
  const hash = result.rows[0]?.hash ?? 'empty';
  return `"${list}-${windowStart.getTime() / 1000}-${request.page}-${request.pageSize}-${hash}"`;
}

type EntryRow = {
  id: string;
  name: string;
  description: string;
  language: string;
  slug: string;
  poster_asset_id: string | null;
  poster_files: Partial<Record<string, MediaAssetFile>> | null;
};

/**
 * One page of a list as the app gets it. Posters are signed as of the window start, so every
 * answer of one window is the same bytes (the ETag holds); the signer's lifetime covers the
 * window and the max-age. Anyone may fetch them: the grantee is the catalogue, not a person.
 */
export async function getCataloguePage(
  db: Database,
  signer: MediaUrlSigner,
  list: CatalogueList,
  request: { page: number; pageSize: number },
  windowStart: Date,
): Promise<CataloguePage> {
  const { from, where, order } = buildListRows(list, windowStart);
  const [count, rows] = await Promise.all([
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${from} where ${where}`),
    db.execute<EntryRow>(sql`
      select s.id, s.name, s.description, s.language, p.slug,
        poster.id as poster_asset_id, poster.files as poster_files
      from ${from}
      left join lateral (
        select a.id, a.files from ${mediaAssets} a
        where a.storyfile_id = s.id and a.clip_kind in ('intro', 'idle')
        order by (a.clip_kind = 'intro') desc
        limit 1
      ) poster on true
      where ${where}
      order by ${order}
      limit ${request.pageSize} offset ${(request.page - 1) * request.pageSize}`),
  ]);
  const signsForWholeWindow =
    signer.ttlSeconds >= CATALOGUE_WINDOW_SECONDS + CATALOGUE_MAX_AGE_SECONDS;
  const signedAt = signsForWholeWindow ? windowStart.getTime() : Date.now();
  const total = Number(count.rows[0]?.total ?? 0);
  return {
    items: rows.rows.map((row): CatalogueEntry => ({
      name: row.name,
      description: row.description,
      language: row.language,
      slug: row.slug,
      posterUrl:
        row.poster_asset_id && row.poster_files?.poster
          ? (signAssetMedia(
              signer,
              { id: row.poster_asset_id, files: row.poster_files },
              'catalogue',
              undefined,
              signedAt,
            )?.posterUrl ?? null)
          : null,
    })),
    page: request.page,
    pageSize: request.pageSize,
    total,
    pageCount: getListPageCount(total, request.pageSize),
  };
}
