import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CATALOGUE_MAX_AGE_SECONDS,
  FEATURED_DATES_ORDER_MESSAGE,
  NOT_IN_APP_FOR_FEATURED_MESSAGE,
  NOT_PUBLISHED_FOR_APP_MESSAGE,
  type CataloguePage,
  type FeaturedEntry,
  type MobileStoryfile,
  type MobileStoryfilePage,
  type PopularEntry,
  type PopularPage,
} from '@conversa/contracts';
import { auditEvents } from '../accounts/accounts.tables.ts';
import { conversations } from '../conversations/conversations.tables.ts';
import { users } from '../users/users.tables.ts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import {
  ApiClient,
  buildMember,
  buildNamespace,
  buildStoryfile,
  signInAs,
  TEST_PASSWORD,
  type StoryfileAnswer,
} from '../../../test/storyfile.fixtures.ts';
import {
  FAKE_VIDEO_BYTES,
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { publishForSlug } from '../../../test/ask.fixtures.ts';

let studio: TestStudio;
let admin: ApiClient;
let owner: ApiClient;
let outsider: ApiClient;
let signedOut: ApiClient;
let northId: string;
let withPoster: SeededStoryfile;
let second: StoryfileAnswer;
let unpublished: StoryfileAnswer;
const slugs: Record<string, string> = {};

const ADMIN_BASE = '/v1/conversa/mobile-app';
const CATALOGUE = '/v1/conversa/public/catalogue';
const DAY_MS = 24 * 60 * 60 * 1000;

function publish(storyfileId: string): Promise<string> {
  return publishForSlug(owner, storyfileId);
}

const setInApp = (storyfileId: string, inApp: boolean) =>
  admin.put<MobileStoryfile>(`${ADMIN_BASE}/storyfiles/${storyfileId}/in-app`, { inApp });

async function catalogue(list: string, headers: Record<string, string> = {}) {
  return fetch(`${studio.baseUrl}${CATALOGUE}/${list}`, { headers });
}

beforeAll(async () => {
  studio = await startTestStudio();
  northId = await buildNamespace(studio, 'north');
  await buildNamespace(studio, 'south');
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
  signedOut = new ApiClient(new TestBrowser(studio.baseUrl));
  withPoster = await seedStoryfileWithAnswers(studio, owner, northId);
  second = await buildStoryfile(owner, northId, {
    name: 'Beta voice',
    description: 'The second one',
  });
  unpublished = await buildStoryfile(owner, northId, { name: 'Never published' });
  slugs[withPoster.id] = await publish(withPoster.id);
  slugs[second.id] = await publish(second.id);
});

afterAll(async () => {
  await studio?.stop();
});

describe('mobile app curation', () => {
  it('refuses everyone but platform admins on every curation call', async () => {
    const id = withPoster.id;
    const calls: [string, string, unknown?][] = [
      ['GET', `${ADMIN_BASE}/storyfiles`],
      ['PUT', `${ADMIN_BASE}/storyfiles/${id}/in-app`, { inApp: true }],
      ['GET', `${ADMIN_BASE}/featured`],
      ['POST', `${ADMIN_BASE}/featured`, { storyfileId: id }],
      ['PATCH', `${ADMIN_BASE}/featured/${id}`, { startsOn: null, endsOn: null }],
      ['DELETE', `${ADMIN_BASE}/featured/${id}`],
      ['PUT', `${ADMIN_BASE}/featured-order`, { storyfileIds: [id] }],
      ['GET', `${ADMIN_BASE}/popular`],
      ['PUT', `${ADMIN_BASE}/popular/${id}/hidden`, { hidden: true }],
    ];
    for (const [method, path, body] of calls) {
      // The storyfile's own owner is no platform admin either.
      expect((await owner.call(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await outsider.call(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await signedOut.call(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
  });

  it('lists only published storyfiles and refuses to put an unpublished one in the app', async () => {
    const page = await admin.expectStatus<MobileStoryfilePage>(
      200,
      'GET',
      `${ADMIN_BASE}/storyfiles?pageSize=100`,
    );
    const ids = page.items.map((item) => item.id);
    expect(ids).toContain(withPoster.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(unpublished.id);
    expect(page.items.every((item) => !item.inApp)).toBe(true);
    // Each says how many questions it has: the console asks before offering an empty one (issue 68).
    const byId = new Map(page.items.map((item) => [item.id, item]));
    expect(byId.get(withPoster.id)!.questionCount).toBeGreaterThan(0);
    expect(byId.get(second.id)!.questionCount).toBe(0);

    const refused = await setInApp(unpublished.id, true);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: NOT_PUBLISHED_FOR_APP_MESSAGE });

    const searched = await admin.expectStatus<MobileStoryfilePage>(
      200,
      'GET',
      `${ADMIN_BASE}/storyfiles?search=beta`,
    );
    expect(searched.items.map((item) => item.id)).toEqual([second.id]);
  });

  it('serves the catalogue: published and in-app storyfiles only, with poster, slug and language', async () => {
    expect((await setInApp(withPoster.id, true)).status).toBe(200);
    expect((await setInApp(second.id, true)).status).toBe(200);

    const answer = await catalogue('storyfiles');
    expect(answer.status, await answer.clone().text()).toBe(200);
    const page = (await answer.json()) as CataloguePage;
    expect(page.total).toBe(2);
    const bySlug = Object.fromEntries(page.items.map((item) => [item.slug, item]));
    expect(bySlug[slugs[second.id]!]).toEqual({
      name: 'Beta voice',
      description: 'The second one',
      language: 'en-US',
      slug: slugs[second.id],
      posterUrl: null,
    });
    const poster = bySlug[slugs[withPoster.id]!]!;
    expect(poster.name).toBe(withPoster.name);
    expect(poster.posterUrl).toContain(`/media/${withPoster.clips.intro}/`);
    const image = await fetch(`${studio.baseUrl}${poster.posterUrl}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_VIDEO_BYTES);

    // Unpublishing takes it out of the catalogue at once, though its switch stays on.
    await owner.expectStatus(200, 'POST', `/v1/conversa/storyfiles/${second.id}/unpublish`);
    const after = (await (await catalogue('storyfiles')).json()) as CataloguePage;
    expect(after.items.map((item) => item.slug)).toEqual([slugs[withPoster.id]]);
    const adminList = await admin.expectStatus<MobileStoryfilePage>(
      200,
      'GET',
      `${ADMIN_BASE}/storyfiles?pageSize=100`,
    );
    expect(adminList.items.map((item) => item.id)).not.toContain(second.id);
    slugs[second.id] = await publish(second.id);
  });

  it('answers 304 to a matching If-None-Match, and a new version after a change', async () => {
    const first = await catalogue('storyfiles?page=1&pageSize=10');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`);

    const again = await catalogue('storyfiles?page=1&pageSize=10', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    // Another page is another version.
    const otherPage = await catalogue('storyfiles?page=2&pageSize=10', { 'if-none-match': etag! });
    expect(otherPage.status).toBe(200);

    expect((await setInApp(second.id, false)).status).toBe(200);
    const changed = await catalogue('storyfiles?page=1&pageSize=10', { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as CataloguePage).total).toBe(1);
    expect((await setInApp(second.id, true)).status).toBe(200);
  });

  it('keeps the featured order admins set, with dates validated', async () => {
    const refused = await admin.post(`${ADMIN_BASE}/featured`, { storyfileId: unpublished.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: NOT_PUBLISHED_FOR_APP_MESSAGE });
    await setInApp(second.id, false);
    const notInApp = await admin.post(`${ADMIN_BASE}/featured`, { storyfileId: second.id });
    expect(notInApp.body).toMatchObject({ message: NOT_IN_APP_FOR_FEATURED_MESSAGE });
    await setInApp(second.id, true);

    const badDates = await admin.post(`${ADMIN_BASE}/featured`, {
      storyfileId: second.id,
      startsOn: '2026-05-02',
      endsOn: '2026-05-01',
    });
    expect(badDates.status).toBe(400);
    expect(JSON.stringify(badDates.body)).toContain(FEATURED_DATES_ORDER_MESSAGE);

    await admin.expectStatus(201, 'POST', `${ADMIN_BASE}/featured`, { storyfileId: withPoster.id });
    await admin.expectStatus(201, 'POST', `${ADMIN_BASE}/featured`, { storyfileId: second.id });
    const order = async () =>
      ((await (await catalogue('featured')).json()) as CataloguePage).items.map(
        (item) => item.slug,
      );
    expect(await order()).toEqual([slugs[withPoster.id], slugs[second.id]]);

    const reordered = await admin.expectStatus<{ items: FeaturedEntry[] }>(
      200,
      'PUT',
      `${ADMIN_BASE}/featured-order`,
      { storyfileIds: [second.id, withPoster.id] },
    );
    expect(reordered.items.map((item) => item.storyfileId)).toEqual([second.id, withPoster.id]);
    expect(await order()).toEqual([slugs[second.id], slugs[withPoster.id]]);
    // Not a permutation of the entries: refused.
    expect(
      (await admin.put(`${ADMIN_BASE}/featured-order`, { storyfileIds: [second.id] })).status,
    ).toBe(400);

    // An entry whose start is in the future is kept but not shown yet.
    const future = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    const dated = await admin.expectStatus<FeaturedEntry>(
      200,
      'PATCH',
      `${ADMIN_BASE}/featured/${second.id}`,
      { startsOn: future, endsOn: null },
    );
    expect(dated).toMatchObject({ startsOn: future, endsOn: null, isShown: false });
    expect(await order()).toEqual([slugs[withPoster.id]]);

    await admin.expectStatus(200, 'DELETE', `${ADMIN_BASE}/featured/${second.id}`);
    const listed = await admin.expectStatus<{ items: FeaturedEntry[] }>(
      200,
      'GET',
      `${ADMIN_BASE}/featured`,
    );
    expect(listed.items.map((item) => [item.storyfileId, item.position])).toEqual([
      [withPoster.id, 0],
    ]);
  });

  it('scores popular storyfiles by decayed distinct visitors, without studio tests or the team', async () => {
    const { db } = studio.database;
    const userId = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const ownerKey = `user:${await userId('owner@north.test')}`;
    const outsiderKey = `user:${await userId('owner@south.test')}`;
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * DAY_MS);
    const visit = (
      channel: 'share' | 'embed' | 'api' | 'studio',
      visitorKey: string,
      days: number,
    ) => ({
      storyfileId: withPoster.id,
      channel,
      visitorKey,
      startedAt: ago(days),
      lastAt: ago(days),
    });
    await db.insert(conversations).values([
      visit('share', 'visitor:one', 10),
      visit('share', 'visitor:one', 1), // one visitor twice: counted once, at the last visit
      visit('embed', 'visitor:two', 8),
      visit('api', outsiderKey, 3), // a signed-in app user outside the team counts
      visit('share', 'visitor:old', 40), // outside the 30 days
      visit('studio', 'visitor:tester', 2), // studio-test traffic
      visit('api', ownerKey, 1), // the storyfile's own team
    ]);
    // One public visitor of the second storyfile, a month ago less a day.
    await db.insert(conversations).values({
      storyfileId: second.id,
      channel: 'share',
      visitorKey: 'visitor:late',
      startedAt: ago(29),
      lastAt: ago(29),
    });

    const page = await admin.expectStatus<PopularPage>(200, 'GET', `${ADMIN_BASE}/popular`);
    // By hand: 0.5^(1/7) + 0.5^(8/7) + 0.5^(3/7) = 0.905724 + 0.452862 + 0.742997 = 2.101583;
    // the second: 0.5^(29/7) = 0.056774.
    expect(page.items.map((item) => item.storyfileId)).toEqual([withPoster.id, second.id]);
    expect(page.items[0]).toMatchObject({ visitors7: 2, visitors30: 3, isHidden: false });
    expect(page.items[0]!.score).toBeCloseTo(2.1016, 3);
    expect(page.items[1]).toMatchObject({ visitors7: 0, visitors30: 1 });
    expect(page.items[1]!.score).toBeCloseTo(0.0568, 3);

    // The public list is computed as of the catalogue window's start: the visits above are
    // at least a day old, so they all count.
    const publicOrder = ((await (await catalogue('popular')).json()) as CataloguePage).items;
    expect(publicOrder.map((item) => item.slug)).toEqual([slugs[withPoster.id], slugs[second.id]]);
  });

  it('hides a popular entry from the app, audited', async () => {
    const hidden = await admin.expectStatus<PopularEntry>(
      200,
      'PUT',
      `${ADMIN_BASE}/popular/${withPoster.id}/hidden`,
      { hidden: true },
    );
    expect(hidden).toMatchObject({ storyfileId: withPoster.id, isHidden: true, visitors30: 3 });
    const publicOrder = ((await (await catalogue('popular')).json()) as CataloguePage).items;
    expect(publicOrder.map((item) => item.slug)).toEqual([slugs[second.id]]);
    const adminView = await admin.expectStatus<PopularPage>(200, 'GET', `${ADMIN_BASE}/popular`);
    expect(adminView.items.find((item) => item.storyfileId === withPoster.id)?.isHidden).toBe(true);

    const [audit] = await studio.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'mobile-app.popular.hide'),
          eq(auditEvents.targetId, withPoster.id),
        ),
      );
    expect(audit).toMatchObject({
      actorEmail: 'admin@example.com',
      targetType: 'storyfile',
      targetLabel: withPoster.name,
      namespaceId: northId,
      before: { hidden: false },
    });
    expect(audit!.after).toMatchObject({ hidden: true, visitors30: 3 });

    await admin.expectStatus(200, 'PUT', `${ADMIN_BASE}/popular/${withPoster.id}/hidden`, {
      hidden: false,
    });
    const shownAgain = ((await (await catalogue('popular')).json()) as CataloguePage).items;
    expect(shownAgain.map((item) => item.slug)).toEqual([slugs[withPoster.id], slugs[second.id]]);
  });

  it("leaves out a team member's anonymous visits, linked to their studio session in the same browser", async () => {
    const slug = slugs[withPoster.id]!;
    const visitors30 = async () =>
      (await admin.expectStatus<PopularPage>(200, 'GET', `${ADMIN_BASE}/popular`)).items.find(
        (item) => item.storyfileId === withPoster.id,
      )?.visitors30 ?? 0;
    const visitPublicly = async (client: ApiClient) => {
      await client.expectStatus(200, 'GET', `/v1/conversa/public/storyfiles/${slug}`);
      await client.expectStatus(200, 'POST', `/v1/conversa/public/storyfiles/${slug}/ask`, {
        text: 'What is your name?',
      });
    };
    const before = await visitors30();

    // The owner tries the share link while signed in to the studio: anonymous to the player.
    await visitPublicly(owner);
    // A new team member visits anonymously first, then signs in on that same browser.
    await buildMember(studio, 'editor@north.test', { north: 'edit:ns' });
    const sameBrowser = new TestBrowser(studio.baseUrl);
    await visitPublicly(new ApiClient(sameBrowser));
    await signIn(sameBrowser, 'editor@north.test', TEST_PASSWORD);
    await new ApiClient(sameBrowser).expectStatus(200, 'GET', '/api/auth/session');
    // Someone of another organization, signed in, and a stranger: both count.
    await visitPublicly(outsider);
    await visitPublicly(new ApiClient(new TestBrowser(studio.baseUrl)));

    const visitorKeys = await studio.database.db
      .select({ key: conversations.visitorKey })
      .from(conversations)
      .where(eq(conversations.storyfileId, withPoster.id));
    expect(
      visitorKeys.filter((row) => row.key.startsWith('visitor:')).length,
    ).toBeGreaterThanOrEqual(4);
    // The links are written after each answer is sent, so the count settles a moment later.
    await expect.poll(visitors30, { timeout: 15_000 }).toBe(before + 2);
  });
});
