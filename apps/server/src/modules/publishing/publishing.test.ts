import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import {
  PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE,
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE,
  SHARE_SLUG_LENGTH,
  STORYFILE_NOT_AVAILABLE_MESSAGE,
  STORYFILE_RATE_LIMIT_MESSAGE,
  VISITOR_RATE_LIMIT_MESSAGE,
  type Publication,
  type PublicAskResponse,
  type PublicStoryfile,
  type StoryfileVideos,
} from '@conversa/contracts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { publicAskCounters } from './publishing.tables.ts';
import { deletePastVisitorCounters, STORYFILE_ASK_COUNTER_PREFIX } from './index.ts';
import {
  requestFrom,
  startTestStudio,
  TestBrowser,
  type TestStudio,
} from '../../../test/studio.ts';
import { buildMember, buildNamespace, ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  FAKE_VIDEO_BYTES,
  seedStoryfileWithAnswers,
  UNRECORDED_QUESTION,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';

let studio: TestStudio;
let owner: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let storyfile: SeededStoryfile;
let slug: string;
let northId: string;

const MOVIE = 'What is your favourite movie?';
/** A signed-out visitor who opened the player (which sets the visitor cookie), as a browser does. */
async function visitor(target = slug): Promise<ApiClient> {
  const client = new ApiClient(new TestBrowser(studio.baseUrl));
  await client.get(`/v1/conversa/public/storyfiles/${target}`);
  return client;
}
const publicAsk = (client: ApiClient, body: Record<string, unknown>, target = slug) =>
  client.call<PublicAskResponse>('POST', `/v1/conversa/public/storyfiles/${target}/ask`, body);

beforeAll(async () => {
  studio = await startTestStudio();
  [northId] = await Promise.all([buildNamespace(studio, 'north'), buildNamespace(studio, 'south')]);
  owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
  reader = await buildMember(studio, 'reader@north.test', { north: 'read:ns' });
  outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
  storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
});

afterAll(async () => {
  await studio?.stop();
});

// The limits count per client address (issue 43), and every test asks from 127.0.0.1: each test
// starts a fresh minute, as a test of its own would.
beforeEach(async () => {
  await studio.database.db.delete(publicAskCounters);
});

describe('publishing', () => {
  it('lets only an owner publish, with a stable unguessable slug', async () => {
    const before = await reader.expectStatus<Publication>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}/publication`,
    );
    expect(before).toMatchObject({ isPublished: false, slug: null, sharePath: null });
    expect((await reader.post(`/v1/conversa/storyfiles/${storyfile.id}/publish`)).status).toBe(403);
    expect((await outsider.post(`/v1/conversa/storyfiles/${storyfile.id}/publish`)).status).toBe(
      404,
    );
    const published = await owner.expectStatus<Publication>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/publish`,
    );
    expect(published.isPublished).toBe(true);
    expect(published.slug).toMatch(new RegExp(`^[0-9A-Za-z]{${SHARE_SLUG_LENGTH}}$`));
    expect(published.sharePath).toBe(`/s/${published.slug}`);
    slug = published.slug!;
  });

  it('refuses a public ask naming a conversation the visitor cannot continue, starting none', async () => {
    const first = await visitor();
    const started = await publicAsk(first, { text: MOVIE, channel: 'share' });
    expect(started.status).toBe(200);
    const { conversationId } = started.body;
    const continued = await publicAsk(first, { text: MOVIE, channel: 'share', conversationId });
    expect(continued.body.conversationId).toBe(conversationId);

    const countConversations = async () =>
      (await studio.database.db.select({ id: conversations.id }).from(conversations)).length;
    const before = await countConversations();
    // No visitor cookie (an API client that never loaded the player), then another visitor's.
    const cookieless = new ApiClient(new TestBrowser(studio.baseUrl));
    for (const stranger of [cookieless, await visitor()]) {
      expect(
        await publicAsk(stranger, { text: MOVIE, channel: 'share', conversationId }),
      ).toMatchObject({
        status: 409,
        body: { message: PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE },
      });
    }
    expect(await countConversations()).toBe(before);
    // The cookieless asker's limit counter would count against a later test's cookieless asks.
    await studio.database.db
      .delete(publicAskCounters)
      .where(like(publicAskCounters.key, `public-ask|${slug}|%|`));
  });

  it('serves the public player signed out: storyfile, clips and asks without reasoning', async () => {
    const anonymous = await visitor();
    const loaded = await anonymous.expectStatus<PublicStoryfile>(
      200,
      'GET',
      `/v1/conversa/public/storyfiles/${slug}`,
    );
    expect(loaded).toMatchObject({ slug, name: storyfile.name, starters: [] });
    expect(loaded.clips.idle!.url).toContain(`/media/${storyfile.clips.idle}/`);
    expect(loaded.clips.intro!.url).toContain(`/media/${storyfile.clips.intro}/`);

    const answer = await publicAsk(anonymous, {
      text: 'which film do you love most?',
      channel: 'embed',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.decision).toEqual({
      kind: 'answer',
      questionId: storyfile.questions[MOVIE],
    });
    // `exchangeId` names the logged exchange the visitor may rate (training); no reasoning. What
    // the storyfile asks back with (issue 40) names recorded questions only, as starters do.
    expect(Object.keys(answer.body).sort()).toEqual([
      'clarification',
      'conversationId',
      'decision',
      'exchangeId',
      'media',
      'message',
      'story',
      'suggestions',
      'topics',
    ]);
    expect(answer.body).toMatchObject({ clarification: null, suggestions: [], topics: [] });
    // No published ink story: nothing of a story is sent.
    expect(answer.body.story).toBeNull();
    const video = await fetch(`${studio.baseUrl}${answer.body.media!.url}`);
    expect(Buffer.from(await video.arrayBuffer())).toEqual(FAKE_VIDEO_BYTES);

    const [logged] = await studio.database.db
      .select()
      .from(chatLogEntries)
      .where(eq(chatLogEntries.conversationId, answer.body.conversationId));
    expect(logged).toMatchObject({
      channel: 'embed',
      decision: 'answered',
      storyfileId: storyfile.id,
    });

    // An unrecorded best match: the cannot-answer clip, and no checklist question id for visitors.
    const unrecorded = await publicAsk(anonymous, {
      text: 'have you got any pets?',
      channel: 'share',
    });
    expect(unrecorded.body.decision).toEqual({ kind: 'fallback', reason: 'not-recorded' });
    expect(unrecorded.body.media!.url).toContain(`/media/${storyfile.clips.cannotAnswer}/`);
    const [loggedUnrecorded] = await studio.database.db
      .select()
      .from(chatLogEntries)
      .where(eq(chatLogEntries.conversationId, unrecorded.body.conversationId));
    expect(loggedUnrecorded).toMatchObject({
      channel: 'share',
      fallbackReason: 'not-recorded',
      matchedQuestionId: storyfile.questions[UNRECORDED_QUESTION],
      matchedQuestionText: UNRECORDED_QUESTION,
    });

    const badChannel = await publicAsk(anonymous, { text: MOVIE, channel: 'studio' });
    expect(badChannel.status).toBe(400);
  });

  it('serves the share page with its title and preview tags, framing allowed to the embed only', async () => {
    const embed = await fetch(`${studio.baseUrl}/s/${slug}?embed=1`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const page = await fetch(`${studio.baseUrl}/s/${slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await page.text();
    expect(html).toContain(`<title>${storyfile.name} | Conversa Studio</title>`);
    expect(html).toContain(
      `<meta property="og:title" content="${storyfile.name} | Conversa Studio" />`,
    );
    const other = await fetch(`${studio.baseUrl}/healthz`);
    expect(other.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  // Issue 30, item 10: a visitor's signed media URL kept playing up to an hour after unpublishing.
  it("refuses a visitor's media URLs once unpublished (a member's still play), and serves them again when republished", async () => {
    const anonymous = await visitor();
    const loaded = await anonymous.expectStatus<PublicStoryfile>(
      200,
      'GET',
      `/v1/conversa/public/storyfiles/${slug}`,
    );
    const answer = await publicAsk(anonymous, { text: MOVIE });
    expect(answer.status).toBe(200);
    const visitorUrls = [answer.body.media!.url, loaded.clips.idle!.url];
    const members = await owner.expectStatus<StoryfileVideos>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${storyfile.id}/videos`,
    );
    const memberUrl = members.videos[0]!.videoUrl;
    for (const url of [...visitorUrls, memberUrl]) {
      expect((await fetch(`${studio.baseUrl}${url}`)).status, url).toBe(200);
    }

    await owner.expectStatus(200, 'POST', `/v1/conversa/storyfiles/${storyfile.id}/unpublish`);
    for (const url of visitorUrls) {
      const refused = await fetch(`${studio.baseUrl}${url}`);
      expect(refused.status, url).toBe(403);
      expect(await refused.json()).toMatchObject({
        message: 'This media link has expired or is not valid.',
      });
    }
    expect((await fetch(`${studio.baseUrl}${memberUrl}`)).status).toBe(200);

    await owner.expectStatus(200, 'POST', `/v1/conversa/storyfiles/${storyfile.id}/publish`);
    for (const url of visitorUrls) {
      expect((await fetch(`${studio.baseUrl}${url}`)).status, url).toBe(200);
    }
  });

  it("carries the author's written intro for the player to greet with (issue 44, item 20)", async () => {
    const anonymous = await visitor();
    const before = await anonymous.get(`/v1/conversa/public/storyfiles/${slug}`);
    expect(before.status).toBe(200);
    const written = "Hello, I'm Rose. Ask me about the farm!";
    await owner.expectStatus(200, 'PUT', `/v1/conversa/storyfiles/${storyfile.id}/clips/intro`, {
      prompt: written,
    });
    const after = await anonymous.get(`/v1/conversa/public/storyfiles/${slug}`);
    expect(after).toMatchObject({ status: 200, body: { clips: { introText: written } } });
  });

  it('answers "not available" once unpublished, and republishing keeps the link', async () => {
    await owner.expectStatus(200, 'POST', `/v1/conversa/storyfiles/${storyfile.id}/unpublish`);
    const anonymous = await visitor();
    for (const answer of [
      await anonymous.get(`/v1/conversa/public/storyfiles/${slug}`),
      await publicAsk(anonymous, { text: MOVIE }),
      await publicAsk(anonymous, { text: MOVIE }, 'AAAAAAAAAA'),
    ]) {
      expect(answer).toMatchObject({
        status: 404,
        body: { message: STORYFILE_NOT_AVAILABLE_MESSAGE },
      });
    }
    const page = await fetch(`${studio.baseUrl}/s/${slug}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Not available');

    const again = await owner.expectStatus<Publication>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/publish`,
    );
    expect(again.slug).toBe(slug);
    expect((await publicAsk(anonymous, { text: MOVIE })).status).toBe(200);
  });

  it(`answers 429 after ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE} asks a minute from one visitor`, async () => {
    const fast = await visitor();
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      expect((await publicAsk(fast, { text: MOVIE })).status).toBe(200);
    }
    const limited = await publicAsk(fast, { text: MOVIE });
    expect(limited).toMatchObject({ status: 429, body: { message: VISITOR_RATE_LIMIT_MESSAGE } });
    // Another visitor (another computer: another client address) is answered.
    const other = await requestFrom(
      '127.0.0.2',
      `${studio.baseUrl}/v1/conversa/public/storyfiles/${slug}/ask`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-system-id': 'conversa-studio-web' },
        body: JSON.stringify({ text: MOVIE }),
      },
    );
    expect(other.status, other.text).toBe(200);
  });

  // Issue 30, item 6: with trustProxy on, a new X-Forwarded-For value after the 429 gave a fresh
  // allowance (10/10 answered). Forwarding headers count only from TRUST_PROXY's proxies.
  it('keeps the visitor limit whatever X-Forwarded-For a client sends', async () => {
    const ask = (forwardedFor?: string) =>
      fetch(`${studio.baseUrl}/v1/conversa/public/storyfiles/${slug}/ask`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-system-id': 'conversa-studio-web',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: JSON.stringify({ text: MOVIE }),
      });
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      const answer = await ask(`198.51.100.${index % 2}`);
      expect(answer.status, await answer.text()).toBe(200);
    }
    expect((await ask()).status).toBe(429);
    for (let index = 0; index < 10; index += 1) {
      expect((await ask(`203.0.113.${index}`)).status).toBe(429);
    }
  });

  it(`answers 429 once a storyfile had ${PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE} public asks in a minute`, async () => {
    const { db } = studio.database;
    // The storyfile's own counter (shared by every replica), as a crowd of visitors left it: its
    // minute began just now and every ask of it is spent.
    await db
      .insert(publicAskCounters)
      .values({
        key: `${STORYFILE_ASK_COUNTER_PREFIX}${storyfile.id}`,
        windowStart: new Date(),
        count: PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE,
      })
      .onConflictDoUpdate({
        target: publicAskCounters.key,
        set: { windowStart: new Date(), count: PUBLIC_ASKS_PER_STORYFILE_PER_MINUTE },
      });
    const limited = await publicAsk(await visitor(), { text: MOVIE });
    expect(limited).toMatchObject({ status: 429, body: { message: STORYFILE_RATE_LIMIT_MESSAGE } });
    // Its minute over, the storyfile answers again.
    await db
      .update(publicAskCounters)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(publicAskCounters.key, `${STORYFILE_ASK_COUNTER_PREFIX}${storyfile.id}`));
    expect((await publicAsk(await visitor(), { text: MOVIE })).status).toBe(200);
  });

  // Issue 43, item 10: the public hints listed every custom word of the namespace, those only
  // unpublished storyfiles use included.
  it("gives visitors only the custom words the storyfile's own questions use", async () => {
    for (const term of ['Movie', 'Zanzibar']) {
      await owner.expectStatus(201, 'POST', '/v1/conversa/training/words', {
        namespaceId: northId,
        term,
        heardAs: [],
      });
    }
    const hints = await new ApiClient(new TestBrowser(studio.baseUrl)).expectStatus<{
      terms: string[];
    }>(200, 'GET', `/v1/conversa/public/storyfiles/${slug}/speech-hints`);
    expect(hints.terms).toEqual(['Movie']);
  });

  // Issue 43, item 9: unpublishing ended visitors' media URLs at once; deleting did not.
  it("refuses a visitor's media URLs once the published storyfile is deleted", async () => {
    const doomed = await seedStoryfileWithAnswers(studio, owner, northId);
    const published = await owner.expectStatus<Publication>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${doomed.id}/publish`,
    );
    const anonymous = await visitor(published.slug!);
    const loaded = await anonymous.expectStatus<PublicStoryfile>(
      200,
      'GET',
      `/v1/conversa/public/storyfiles/${published.slug}`,
    );
    const answer = await publicAsk(anonymous, { text: MOVIE }, published.slug!);
    expect(answer.status).toBe(200);
    const visitorUrls = [answer.body.media!.url, loaded.clips.idle!.url];
    for (const url of visitorUrls) {
      expect((await fetch(`${studio.baseUrl}${url}`)).status, url).toBe(200);
    }
    await owner.expectStatus(200, 'DELETE', `/v1/conversa/storyfiles/${doomed.id}`);
    for (const url of visitorUrls) {
      const refused = await fetch(`${studio.baseUrl}${url}`);
      expect(refused.status, url).toBe(403);
      expect(await refused.json()).toMatchObject({
        message: 'This media link has expired or is not valid.',
      });
    }
  });

  it('forgets visitor counters whose minute is over, and only those (maintenance)', async () => {
    const { db } = studio.database;
    await db.insert(publicAskCounters).values([
      { key: 'test|past', windowStart: new Date(Date.now() - 2 * 60_000), count: 20 },
      { key: 'test|current', windowStart: new Date(), count: 3 },
    ]);
    await deletePastVisitorCounters(db);
    const keys = (await db.select({ key: publicAskCounters.key }).from(publicAskCounters)).map(
      (row) => row.key,
    );
    expect(keys).toContain('test|current');
    expect(keys).not.toContain('test|past');
  });
});
