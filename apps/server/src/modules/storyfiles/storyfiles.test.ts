import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETED_NAME_MARKER,
  formatStoryfileNameTakenMessage,
  NAMESPACE_NOT_FOUND_MESSAGE,
  STORYFILE_NOT_FOUND_MESSAGE,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  signInAs,
  type ApiClient,
  type StoryfileAnswer,
} from '../../../test/storyfile.fixtures.ts';

let studio: TestStudio;
let northId: string;
let southId: string;
let reader: ApiClient;
let restricted: ApiClient;
let editor: ApiClient;
let owner: ApiClient;
let southOwner: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  studio = await startTestStudio();
  northId = await buildNamespace(studio, 'north');
  southId = await buildNamespace(studio, 'south');
  [reader, restricted, editor, owner, southOwner, admin] = await Promise.all([
    buildMember(studio, 'reader@north.test', { north: 'read:ns' }),
    buildMember(studio, 'restricted@north.test', { north: 'restricted:ns' }),
    buildMember(studio, 'editor@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'owner@north.test', { north: 'owner:ns' }),
    buildMember(studio, 'owner@south.test', { south: 'owner:ns' }),
    signInAs(studio, 'admin@example.com', 'admin-password'),
  ]);
});

afterAll(async () => {
  await studio?.stop();
});

const VIEWER = 'You need to be at least "Viewer"';
const CONTENT_CREATOR = 'You need to be at least "Content Creator"';
const ADMIN_ROLE = 'You need to be at least "Admin"';

describe('permissions per role (spec §6: read to view, edit to change, owner to restore)', () => {
  let storyfile: StoryfileAnswer;

  beforeAll(async () => {
    storyfile = await buildStoryfile(editor, northId, { name: 'Role matrix' });
  });

  const path = () => `/v1/conversa/storyfiles/${storyfile.id}`;
  const clients = () => ({ reader, editor, owner, admin });

  it.each([
    ['reader', 200],
    ['editor', 200],
    ['owner', 200],
    ['admin', 200],
  ] as const)('%s reads a storyfile of the namespace: %i', async (role, status) => {
    const answer = await clients()[role].get(path());
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ id: storyfile.id, name: 'Role matrix' });
  });

  // A restricted user (a student of the learning module) sees only their activities: the gateway
  // refuses every other call before it looks the storyfile up.
  it('a restricted user neither reads nor changes a storyfile: 403', async () => {
    const read = await restricted.get(path());
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(VIEWER);
    const change = await restricted.patch(path(), { description: 'changed by restricted' });
    expect(change.status).toBe(403);
    expect(change.body.message).toBe(VIEWER);
  });

  it.each([
    ['reader', 403, CONTENT_CREATOR],
    ['editor', 200, undefined],
    ['owner', 200, undefined],
    ['admin', 200, undefined],
  ] as const)('%s changes a storyfile: %i', async (role, status, message) => {
    const answer = await clients()[role].patch(path(), { description: `changed by ${role}` });
    expect(answer.status).toBe(status);
    if (message) {
      expect(answer.body.message).toBe(message);
    } else {
      expect(answer.body.description).toBe(`changed by ${role}`);
    }
  });

  it.each([
    ['reader', 403, CONTENT_CREATOR],
    ['editor', 201, undefined],
    ['owner', 201, undefined],
  ] as const)('%s creates a storyfile in the namespace: %i', async (role, status, message) => {
    const answer = await clients()[role].post('/v1/conversa/storyfiles', {
      namespaceId: northId,
      name: `Created by ${role}`,
    });
    expect(answer.status).toBe(status);
    if (message) {
      expect(answer.body.message).toBe(message);
    }
  });

  it('only an owner restores, and only an editor or more deletes', async () => {
    const target = await buildStoryfile(editor, northId, { name: 'Delete me' });
    const targetPath = `/v1/conversa/storyfiles/${target.id}`;
    expect((await reader.delete(targetPath)).body.message).toBe(CONTENT_CREATOR);
    expect((await editor.delete(targetPath)).status).toBe(200);
    const byEditor = await editor.post(`${targetPath}/restore`);
    expect(byEditor).toMatchObject({ status: 403, body: { message: ADMIN_ROLE } });
    const byOwner = await owner.post(`${targetPath}/restore`);
    expect(byOwner).toMatchObject({ status: 200, body: { name: 'Delete me', deletedAt: null } });
  });

  it('a signed-in user without any namespace cannot list storyfiles', async () => {
    const loner = await buildMember(studio, 'loner@nowhere.test', {});
    expect(await loner.get('/v1/conversa/storyfiles')).toMatchObject({
      status: 403,
      body: { message: VIEWER },
    });
  });

  it('anonymous callers get 401', async () => {
    const response = await fetch(`${studio.baseUrl}${path()}`);
    expect(response.status).toBe(401);
  });
});

describe('across namespaces (a user of one namespace never reads or changes another)', () => {
  let northFile: StoryfileAnswer;
  const unknownId = '00000000-0000-4000-8000-000000000000';

  beforeAll(async () => {
    northFile = await buildStoryfile(editor, northId, { name: 'North secret' });
  });

  it.each([
    ['GET', ''],
    ['PATCH', ''],
    ['DELETE', ''],
    ['POST', '/restore'],
    ['POST', '/topics'],
    ['PUT', '/starters'],
    ['POST', '/apply-script'],
  ])(
    '%s %s on a storyfile of another namespace answers like an unknown id',
    async (method, suffix) => {
      const body =
        method === 'GET' || method === 'DELETE'
          ? undefined
          : suffix === '/topics'
            ? { name: 'Intrusion' }
            : suffix === '/starters'
              ? { questionIds: [] }
              : suffix === '/apply-script'
                ? { scriptId: unknownId }
                : { name: 'Taken over' };
      const foreign = await southOwner.call(
        method,
        `/v1/conversa/storyfiles/${northFile.id}${suffix}`,
        body,
      );
      const unknown = await southOwner.call(
        method,
        `/v1/conversa/storyfiles/${unknownId}${suffix}`,
        body,
      );
      expect(foreign).toEqual({
        status: 404,
        body: { statusCode: 404, error: 'NOT_FOUND', message: STORYFILE_NOT_FOUND_MESSAGE },
      });
      expect(unknown).toEqual(foreign);
    },
  );

  it('the storyfile is unchanged afterwards', async () => {
    const answer = await editor.get(`/v1/conversa/storyfiles/${northFile.id}`);
    expect(answer.body).toMatchObject({ name: 'North secret', deletedAt: null, topics: [] });
  });

  it('lists only show the caller’s namespaces; naming another one is a 404', async () => {
    const list = await southOwner.get('/v1/conversa/storyfiles?pageSize=100');
    expect(list.status).toBe(200);
    const names = (list.body.items as StoryfileAnswer[]).map((item) => item.namespaceId);
    expect(names.every((id) => id === southId)).toBe(true);
    expect(await southOwner.get(`/v1/conversa/storyfiles?namespaceId=${northId}`)).toMatchObject({
      status: 404,
      body: { message: NAMESPACE_NOT_FOUND_MESSAGE },
    });
  });

  it('cannot create in, or check names of, another namespace', async () => {
    expect(
      await southOwner.post('/v1/conversa/storyfiles', { namespaceId: northId, name: 'Sneaky' }),
    ).toMatchObject({ status: 404, body: { message: NAMESPACE_NOT_FOUND_MESSAGE } });
    expect(
      await southOwner.get(
        `/v1/conversa/storyfile/nameTaken?name=North%20secret&organizationIds=${northId}`,
      ),
    ).toMatchObject({ status: 404 });
    // Without organizationIds only the caller's own namespaces count.
    expect(
      await southOwner.get('/v1/conversa/storyfile/nameTaken?name=North%20secret'),
    ).toMatchObject({ status: 200, body: { unique: true } });
  });

  it('the recent list drops storyfiles of other namespaces', async () => {
    const answer = await southOwner.get(`/v1/conversa/storyfiles/recent?ids=${northFile.id}`);
    expect(answer).toMatchObject({ status: 200, body: { items: [] } });
  });

  it('admins see every namespace', async () => {
    expect((await admin.get(`/v1/conversa/storyfiles/${northFile.id}`)).status).toBe(200);
    const list = await admin.get(`/v1/conversa/storyfiles?namespaceId=${northId}&pageSize=100`);
    expect((list.body.items as StoryfileAnswer[]).map((item) => item.id)).toContain(northFile.id);
  });
});

describe('nameTaken (spec §7) and unique names', () => {
  beforeAll(async () => {
    await buildStoryfile(editor, northId, { name: 'Grandma Rose' });
  });

  it.each([
    ['Grandma Rose', false],
    ['grandma rose', false],
    ['  GRANDMA ROSE  ', false],
    ['Grandma Rose II', true],
    ['Grandma', true],
  ])('name %j in north: unique %s', async (name, unique) => {
    const answer = await reader.get(
      `/v1/conversa/storyfile/nameTaken?name=${encodeURIComponent(name)}&organizationIds=${northId}`,
    );
    expect(answer).toEqual({ status: 200, body: { unique } });
  });

  it('is scoped by organizationIds', async () => {
    const both = await admin.get(
      `/v1/conversa/storyfile/nameTaken?name=Grandma%20Rose&organizationIds=${southId}`,
    );
    expect(both.body).toEqual({ unique: true });
    const all = await admin.get('/v1/conversa/storyfile/nameTaken?name=Grandma%20Rose');
    expect(all.body).toEqual({ unique: false });
  });

  it('leaves out the storyfile being renamed (excludeId)', async () => {
    const own = await buildStoryfile(editor, northId, { name: 'Self check' });
    const answer = await editor.get(
      `/v1/conversa/storyfile/nameTaken?name=self%20CHECK&organizationIds=${northId}&excludeId=${own.id}`,
    );
    expect(answer.body).toEqual({ unique: true });
  });

  it('refuses a taken name with 409 on create and on rename', async () => {
    const message = formatStoryfileNameTakenMessage('grandma rose');
    expect(
      await editor.post('/v1/conversa/storyfiles', { namespaceId: northId, name: 'grandma rose' }),
    ).toMatchObject({ status: 409, body: { message } });
    const other = await buildStoryfile(editor, northId, { name: 'Someone else' });
    expect(
      await editor.patch(`/v1/conversa/storyfiles/${other.id}`, { name: 'grandma rose' }),
    ).toMatchObject({ status: 409, body: { message } });
  });

  it('lets the database settle a race: of two simultaneous creates one wins', async () => {
    const attempts = await Promise.all(
      [1, 2, 3].map(() =>
        editor.post('/v1/conversa/storyfiles', { namespaceId: northId, name: 'Race' }),
      ),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 409, 409]);
  });

  it('the same name is fine in another namespace', async () => {
    expect(
      (
        await southOwner.post('/v1/conversa/storyfiles', {
          namespaceId: southId,
          name: 'Grandma Rose',
        })
      ).status,
    ).toBe(201);
  });

  it(`refuses names containing "${DELETED_NAME_MARKER}"`, async () => {
    const answer = await editor.post('/v1/conversa/storyfiles', {
      namespaceId: northId,
      name: 'Sneaky - Deleted',
    });
    expect(answer.status).toBe(400);
    expect(String(answer.body.message)).toContain('marks deleted items');
  });
});

describe('soft delete (spec §5 " - Deleted") and restore', () => {
  it('renames to "<name> - Deleted", then "- Deleted (2)" for the next one', async () => {
    const first = await buildStoryfile(editor, northId, { name: 'Twice' });
    const deleted = await editor.delete(`/v1/conversa/storyfiles/${first.id}`);
    expect(deleted.body).toMatchObject({ name: 'Twice - Deleted' });
    expect(deleted.body.deletedAt).toEqual(expect.any(String));

    const second = await buildStoryfile(editor, northId, { name: 'Twice' });
    const again = await editor.delete(`/v1/conversa/storyfiles/${second.id}`);
    expect(again.body).toMatchObject({ name: 'Twice - Deleted (2)' });
    expect(String(again.body.name)).toContain(DELETED_NAME_MARKER);

    // Deleting again changes nothing.
    expect((await editor.delete(`/v1/conversa/storyfiles/${second.id}`)).body.name).toBe(
      'Twice - Deleted (2)',
    );
  });

  it('keeps deleted storyfiles out of lists unless an owner asks for them', async () => {
    const file = await buildStoryfile(editor, northId, { name: 'Hidden after delete' });
    await editor.delete(`/v1/conversa/storyfiles/${file.id}`);
    const search = 'search=Hidden%20after%20delete';
    const listIds = async (client: ApiClient, extra = '') =>
      (
        (await client.get(`/v1/conversa/storyfiles?${search}${extra}`)).body
          .items as StoryfileAnswer[]
      ).map((item) => item.id);
    expect(await listIds(editor)).toEqual([]);
    expect(await listIds(editor, '&includeDeleted=true')).toEqual([]);
    expect(await listIds(owner)).toEqual([]);
    expect(await listIds(owner, '&includeDeleted=true')).toEqual([file.id]);
  });

  it('keeps deleted storyfiles out of the recent list, in the order given', async () => {
    const kept = await buildStoryfile(editor, northId, { name: 'Recent kept' });
    const gone = await buildStoryfile(editor, northId, { name: 'Recent gone' });
    const later = await buildStoryfile(editor, northId, { name: 'Recent later' });
    await editor.delete(`/v1/conversa/storyfiles/${gone.id}`);
    const answer = await reader.get(
      `/v1/conversa/storyfiles/recent?ids=${later.id},${gone.id},${kept.id},not-an-id`,
    );
    expect((answer.body.items as StoryfileAnswer[]).map((item) => item.name)).toEqual([
      'Recent later',
      'Recent kept',
    ]);
  });

  it('refuses changes to a deleted storyfile until it is restored', async () => {
    const file = await buildStoryfile(editor, northId, { name: 'Frozen' });
    await editor.delete(`/v1/conversa/storyfiles/${file.id}`);
    const answer = await editor.patch(`/v1/conversa/storyfiles/${file.id}`, { description: 'x' });
    expect(answer).toMatchObject({
      status: 409,
      body: {
        message: 'The storyfile "Frozen - Deleted" is deleted; restore it before changing it.',
      },
    });
    await owner.post(`/v1/conversa/storyfiles/${file.id}/restore`);
    expect(
      (await editor.patch(`/v1/conversa/storyfiles/${file.id}`, { description: 'x' })).status,
    ).toBe(200);
  });

  it('answers 409 on restore when the original name was taken meanwhile', async () => {
    const file = await buildStoryfile(editor, northId, { name: 'Phoenix' });
    await editor.delete(`/v1/conversa/storyfiles/${file.id}`);
    await buildStoryfile(editor, northId, { name: 'Phoenix' });
    expect(await owner.post(`/v1/conversa/storyfiles/${file.id}/restore`)).toMatchObject({
      status: 409,
      body: { message: formatStoryfileNameTakenMessage('Phoenix') },
    });
  });
});

describe('auth/me lists the storyfiles of each namespace (spec §3)', () => {
  it('lists live storyfiles under their namespace only', async () => {
    const file = await buildStoryfile(southOwner, southId, { name: 'Listed in me' });
    const me = await southOwner.get('/v1/conversa/auth/me');
    const south = (
      me.body.namespaces as { id: string; storyfileNamespaces: { storyfileId: string }[] }[]
    ).find((namespace) => namespace.id === southId);
    expect(south?.storyfileNamespaces).toContainEqual({ storyfileId: file.id });
    await southOwner.delete(`/v1/conversa/storyfiles/${file.id}`);
    const after = await southOwner.get('/v1/conversa/auth/me');
    expect(JSON.stringify(after.body)).not.toContain(file.id);
  });
});
