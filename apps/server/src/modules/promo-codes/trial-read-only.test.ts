import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  formatTrialEndedMessage,
  TRIAL_REVOKED_MESSAGE,
  type PromoClient,
} from '@conversa/contracts';
import { grantScope } from '../namespaces/index.ts';
import {
  answerUpload,
  buildQuestions,
  PASSWORD,
  startPromoStudio,
  type PromoKit,
} from '../../../test/promo.fixtures.ts';
import {
  buildNamespace,
  buildStoryfile,
  signInAs,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';

// An ended or revoked trial's organization is read-only: every write refused with its message,
// reads and playing kept, the same person's other organizations untouched.

let kit: PromoKit;
let studio: TestStudio;
let admin: ApiClient;

beforeAll(async () => {
  kit = await startPromoStudio();
  ({ studio, admin } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('read-only trial organizations', () => {
  it('refuses every write to an ended trial with its message, through the gateway, and keeps reads and playing', async () => {
    const code = await kit.createCode({ storyfileLimit: 3 });
    const { api, client } = await kit.redeem(code.code);
    const namespaceId = client.organizationId;
    const storyfile = await buildStoryfile(api, namespaceId);
    const [question] = await buildQuestions(api, storyfile.id, 1);
    const libraryTopic = await api.expectStatus<{ id: string }>(
      201,
      'POST',
      '/v1/conversa/topics',
      {
        namespaceId,
        name: 'Library topic',
      },
    );
    const ended = await admin.expectStatus<PromoClient>(
      200,
      'POST',
      `/v1/conversa/promo-codes/clients/${client.id}/end`,
    );
    const message = formatTrialEndedMessage(new Date(ended.trialEndsAt));
    const id = storyfile.id;
    const writes: [string, string, unknown?][] = [
      ['POST', '/v1/conversa/storyfiles', { namespaceId, name: 'After end' }],
      ['PATCH', `/v1/conversa/storyfiles/${id}`, { name: 'Renamed' }],
      ['POST', `/v1/conversa/storyfiles/${id}/topics`, { name: 'Another topic' }],
      [
        'POST',
        `/v1/conversa/storyfiles/${id}/questions`,
        { topicId: question!.topicId, text: 'New?' },
      ],
      ['PATCH', `/v1/conversa/storyfiles/${id}/questions/${question!.id}`, { text: 'Changed?' }],
      ['POST', `/v1/conversa/storyfiles/${id}/publish`],
      ['PUT', `/v1/conversa/storyfiles/${id}/starters`, { questionIds: [] }],
      ['POST', '/v1/conversa/topics', { namespaceId, name: 'Library after end' }],
      ['PATCH', `/v1/conversa/topics/${libraryTopic.id}`, { name: 'Renamed topic' }],
      ['POST', '/v1/conversa/questions', { topicId: libraryTopic.id, text: 'Library question?' }],
    ];
    for (const [method, path, body] of writes) {
      expect(await api.call(method, path, body), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message },
      });
    }
    // Uploads: the tus endpoint answers the same words, in its plain text.
    const upload = await answerUpload(api, id, question!);
    expect(upload.status).toBe(403);
    expect((await upload.text()).trim()).toBe(message);
    // Nothing was written.
    const detail = await api.expectStatus<{ name: string }>(
      200,
      'GET',
      `/v1/conversa/storyfiles/${id}`,
    );
    expect(detail.name).toBe(storyfile.name);
    const uploads = await studio.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from uploads where storyfile_id = ${id}`,
    );
    expect(uploads.rows[0]!.n).toBe(0);
    // Reading and playing still work.
    await api.expectStatus(200, 'GET', `/v1/conversa/storyfiles?namespaceId=${namespaceId}`);
    await api.expectStatus(200, 'GET', `/v1/conversa/topics?namespaceId=${namespaceId}`);
    await api.expectStatus(200, 'POST', `/v1/conversa/storyfiles/${id}/ask`, { text: 'Hello?' });

    // An admin's extension lifts it.
    await admin.expectStatus(200, 'POST', `/v1/conversa/promo-codes/clients/${client.id}/extend`, {
      days: 3,
    });
    await api.expectStatus(201, 'POST', `/v1/conversa/storyfiles/${id}/topics`, { name: 'Back' });
  });

  it("refuses a revoked trial's writes while the same person keeps writing in another organization", async () => {
    const code = await kit.createCode();
    const { client } = await kit.redeem(code.code);
    const namespaceId = client.organizationId;
    const elsewhere = await buildNamespace(studio, `Elsewhere ${client.id}`);
    await grantScope(studio.database.db, {
      email: client.ownerEmail,
      namespaceLabel: `Elsewhere ${client.id}`,
      scope: 'edit:ns',
    });
    const api = await signInAs(studio, client.ownerEmail, PASSWORD);
    const trialTopic = await api.expectStatus<{ id: string }>(201, 'POST', '/v1/conversa/topics', {
      namespaceId,
      name: 'Trial topic',
    });
    await admin.expectStatus(200, 'POST', `/v1/conversa/promo-codes/clients/${client.id}/revoke`);
    expect(await api.post('/v1/conversa/topics', { namespaceId, name: 'Refused' })).toMatchObject({
      status: 403,
      body: { message: TRIAL_REVOKED_MESSAGE },
    });
    await api.expectStatus(201, 'POST', '/v1/conversa/topics', {
      namespaceId: elsewhere,
      name: 'Allowed elsewhere',
    });
    // A write naming the trial's row by id only: the handler gets the user as a Viewer there.
    const renamed = await api.patch(`/v1/conversa/topics/${trialTopic.id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(403);
    const topics = await api.expectStatus<{ items: { id: string; name: string }[] }>(
      200,
      'GET',
      `/v1/conversa/topics?namespaceId=${namespaceId}`,
    );
    expect(topics.items.find((topic) => topic.id === trialTopic.id)?.name).toBe('Trial topic');
  });
});
