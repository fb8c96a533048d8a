import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STATUS_FOLLOWS_PUBLICATION_MESSAGE,
  STORYFILE_PUBLISHED_STATUS_LOCKED_MESSAGE,
  type Publication,
  type StoryfileDetail,
  type StoryfilePage,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';

// Issue 15, defect 1: "Published" is one state, the publication, changed by one permission
// (owner, on the Publishing card); the Details status cannot publish, unpublish or hide it.

let studio: TestStudio;
let northId: string;
let editor: ApiClient;
let owner: ApiClient;

beforeAll(async () => {
  studio = await startTestStudio();
  northId = await buildNamespace(studio, 'north');
  [editor, owner] = await Promise.all([
    buildMember(studio, 'editor@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'owner@north.test', { north: 'owner:ns' }),
  ]);
});

afterAll(async () => {
  await studio?.stop();
});

describe('storyfile status follows the publication', () => {
  it('refuses "published" as a status: an editor cannot publish through Details', async () => {
    const storyfile = await buildStoryfile(editor, northId, { name: 'Status by editor' });
    const path = `/v1/conversa/storyfiles/${storyfile.id}`;

    const answer = await editor.patch(path, { status: 'published' });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: STATUS_FOLLOWS_PUBLICATION_MESSAGE },
    });
    // The owner is refused the same way: publishing has one door, the publish call.
    expect(await owner.patch(path, { status: 'published' })).toMatchObject({ status: 400 });

    const detail = await editor.expectStatus<StoryfileDetail>(200, 'GET', path);
    expect(detail.status).toBe('draft');
    const publication = await editor.expectStatus<Publication>(200, 'GET', `${path}/publication`);
    expect(publication.isPublished).toBe(false);
  });

  it('refuses "published" when creating a storyfile', async () => {
    const answer = await editor.post('/v1/conversa/storyfiles', {
      namespaceId: northId,
      name: 'Born published',
      status: 'published',
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: STATUS_FOLLOWS_PUBLICATION_MESSAGE },
    });
  });

  it('shows "published" exactly while the publication is live, and locks the status then', async () => {
    const storyfile = await buildStoryfile(editor, northId, { name: 'Published by owner' });
    const path = `/v1/conversa/storyfiles/${storyfile.id}`;
    await editor.expectStatus(200, 'PATCH', path, { status: 'ready' });

    await owner.expectStatus(200, 'POST', `${path}/publish`);
    expect((await editor.expectStatus<StoryfileDetail>(200, 'GET', path)).status).toBe('published');
    const published = await editor.expectStatus<StoryfilePage>(
      200,
      'GET',
      `/v1/conversa/storyfiles?status=published&namespaceId=${northId}`,
    );
    expect(published.items.map((item) => item.id)).toEqual([storyfile.id]);

    // Setting Draft while the share link is live would hide a live storyfile behind "Draft".
    const toDraft = await editor.patch(path, { status: 'draft' });
    expect(toDraft).toMatchObject({
      status: 409,
      body: { message: STORYFILE_PUBLISHED_STATUS_LOCKED_MESSAGE },
    });
    const stillLive = await editor.expectStatus<Publication>(200, 'GET', `${path}/publication`);
    expect(stillLive.isPublished).toBe(true);
    // Other details still save while published.
    await editor.expectStatus(200, 'PATCH', path, { description: 'Still live' });

    await owner.expectStatus(200, 'POST', `${path}/unpublish`);
    const afterUnpublish = await editor.expectStatus<StoryfileDetail>(200, 'GET', path);
    expect(afterUnpublish.status).toBe('ready');
    const readyList = await editor.expectStatus<StoryfilePage>(
      200,
      'GET',
      `/v1/conversa/storyfiles?status=published&namespaceId=${northId}`,
    );
    expect(readyList.items).toEqual([]);
  });
});
