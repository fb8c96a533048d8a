import { sql, type SQL } from 'drizzle-orm';
import {
  POPULAR_HALF_LIFE_DAYS,
  POPULAR_RECENT_DAYS,
  POPULAR_WINDOW_DAYS,
  type PopularEntry,
  type PopularPage,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { recordAuditEvent } from '../accounts/index.ts';
import { teamMembers, teams } from '../accounts/accounts.tables.ts';
import { conversations } from '../conversations/conversations.tables.ts';
import { buildPageLimit, runListQueries } from '../lists/index.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { storyfilePublications, visitorLinks } from '../publishing/publishing.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { lockStoryfile, type Admin } from './locked-storyfile.ts';
import { mobileAppStoryfiles } from './mobile-app.tables.ts';

/**
 * Per storyfile, the distinct visitors of the POPULAR_WINDOW_DAYS before `until` and their
 * decayed score (getVisitorWeight in contracts, summed over each visitor's last visit), as a
 * subquery with columns storyfile_id, visitors7, visitors30, score.
 *
 * Left out:
 * - studio-test traffic: the console's interact tab logs channel `studio`, and students' asks
 *   `learning` (an assignment, not a visit); public visitors come through `share` and `embed`,
 *   signed-in API clients through `api`;
 * - the storyfile's own team: members of its organization, directly or through one of its teams,
 *   by their `user:<id>` key or by a `visitor:<id>` cookie linked to them (visitor_links: the
 *   cookie was seen beside their signed-in studio session in one browser, before or after).
 * Conversations are indexed by (storyfile, started_at), so the window is a range scan.
 */
export function buildPopularScores(until: Date): SQL {
  const untilIso = until.toISOString();
  return sql`(
    select visit.storyfile_id,
      (count(*) filter (
        where visit.last_visit > ${untilIso}::timestamptz - make_interval(days => ${POPULAR_RECENT_DAYS})
      ))::int as visitors7,
      count(*)::int as visitors30,
      round(sum(power(0.5,
        extract(epoch from (${untilIso}::timestamptz - visit.last_visit))
          / (86400.0 * ${POPULAR_HALF_LIFE_DAYS})
      ))::numeric, 3)::float8 as score
    from (
      select c.storyfile_id, c.visitor_key, max(c.started_at) as last_visit
      from ${conversations} c
      join ${storyfiles} s on s.id = c.storyfile_id
      where c.channel not in ('studio', 'learning')
        and c.started_at > ${untilIso}::timestamptz - make_interval(days => ${POPULAR_WINDOW_DAYS})
        and c.started_at <= ${untilIso}::timestamptz
        and not exists (
          select 1 from (
            select un.user_id from ${userNamespaces} un where un.namespace_id = s.namespace_id
            union all
            select tm.user_id from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
            where t.namespace_id = s.namespace_id
          ) team
          where c.visitor_key = 'user:' || team.user_id::text
            or exists (
              select 1 from ${visitorLinks} vl
              where vl.user_id = team.user_id and c.visitor_key = 'visitor:' || vl.visitor_id::text
            )
        )
      group by c.storyfile_id, c.visitor_key
    ) visit
    group by visit.storyfile_id
  )`;
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
  join ${storyfilePublications} p on p.storyfile_id = s.id and p.is_published
  join ${mobileAppStoryfiles} m on m.storyfile_id = s.id and m.in_app
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
      left join ${mobileAppStoryfiles} m on m.storyfile_id = s.id
      left join ${buildPopularScores(new Date())} score on score.storyfile_id = s.id
      where s.id = ${storyfileId}`);
    const row = result.rows[0]!;
    const wasHidden = row.was_hidden === true;
    if (wasHidden !== hidden) {
      await tx.execute(sql`
        insert into ${mobileAppStoryfiles} (storyfile_id, popular_hidden) values (${storyfileId}, ${hidden})
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
