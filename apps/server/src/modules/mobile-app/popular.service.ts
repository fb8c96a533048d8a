import { sql, type SQL } from 'drizzle-orm';
import {
  POPULAR_HALF_LIFE_DAYS,
  POPULAR_RECENT_DAYS,
  POPULAR_WINDOW_DAYS,
} from '@conversa/contracts';
import { conversations } from '../conversations/conversations.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { teamMembers, teams } from '../accounts/accounts.tables.ts';

/**
 * Per storyfile, the distinct visitors of the POPULAR_WINDOW_DAYS before `until` and their
 * decayed score (getVisitorWeight in contracts, summed over each visitor's last visit), as a
 * subquery with columns storyfile_id, visitors7, visitors30, score.
 *
 * Left out:
 * - studio-test traffic: the console's interact tab logs channel `studio`; public visitors come
 *   through `share` and `embed`, signed-in API clients through `api`;
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
      where c.channel <> 'studio'
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
              select 1 from visitor_links vl
              where vl.user_id = team.user_id and c.visitor_key = 'visitor:' || vl.visitor_id::text
            )
        )
      group by c.storyfile_id, c.visitor_key
    ) visit
    group by visit.storyfile_id
  )`;
}
