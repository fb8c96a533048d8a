import { and, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_RECENT_DAYS,
  DASHBOARD_RECENT_STORYFILES,
  DASHBOARD_TOP_FALLBACKS,
  type CurrentUser,
  type DashboardFigures,
  outcomeOf,
} from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import type { Database } from '../../db/client.ts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { outcomeCondition } from '../conversations/index.ts';
import { mediaAssets } from '../media/media.tables.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { getReadableNamespaceIds } from '../chat-logs/index.ts';

/** The UTC days of the chart, oldest first, ending today. */
export function getChartDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The dashboard's figures over the user's namespaces (every namespace for admins). */
export async function getDashboardFigures(
  db: Database,
  user: CurrentUser,
  now = new Date(),
): Promise<DashboardFigures> {
  const namespaceIds = getReadableNamespaceIds(user);
  const chartDays = getChartDays(now, DASHBOARD_CHART_DAYS);
  if (namespaceIds !== null && namespaceIds.length === 0) {
    return {
      storyfileCount: 0,
      answersRecorded: 0,
      conversationsLast7Days: 0,
      fallbackShare: null,
      askedBackShare: null,
      conversationsPerDay: chartDays.map((date) => ({ date, count: 0 })),
      topFallbackQuestions: [],
      recentStoryfiles: [],
    };
  }
  const inScope: SQL[] = [isNull(storyfiles.deletedAt)];
  if (namespaceIds !== null) {
    inScope.push(inArray(storyfiles.namespaceId, namespaceIds));
  }
  const chartStart = new Date(`${chartDays[0]}T00:00:00Z`);
  const recentStart = new Date(now.getTime() - DASHBOARD_RECENT_DAYS * 86_400_000);

  const [storyfileRows, answerRows, recentRows, perDayRows, decisionRows, fallbackRows, latest] =
    await Promise.all([
      db
        .select({ total: count() })
        .from(storyfiles)
        .where(and(...inScope)),
      db
        .select({ total: count() })
        .from(mediaAssets)
        .innerJoin(storyfiles, eq(storyfiles.id, mediaAssets.storyfileId))
        .where(and(...inScope, sql`${mediaAssets.storyfileQuestionId} is not null`)),
      db
        .select({ total: count() })
        .from(conversations)
        .innerJoin(storyfiles, eq(storyfiles.id, conversations.storyfileId))
        .where(and(...inScope, gte(conversations.startedAt, recentStart))),
      db
        .select({
          date: sql<string>`to_char(${conversations.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
          total: count(),
        })
        .from(conversations)
        .innerJoin(storyfiles, eq(storyfiles.id, conversations.storyfileId))
        .where(and(...inScope, gte(conversations.startedAt, chartStart)))
        .groupBy(sql`1`),
      db
        .select({
          decision: chatLogEntries.decision,
          clarification: chatLogEntries.clarification,
          total: count(),
        })
        .from(chatLogEntries)
        .innerJoin(storyfiles, eq(storyfiles.id, chatLogEntries.storyfileId))
        .where(and(...inScope, gte(chatLogEntries.createdAt, chartStart)))
        .groupBy(chatLogEntries.decision, chatLogEntries.clarification),
      db
        .select({
          text: chatLogEntries.questionText,
          total: count(),
          lastAt: sql<string>`max(${chatLogEntries.createdAt})::text`,
        })
        .from(chatLogEntries)
        .innerJoin(storyfiles, eq(storyfiles.id, chatLogEntries.storyfileId))
        .where(
          and(...inScope, gte(chatLogEntries.createdAt, chartStart), outcomeCondition('fallback')),
        )
        .groupBy(chatLogEntries.questionText),
      db
        .select({ id: storyfiles.id, name: storyfiles.name, updatedAt: storyfiles.updatedAt })
        .from(storyfiles)
        .where(and(...inScope))
        .orderBy(desc(storyfiles.updatedAt), desc(storyfiles.id))
        .limit(DASHBOARD_RECENT_STORYFILES),
    ]);

  const perDay = new Map(perDayRows.map((row) => [row.date, row.total]));
  const totalAsked = decisionRows.reduce((sum, row) => sum + row.total, 0);
  const outcomes = { answered: 0, 'asked-back': 0, fallback: 0 };
  for (const row of decisionRows) {
    outcomes[outcomeOf(row)] += row.total;
  }

  // Grouped again by the matcher's normalisation, so "Why?" and "why" count as one question, and
  // shown as visitors typed it: the group's most frequent wording, the latest on a tie (issue 32:
  // not the folded key).
  const fallbacks = new Map<string, { text: string; count: number }>();
  const sortedRows = [...fallbackRows].sort(
    (a, b) => b.total - a.total || b.lastAt.localeCompare(a.lastAt),
  );
  for (const row of sortedRows) {
    const key = normalizeText(row.text);
    if (!key) {
      continue;
    }
    const entry = fallbacks.get(key) ?? { text: row.text.trim(), count: 0 };
    entry.count += row.total;
    fallbacks.set(key, entry);
  }

  return {
    storyfileCount: storyfileRows[0]?.total ?? 0,
    answersRecorded: answerRows[0]?.total ?? 0,
    conversationsLast7Days: recentRows[0]?.total ?? 0,
    fallbackShare: totalAsked === 0 ? null : outcomes.fallback / totalAsked,
    askedBackShare: totalAsked === 0 ? null : outcomes['asked-back'] / totalAsked,
    conversationsPerDay: chartDays.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
    topFallbackQuestions: [...fallbacks.values()]
      .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
      .slice(0, DASHBOARD_TOP_FALLBACKS),
    recentStoryfiles: latest.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
  };
}
