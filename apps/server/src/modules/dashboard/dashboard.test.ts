import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CHART_DAYS, type DashboardFigures } from '@conversa/contracts';
import { conversations } from '../conversations/conversations.tables.ts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  signInAs,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import {
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { askInStudio } from '../../../test/ask.fixtures.ts';
import { NEAR_TIE_QUESTION } from '../../../test/training.fixtures.ts';
import { getChartDays } from './dashboard.service.ts';

let studio: TestStudio;
let reader: ApiClient;
let outsider: ApiClient;
let admin: ApiClient;
let north: SeededStoryfile;
let emptyNorthId: string;

const FIGURES = '/v1/conversa/dashboard/figures';
const DAY = 86_400_000;

beforeAll(async () => {
  studio = await startTestStudio();
  const [northId, southId] = await Promise.all([
    buildNamespace(studio, 'north'),
    buildNamespace(studio, 'south'),
  ]);
  const owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  reader = await buildMember(studio, 'reader@north.test', { north: 'read:ns' });
  outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
  north = await seedStoryfileWithAnswers(studio, owner, northId);
  emptyNorthId = (await buildStoryfile(owner, northId)).id;
  const south = await seedStoryfileWithAnswers(studio, outsider, southId);

  const ask = (client: ApiClient, storyfileId: string, text: string) =>
    askInStudio(client, storyfileId, { text });
  await ask(reader, north.id, 'What is your favourite movie?');
  expect((await ask(reader, north.id, 'Zxqv plorth?')).decision.kind).toBe('fallback');
  expect((await ask(owner, north.id, 'zxqv   PLORTH')).decision.kind).toBe('fallback');
  // Near-tied movie and job answers: asked back, its own outcome (issue 68, item 5).
  expect((await ask(owner, north.id, NEAR_TIE_QUESTION)).clarification).toBe('did-you-mean');
  await ask(outsider, south.id, 'Where were you born?');
  // A conversation from ten days ago: in the 30-day chart, not in the 7-day figure.
  await studio.database.db.insert(conversations).values({
    storyfileId: north.id,
    channel: 'share',
    visitorKey: 'visitor:old',
    startedAt: new Date(Date.now() - 10 * DAY),
    lastAt: new Date(Date.now() - 10 * DAY),
  });
});

afterAll(async () => {
  await studio?.stop();
});

describe('GET /v1/conversa/dashboard/figures', () => {
  it('counts the seeded data of the reader’s namespaces only', async () => {
    const figures = await reader.expectStatus<DashboardFigures>(200, 'GET', FIGURES);
    expect(figures).toMatchObject({
      storyfileCount: 2,
      answersRecorded: 3,
      conversationsLast7Days: 4,
      // Grouped by the folded key, shown as a visitor typed it (the latest wording on a tie); the
      // question asked back is not among them.
      topFallbackQuestions: [{ text: 'zxqv   PLORTH', count: 2 }],
    });
    expect(figures.fallbackShare).toBeCloseTo(2 / 4, 6);
    expect(figures.askedBackShare).toBeCloseTo(1 / 4, 6);
    expect(figures.recentStoryfiles.map((storyfile) => storyfile.id)).toEqual([
      emptyNorthId,
      north.id,
    ]);

    const days = getChartDays(new Date(), DASHBOARD_CHART_DAYS);
    expect(figures.conversationsPerDay.map((day) => day.date)).toEqual(days);
    expect(figures.conversationsPerDay).toHaveLength(30);
    const countOf = (date: string) =>
      figures.conversationsPerDay.find((day) => day.date === date)!.count;
    expect(countOf(days[29]!)).toBe(4);
    expect(countOf(days[19]!)).toBe(1);
    expect(figures.conversationsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(5);
  });

  it('keeps other namespaces apart, and shows admins everything', async () => {
    const south = await outsider.expectStatus<DashboardFigures>(200, 'GET', FIGURES);
    expect(south).toMatchObject({
      storyfileCount: 1,
      answersRecorded: 3,
      conversationsLast7Days: 1,
      fallbackShare: 0,
      askedBackShare: 0,
      topFallbackQuestions: [],
    });
    const all = await admin.expectStatus<DashboardFigures>(200, 'GET', FIGURES);
    expect(all).toMatchObject({
      storyfileCount: 3,
      answersRecorded: 6,
      conversationsLast7Days: 5,
    });
  });
});

describe('getChartDays', () => {
  it('ends with today (UTC) and zero-fills every day', () => {
    expect(getChartDays(new Date('2026-03-02T23:30:00Z'), 3)).toEqual([
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
