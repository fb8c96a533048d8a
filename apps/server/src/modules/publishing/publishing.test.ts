import { describe, expect, it } from 'vitest';
import {
  SHARE_SLUG_LENGTH,
  STORYFILE_NOT_AVAILABLE_MESSAGE,
  type Publication,
  type PublicStoryfile,
  type StoryfileVideos,
} from '@conversa/contracts';
import { seedStoryfileWithAnswers } from '../../../test/conversation.fixtures.ts';
import { publishForSlug } from '../../../test/ask.fixtures.ts';
import {
  studio,
  owner,
  reader,
  outsider,
  storyfile,
  slug,
  northId,
  MOVIE,
  visitor,
  publicAsk,
  rememberSlug,
  setUpPublishingStudio,
} from '../../../test/publishing.fixtures.ts';

setUpPublishingStudio();

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
    rememberSlug(published.slug!);
  });

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

  // Issue 43, item 9: unpublishing ended visitors' media URLs at once; deleting did not.
  it("refuses a visitor's media URLs once the published storyfile is deleted", async () => {
    const doomed = await seedStoryfileWithAnswers(studio, owner, northId);
    const doomedSlug = await publishForSlug(owner, doomed.id);
    const anonymous = await visitor(doomedSlug);
    const loaded = await anonymous.expectStatus<PublicStoryfile>(
      200,
      'GET',
      `/v1/conversa/public/storyfiles/${doomedSlug}`,
    );
    const answer = await publicAsk(anonymous, { text: MOVIE }, doomedSlug);
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
});
