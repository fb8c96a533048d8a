import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/studio.ts';
import { buildMember, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { RECORDED_QUESTIONS } from '../../../test/conversation.fixtures.ts';
import {
  buildRequest,
  listOperations,
  type OpenApiDocument,
  type Targets,
} from '../../../test/openapi.fixtures.ts';
import {
  studio,
  owner,
  classmate,
  school,
  storyfile,
  otherStoryfile,
  lifeTopicId,
  userIdOf,
  createActivity,
  setUpLearningStudio,
} from '../../../test/learning.fixtures.ts';

setUpLearningStudio();

describe('the restricted role', () => {
  it('is refused on every call that is not open to students', async () => {
    const document = (await (await fetch(`${studio.baseUrl}/docs/json`)).json()) as OpenApiDocument;
    const targets: Targets = {
      namespaceId: school,
      storyfileId: storyfile.id,
      checklistTopicId: lifeTopicId,
      checklistQuestionId: storyfile.questions[RECORDED_QUESTIONS[0]!.text]!,
      libraryTopicId: lifeTopicId,
      libraryQuestionId: storyfile.questions[RECORDED_QUESTIONS[0]!.text]!,
      scriptId: storyfile.id,
      scriptTopicId: lifeTopicId,
      conversationId: storyfile.id,
      slug: 'no-such-slug',
    };
    const OPEN_TO_STUDENTS = new Set([
      'GET /v1/conversa/auth/me',
      'GET /v1/conversa/feedback/config',
      'POST /v1/conversa/feedback',
      'GET /v1/conversa/uploads',
      'GET /v1/conversa/learning/my-activities',
      'GET /v1/conversa/learning/my-activities/{id}',
      'POST /v1/conversa/learning/my-activities/{id}/ask',
      'POST /v1/conversa/learning/my-activities/{id}/exchanges/{exchangeId}/feedback',
      'POST /v1/conversa/learning/my-activities/{id}/speech2text',
      // Its WebSocket twin (issue 42, item 3): a student's spoken question streamed while said.
      'GET /v1/conversa/learning/my-activities/{id}/speech2text/stream',
      'GET /v1/conversa/learning/my-activities/{id}/speech-settings',
      'GET /v1/conversa/learning/my-activities/{id}/storyfiles/{storyfileId}',
    ]);
    const wrong: string[] = [];
    let refusedCount = 0;
    for (const operation of listOperations(document)) {
      const key = `${operation.method} ${operation.path}`;
      if (operation.permission?.kind === 'public' || OPEN_TO_STUDENTS.has(key)) {
        continue;
      }
      const request = buildRequest(operation, targets);
      const answer = await classmate.browser.api(request.url, {
        method: request.method,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      const body = (await answer.json().catch(() => ({}))) as { message?: string };
      // SCIM calls take an organization's SCIM token, never a session: 401 for anyone signed in.
      if (operation.permission?.kind === 'scimToken') {
        if (answer.status !== 401) {
          wrong.push(`${key} -> ${answer.status} ${body.message ?? ''}`);
        }
        continue;
      }
      if (answer.status !== 403 || body.message !== 'You need to be at least "Viewer"') {
        wrong.push(`${key} -> ${answer.status} ${body.message ?? ''}`);
      }
      refusedCount += 1;
    }
    expect(wrong).toEqual([]);
    expect(refusedCount).toBeGreaterThan(60);
    // What stays open answers.
    expect((await classmate.get('/v1/conversa/auth/me')).status).toBe(200);
    expect((await classmate.get('/v1/conversa/learning/my-activities')).status).toBe(200);
    // The shell's upload bar asks on every page: no 403 in a student's console (issue 44).
    const uploads = await classmate.get('/v1/conversa/uploads');
    expect([uploads.status, uploads.body]).toEqual([200, { uploads: [] }]);
    // Nor for their own picture, which the shell shows (none yet: 204).
    const me = await classmate.get<{ iam: string }>('/v1/conversa/auth/me');
    expect((await classmate.get(`/avatar/${me.body.iam}/type/user`)).status).toBe(204);
  });
});

describe('students invited from a CSV of names and emails', () => {
  it('keeps each name with the invitation and offers it on the join page', async () => {
    const sent = await owner.expectStatus<{ results: { email: string; link: string }[] }>(
      201,
      'POST',
      `/v1/conversa/organizations/${school}/invitations`,
      {
        emails: ['mary@school.test', 'Alan@school.test', 'nameless@school.test'],
        names: { 'mary@school.test': 'Mary Ann Evans', 'alan@school.test': 'Turing, Alan' },
        scope: 'restricted:ns',
      },
    );
    const students = await owner.expectStatus<{
      pendingInvitations: { email: string; name: string | null }[];
    }>(200, 'GET', `/v1/conversa/learning/students?organizationId=${school}`);
    expect(students.pendingInvitations.map(({ email, name }) => ({ email, name }))).toEqual([
      { email: 'Alan@school.test', name: 'Turing, Alan' },
      { email: 'mary@school.test', name: 'Mary Ann Evans' },
      { email: 'nameless@school.test', name: null },
    ]);
    const browser = new TestBrowser(studio.baseUrl);
    const linkOf = (email: string) => sent.results.find((result) => result.email === email)!.link;
    const page = await (await browser.request(linkOf('Alan@school.test'))).text();
    expect(page).toContain(
      'name="firstName" autocomplete="given-name" maxlength="100" value="Alan"',
    );
    expect(page).toContain(
      'name="lastName" autocomplete="family-name" maxlength="100" value="Turing"',
    );
    const nameless = await (await browser.request(linkOf('nameless@school.test'))).text();
    expect(nameless).toContain('maxlength="100" value=""');
    // The person keeps the offered name by submitting the form as it came.
    const joined = await browser.request(linkOf('mary@school.test'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstName: 'Mary Ann',
        lastName: 'Evans',
        password: 'a-new-password',
      }).toString(),
    });
    expect(joined.status).toBe(200);
    const roster = await owner.expectStatus<{ items: { email: string; name: string }[] }>(
      200,
      'GET',
      `/v1/conversa/learning/students?organizationId=${school}`,
    );
    expect(roster.items.find((item) => item.email === 'mary@school.test')?.name).toBe(
      'Mary Ann Evans',
    );
  });
});

// Issue 43, item 11: a student's auth/me listed every storyfile id of the namespace.
describe("a student's auth/me", () => {
  it('lists only the storyfiles of the activities assigned to them', async () => {
    const newcomer = await buildMember(studio, 'lin@school.test', { school: 'restricted:ns' });
    type Me = { namespaces: { id: string; storyfileNamespaces: { storyfileId: string }[] }[] };
    const idsIn = async (client: ApiClient) =>
      (await client.expectStatus<Me>(200, 'GET', '/v1/conversa/auth/me')).namespaces
        .find((namespace) => namespace.id === school)!
        .storyfileNamespaces.map((entry) => entry.storyfileId);
    expect(await idsIn(newcomer)).toEqual([]);
    await createActivity({
      title: 'Only the first storyfile',
      studentIds: [await userIdOf('lin@school.test')],
      rule: { questionsAsked: 1 },
    });
    expect(await idsIn(newcomer)).toEqual([storyfile.id]);
    expect(await idsIn(owner)).toEqual(expect.arrayContaining([storyfile.id, otherStoryfile.id]));
  });
});
