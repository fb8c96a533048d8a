import { beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import {
  DEFAULT_CLIP_PROMPTS,
  PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE,
  type ConversationTranscript,
  type PublicStoryfile,
} from '@conversa/contracts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { publicAskCounters } from './publishing.tables.ts';
import { TestBrowser } from '../../../test/studio.ts';
import { ApiClient } from '../../../test/storyfile.fixtures.ts';
import { FAKE_VIDEO_BYTES, UNRECORDED_QUESTION } from '../../../test/conversation.fixtures.ts';
import {
  studio,
  owner,
  storyfile,
  slug,
  northId,
  MOVIE,
  visitor,
  publicAsk,
  publishStoryfile,
  setUpPublishingStudio,
} from '../../../test/publishing.fixtures.ts';

const BORN = 'Where were you born?';

setUpPublishingStudio();
beforeAll(publishStoryfile);

describe('the public player', () => {
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
    // No starters set: one recorded question of each topic instead (issue 68, item 8).
    expect(loaded).toMatchObject({
      slug,
      name: storyfile.name,
      starters: [{ questionId: storyfile.questions[BORN], text: BORN }],
    });
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
      // A spoken question's reading the log keeps (issue 68 item 8); null for this typed one.
      'heardText',
      'media',
      'message',
      'story',
      'suggestions',
      'topics',
    ]);
    expect(answer.body).toMatchObject({
      clarification: null,
      heardText: null,
      suggestions: [],
      topics: [],
    });
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

    // An unrecorded best match: the cannot-answer clip, and to visitors nothing of the checklist,
    // not even that a question matched (issue 67 item 3: "salary" → not-recorded, "pizza" →
    // off-topic told them which words the script has). The chat log keeps the reason.
    const unrecorded = await publicAsk(anonymous, {
      text: 'have you got any pets?',
      channel: 'share',
    });
    expect(unrecorded.body.decision).toEqual({ kind: 'fallback', reason: 'off-topic' });
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

  // Issue 68, item 8: Interact greeted with the intro's suggested text ("here are a few ideas to
  // start") and the share page with nothing; without starters, no ideas followed.
  it('greets as Interact does, with one recorded question of each topic as ideas without starters', async () => {
    const page = await (await visitor()).get(`/v1/conversa/public/storyfiles/${slug}`);
    expect(page.status).toBe(200);
    const body = page.body as PublicStoryfile;
    expect(body.clips.introText).toBe(DEFAULT_CLIP_PROMPTS.intro);
    // The script's first recorded question of its one topic: never the unrecorded one.
    expect(body.starters).toEqual([{ questionId: storyfile.questions[BORN], text: BORN }]);
  });

  // Issue 68, item 8: a garbled spoken question showed the visitor "or lot do you" (the first
  // reading) and the chat log "or won you" (the reading the storyfile chose). The answer names the
  // words the log keeps, and the player shows those.
  it('answers a spoken question with the reading its chat log keeps', async () => {
    const anonymous = await visitor();
    const FIRST = 'or lot do you';
    const answer = await publicAsk(anonymous, {
      text: FIRST,
      inputMode: 'spoken',
      speechConfidence: 0.5,
      alternatives: [
        { text: FIRST, confidence: 0.6 },
        { text: 'which film do you love', confidence: 0.1 },
        { text: 'or won you', confidence: 0.3 },
      ],
      channel: 'share',
    });
    expect(answer.status).toBe(200);
    const transcript = await owner.expectStatus<ConversationTranscript>(
      200,
      'GET',
      `/v1/conversa/conversations/${answer.body.conversationId}`,
    );
    const logged = transcript.entries.at(-1)!.questionText;
    expect(answer.body.heardText).toBe(logged);
    // The storyfile went by another reading than the first: the visitor's words were not these.
    expect(logged).not.toBe(FIRST);
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

  it("gives visitors only the custom words the storyfile's own recorded questions use", async () => {
    // "Pets" is used only by the unrecorded question: the author's checklist (issue 67 item 3).
    for (const term of ['Movie', 'Zanzibar', 'Pets']) {
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

  it('names recorded starters only: an unrecorded one is not served to visitors', async () => {
    const starters = `/v1/conversa/storyfiles/${storyfile.id}/starters`;
    await owner.expectStatus(200, 'PUT', starters, {
      questionIds: [storyfile.questions[UNRECORDED_QUESTION], storyfile.questions[MOVIE]],
    });
    try {
      const loaded = await (
        await visitor()
      ).expectStatus<PublicStoryfile>(200, 'GET', `/v1/conversa/public/storyfiles/${slug}`);
      expect(loaded.starters).toEqual([{ questionId: storyfile.questions[MOVIE], text: MOVIE }]);
      expect(JSON.stringify(loaded)).not.toContain(UNRECORDED_QUESTION);
    } finally {
      await owner.expectStatus(200, 'PUT', starters, { questionIds: [] });
    }
  });
});
