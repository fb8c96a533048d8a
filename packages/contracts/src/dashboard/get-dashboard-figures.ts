import { z } from 'zod';
import { defineContract } from '../contract.ts';

/** Days of the conversations-per-day chart. */
export const DASHBOARD_CHART_DAYS = 30;
/** The "last days" window of the conversations figure. */
export const DASHBOARD_RECENT_DAYS = 7;
/** How many fallen-back questions and recent storyfiles the dashboard lists. */
export const DASHBOARD_TOP_FALLBACKS = 10;
export const DASHBOARD_RECENT_STORYFILES = 5;

export const dashboardFiguresSchema = z.object({
  storyfileCount: z.number().int(),
  answersRecorded: z.number().int(),
  /** Conversations started in the last 7 days. */
  conversationsLast7Days: z.number().int(),
  /**
   * Share (0–1) of the last 30 days' questions that fell back, nothing offered to press instead;
   * null without questions.
   */
  fallbackShare: z.number().nullable(),
  /** Share (0–1) of them asked back ("Did you mean…?" with answers to press); null without. */
  askedBackShare: z.number().nullable(),
  /** One entry per UTC day, oldest first, zero-filled, ending today. */
  conversationsPerDay: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
  /**
   * The last 30 days' fallen-back questions (asked back ones aside), grouped by normalised text, most frequent first; each
   * reads as visitors typed it (the group's most frequent wording, the latest on a tie).
   */
  topFallbackQuestions: z.array(z.object({ text: z.string(), count: z.number().int() })),
  recentStoryfiles: z.array(
    z.object({ id: z.string(), name: z.string(), updatedAt: z.iso.datetime({ offset: true }) }),
  ),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const getDashboardFiguresContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/dashboard/figures',
  summary:
    "The dashboard's figures over the caller's namespaces (all for admins): storyfiles, answers, conversations, fallbacks",
  tags: ['dashboard'],
  permission: { kind: 'loggedIn' },
  response: dashboardFiguresSchema,
});
