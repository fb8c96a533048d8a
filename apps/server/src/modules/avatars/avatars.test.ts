import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  buildAvatarPath,
  buildAvatarUploadMetadata,
  getUploadIdFromUrl,
  UPLOAD_REJECTION_MESSAGES,
  type AvatarResourceType,
  type CurrentUser,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  signInAs,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import {
  getStatus,
  makeTempDir,
  TEST_FFMPEG,
  tusCreate,
  tusPatch,
  uploadBytes,
} from '../../../test/upload.fixtures.ts';
import { AVATAR_CACHE_CONTROL } from './avatars.routes.ts';
import { detectAvatarType } from './avatars.service.ts';

const run = promisify(execFile);

let studio: TestStudio;
let owner: ApiClient;
let editor: ApiClient;
let reader: ApiClient;
let outsider: ApiClient;
let admin: ApiClient;
let northId: string;
let storyfileId: string;
let png: Buffer;
let jpeg: Buffer;

async function iamOf(client: ApiClient): Promise<string> {
  return (await client.expectStatus<CurrentUser>(200, 'GET', '/v1/conversa/auth/me')).iam;
}

const metadataFor = (
  resourceType: AvatarResourceType,
  resourceId: string,
  filetype = 'image/png',
) => buildAvatarUploadMetadata({ resourceType, resourceId, filetype, source: 'my-profile' });

beforeAll(async () => {
  const [started, dir] = await Promise.all([startTestStudio(), makeTempDir()]);
  studio = started;
  for (const name of ['avatar.png', 'avatar.jpg']) {
    await run(TEST_FFMPEG, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64',
      '-frames:v',
      '1',
      path.join(dir, name),
    ]);
  }
  [png, jpeg] = await Promise.all([
    readFile(path.join(dir, 'avatar.png')),
    readFile(path.join(dir, 'avatar.jpg')),
  ]);
  northId = await buildNamespace(studio, 'north');
  await buildNamespace(studio, 'south');
  [owner, editor, reader, outsider, admin] = await Promise.all([
    buildMember(studio, 'owner@north.test', { north: 'owner:ns' }),
    buildMember(studio, 'editor@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'reader@north.test', { north: 'read:ns' }),
    buildMember(studio, 'owner@south.test', { south: 'owner:ns' }),
    signInAs(studio, 'admin@example.com', 'admin-password'),
  ]);
  storyfileId = (await buildStoryfile(editor, northId)).id;
});

afterAll(async () => {
  await studio?.stop();
});

describe('avatar by content', () => {
  it.each([
    ['png', () => png, 'png'],
    ['jpeg', () => jpeg, 'jpeg'],
    ['text named .png', () => Buffer.from('not an image'), null],
    ['gif', () => Buffer.from('GIF89a....'), null],
  ])('detects %s', (_label, bytes, expected) => {
    expect(detectAvatarType(bytes())).toBe(expected);
  });
});

describe('My Profile avatar (spec §3, §5, §7, §9)', () => {
  it('uploads in chunks, answers the upload id, and serves the image with the cache-bypass timestamp', async () => {
    const iam = await iamOf(reader);
    const created = await tusCreate(reader.browser, png.length, metadataFor('user', iam));
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const half = Math.ceil(png.length / 2);
    expect((await tusPatch(reader.browser, url, 0, png.subarray(0, half))).status).toBe(204);
    expect((await tusPatch(reader.browser, url, half, png.subarray(half))).status).toBe(204);
    const id = getUploadIdFromUrl(url);
    expect((await getStatus(reader.browser, id)).body).toEqual({ status: 'END', error: null });

    const image = await reader.browser.request(buildAvatarPath(iam, 'user', 1_700_000_000_000));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe(AVATAR_CACHE_CONTROL);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    const etag = image.headers.get('etag')!;
    const again = await reader.browser.request(buildAvatarPath(iam), {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // Colleagues of a namespace see it; someone sharing none does not.
    expect((await editor.browser.request(buildAvatarPath(iam))).status).toBe(200);
    expect((await outsider.browser.request(buildAvatarPath(iam))).status).toBe(404);
    expect((await fetch(`${studio.baseUrl}${buildAvatarPath(iam)}`)).status).toBe(401);
  });

  it('replaces the previous image and deletes its file', async () => {
    const iam = await iamOf(editor);
    const first = await uploadBytes(editor.browser, png, metadataFor('user', iam));
    expect(first.finish.status).toBe(204);
    const second = await uploadBytes(editor.browser, jpeg, metadataFor('user', iam, 'image/jpeg'));
    expect(second.finish.status).toBe(204);
    const image = await editor.browser.request(buildAvatarPath(iam, 'user', Date.now()));
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const stored = await readdir(path.join(studio.config.dataDir, 'media', 'avatars'));
    expect(stored).toContain(`${second.id}.jpg`);
    expect(stored).not.toContain(`${first.id}.png`);
  });

  it('refuses a file that is not png or jpeg by its content, keeping the old avatar', async () => {
    const iam = await iamOf(owner);
    const { id, finish } = await uploadBytes(
      owner.browser,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      metadataFor('user', iam),
    );
    expect(finish.status).toBe(415);
    expect((await finish.text()).trim()).toBe(UPLOAD_REJECTION_MESSAGES.avatarContent);
    expect((await getStatus(owner.browser, id)).body).toEqual({
      status: 'FAIL',
      error: UPLOAD_REJECTION_MESSAGES.avatarContent,
    });
    // No picture is no error (issue 44: a 404 logged on every page of a user without one).
    const none = await owner.browser.request(buildAvatarPath(iam));
    expect(none.status).toBe(204);
    expect(await none.text()).toBe('');
  });

  it.each([
    [
      'a gif by its declared type',
      () => metadataFor('user', 'x', 'image/gif'),
      64,
      415,
      UPLOAD_REJECTION_MESSAGES.avatarType,
    ],
    [
      'more than 10,000,000,000 bytes',
      () => metadataFor('user', 'x'),
      AVATAR_MAX_BYTES + 1,
      413,
      null,
    ],
    [
      'an unknown resource type',
      () => ({ ...metadataFor('user', 'x'), resource_type: 'planet' }),
      10,
      400,
      UPLOAD_REJECTION_MESSAGES.unknownResourceType,
    ],
  ])('refuses %s at creation', async (_label, metadata, length, status, message) => {
    const response = await tusCreate(reader.browser, length, metadata());
    expect(response.status).toBe(status);
    if (message) {
      expect((await response.text()).trim()).toBe(message);
    }
  });
});

describe('who owns a resource avatar', () => {
  it.each([
    [
      "someone else's user avatar",
      () => editor,
      async () => ['user', await iamOf(reader)] as const,
      403,
      'You need to be at least "Super Admin"',
    ],
    [
      "a storyfile's, as its viewer",
      () => reader,
      () => Promise.resolve(['storyfile', storyfileId] as const),
      403,
      'You need to be at least "Content Creator"',
    ],
    [
      "a namespace's, as its editor",
      () => editor,
      () => Promise.resolve(['namespace', northId] as const),
      403,
      'You need to be at least "Admin"',
    ],
    [
      "a namespace's, from outside it",
      () => outsider,
      () => Promise.resolve(['namespace', northId] as const),
      404,
      'Namespace not found.',
    ],
    [
      "a promo code's, as a namespace owner",
      () => owner,
      () => Promise.resolve(['promo_code', 'SPRING'] as const),
      403,
      'You need to be at least "Super Admin"',
    ],
  ])('refuses %s', async (_label, client, target, status, message) => {
    const [type, id] = await target();
    const response = await tusCreate(client().browser, png.length, metadataFor(type, id));
    expect(response.status).toBe(status);
    expect((await response.text()).trim()).toBe(message);
  });

  it.each([
    [
      'a storyfile, by its editor',
      () => editor,
      () => ['storyfile', storyfileId] as const,
      () => reader,
    ],
    ['a namespace, by its owner', () => owner, () => ['namespace', northId] as const, () => reader],
    [
      'a promo code, by an admin',
      () => admin,
      () => ['promo_code', 'SPRING'] as const,
      () => owner,
    ],
    [
      "another user's, by an admin",
      () => admin,
      () => ['user', '8a3c5a8e-2d41-4a55-9b1b-0e6f0c2b9d77'] as const,
      () => admin,
    ],
  ])('lets %s set it, and shows it', async (_label, client, target, viewer) => {
    const [type, id] = target();
    const { finish } = await uploadBytes(client().browser, png, metadataFor(type, id));
    expect(finish.status).toBe(204);
    const image = await viewer().browser.request(buildAvatarPath(id, type, Date.now()));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('hides storyfile and namespace avatars from other namespaces', async () => {
    expect((await outsider.browser.request(buildAvatarPath(storyfileId, 'storyfile'))).status).toBe(
      404,
    );
    expect((await outsider.browser.request(buildAvatarPath(northId, 'namespace'))).status).toBe(
      404,
    );
  });
});
