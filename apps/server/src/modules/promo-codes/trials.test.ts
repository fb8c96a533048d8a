import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  buildVideoUploadMetadata,
  escapeHtml,
  formatTrialEndedMessage,
  formatTrialLimitMessage,
  PROMO_ALREADY_REDEEMED_MESSAGE,
  RETRY_UPLOAD_MESSAGES,
  TRIAL_REVOKED_MESSAGE,
  VIDEO_PROCESSING_MESSAGES,
  type CurrentUser,
  type PromoClient,
  type PromoCode,
} from '@conversa/contracts';
import { auditEvents } from '../accounts/accounts.tables.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { users } from '../users/users.tables.ts';
import {
  answerUpload,
  buildQuestions,
  startPromoStudio,
  type PromoKit,
  type QuestionRef,
} from '../../../test/promo.fixtures.ts';
import { buildStoryfile, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import { tusCreate } from '../../../test/upload.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';

// Trials against a real studio and PostgreSQL: their limits on storyfiles and recorded answers
// (uploads in flight and retries counted), and what admins extend, convert and revoke.

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

describe('trials', () => {
  it('refuses a create past the limit, goes read-only when ended, and admins extend, convert and revoke (audited)', async () => {
    const code = await kit.createCode({ storyfileLimit: 2, maxRedemptions: 5 });
    const { api, client } = await kit.redeem(code.code);
    const namespaceId = client.organizationId;
    const storyfile = await buildStoryfile(api, namespaceId);
    const kept = await buildStoryfile(api, namespaceId);
    const third = await api.post('/v1/conversa/storyfiles', { namespaceId, name: 'Third' });
    expect(third).toMatchObject({
      status: 403,
      body: { message: formatTrialLimitMessage('storyfiles', 2) },
    });
    expect((await kit.findClient(client.ownerEmail)).usage.storyfiles).toBe(2);
    // auth/me tells the New storyfile form the limit and the count before it is filled (issue 44).
    const trialOf = async () =>
      (await api.expectStatus<CurrentUser>(200, 'GET', '/v1/conversa/auth/me')).namespaces.find(
        (namespace) => namespace.id === namespaceId,
      )?.trial;
    expect(await trialOf()).toEqual({ storyfileLimit: 2, storyfileCount: 2 });

    await api.expectStatus(200, 'DELETE', `/v1/conversa/storyfiles/${storyfile.id}`);
    expect(await trialOf()).toEqual({ storyfileLimit: 2, storyfileCount: 1 });
    const ended = await admin.expectStatus<PromoClient>(
      200,
      'POST',
      `/v1/conversa/promo-codes/clients/${client.id}/end`,
    );
    expect(ended.status).toBe('expired');
    expect(await trialOf()).toBeUndefined();
    const readOnly = await api.post('/v1/conversa/storyfiles', { namespaceId, name: 'After end' });
    expect(readOnly).toMatchObject({
      status: 403,
      body: { message: formatTrialEndedMessage(new Date(ended.trialEndsAt)) },
    });
    // Uploading is refused too, by the tus endpoint, with the same words.
    const upload = await tusCreate(
      api.browser,
      1000,
      buildVideoUploadMetadata({
        storyfileId: kept.id,
        target: { clipKind: 'idle' },
        filename: 'idle.mp4',
        filetype: 'video/mp4',
      }),
    );
    expect(upload.status).toBe(403);
    expect((await upload.text()).trim()).toBe(formatTrialEndedMessage(new Date(ended.trialEndsAt)));
    // Viewing still works.
    await api.expectStatus(200, 'GET', `/v1/conversa/storyfiles?namespaceId=${namespaceId}`);
    expect((await api.get<{ roles: string[] }>('/api/auth/session')).body.roles).toEqual([
      'conversa',
    ]);

    const extended = await admin.expectStatus<PromoClient>(
      200,
      'POST',
      `/v1/conversa/promo-codes/clients/${client.id}/extend`,
      { days: 7 },
    );
    expect(extended.status).toBe('trial');
    expect(Date.parse(extended.trialEndsAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    await api.expectStatus(201, 'POST', '/v1/conversa/storyfiles', {
      namespaceId,
      name: 'After extension',
    });

    const converted = await admin.expectStatus<PromoClient>(
      200,
      'POST',
      `/v1/conversa/promo-codes/clients/${client.id}/convert`,
    );
    expect(converted.status).toBe('converted');
    await buildStoryfile(api, namespaceId);
    expect((await api.get<{ roles: string[] }>('/api/auth/session')).body.roles).toEqual([
      'conversa',
      'conversa-studio',
    ]);

    const audit = await studio.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.namespaceId, namespaceId));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'promo_client.convert',
      'promo_client.end',
      'promo_client.extend',
      'promo_client.redeem',
    ]);
  });

  it('revoking gives the use back and leaves the organization read-only', async () => {
    const code = await kit.createCode({ maxRedemptions: 1 });
    const { api, client } = await kit.redeem(code.code);
    const revoked = await admin.expectStatus<PromoClient>(
      200,
      'POST',
      `/v1/conversa/promo-codes/clients/${client.id}/revoke`,
    );
    expect(revoked.status).toBe('revoked');
    const refused = await api.post('/v1/conversa/storyfiles', {
      namespaceId: client.organizationId,
      name: 'Revoked',
    });
    expect(refused).toMatchObject({ status: 403, body: { message: TRIAL_REVOKED_MESSAGE } });
    const list = await admin.get<{ items: PromoCode[] }>('/v1/conversa/promo-codes');
    expect(list.body.items.find((item) => item.id === code.id)).toMatchObject({
      remainingUses: 1,
      totalRedemptions: 1,
    });
    const again = await kit.signUp({ code: code.code, email: client.ownerEmail });
    expect(again.html).toContain(escapeHtml(PROMO_ALREADY_REDEEMED_MESSAGE));
    const [event] = await studio.database.db
      .select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(
        sql`${auditEvents.namespaceId} = ${client.organizationId} and action = 'promo_client.revoke'`,
      );
    expect(event?.after).toMatchObject({ status: 'revoked' });
  });

  it('counts recorded answers through the upload endpoint, uploads in flight included', async () => {
    const code = await kit.createCode({ recordedAnswerLimit: 1 });
    const { api, client } = await kit.redeem(code.code);
    const storyfile = await buildStoryfile(api, client.organizationId);
    const [first, second] = await buildQuestions(api, storyfile.id, 2);
    const limit = formatTrialLimitMessage('recorded answers', 1);
    // Started, not finished: it already holds the one recorded answer of the trial.
    const started = await answerUpload(api, storyfile.id, first!);
    expect(started.status, await started.text()).toBe(201);
    expect((await kit.findClient(client.ownerEmail)).usage.recordedAnswers).toBe(1);
    const refused = await answerUpload(api, storyfile.id, second!);
    expect(refused.status).toBe(403);
    expect((await refused.text()).trim()).toBe(limit);
    // Another take of the same question adds no recorded answer.
    expect((await answerUpload(api, storyfile.id, first!)).status).toBe(201);
    // A clip is no recorded answer.
    const clip = await tusCreate(
      api.browser,
      1000,
      buildVideoUploadMetadata({
        storyfileId: storyfile.id,
        target: { clipKind: 'idle' },
        filename: 'idle.mp4',
        filetype: 'video/mp4',
      }),
    );
    expect(clip.status).toBe(201);
  });

  it('lets only one of two parallel answer uploads take the last recorded answer', async () => {
    const code = await kit.createCode({ recordedAnswerLimit: 1 });
    const { api, client } = await kit.redeem(code.code);
    const storyfile = await buildStoryfile(api, client.organizationId);
    const [first, second] = await buildQuestions(api, storyfile.id, 2);
    const answers = await Promise.all([
      answerUpload(api, storyfile.id, first!),
      answerUpload(api, storyfile.id, second!),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
    const loser = answers.find((answer) => answer.status === 403)!;
    expect((await loser.text()).trim()).toBe(formatTrialLimitMessage('recorded answers', 1));
    const rows = await studio.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from uploads where storyfile_id = ${storyfile.id} and kind = 'answer'`);
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('counts a retried answer video against the limit, and refuses a retry once the trial ended', async () => {
    const code = await kit.createCode({ recordedAnswerLimit: 1 });
    const { api, client } = await kit.redeem(code.code);
    const storyfile = await buildStoryfile(api, client.organizationId);
    const [first, second] = await buildQuestions(api, storyfile.id, 2);
    const [owner] = await studio.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, client.ownerEmail));
    let uploadCount = 0;
    /** An answer video whose processing failed on our side: Try again is offered for it. */
    const failedAnswer = async (question: QuestionRef) => {
      uploadCount += 1;
      const id = `${client.id.replaceAll('-', '').slice(0, 30)}${String(uploadCount).padStart(2, '0')}`;
      await studio.database.db.insert(uploads).values({
        id,
        tusId: id,
        kind: 'answer',
        userId: owner!.id,
        storyfileId: storyfile.id,
        storyfileQuestionId: question.id,
        sizeBytes: 10,
        phase: 'failed',
        error: VIDEO_PROCESSING_MESSAGES.failed,
        processedAt: new Date(),
      });
      return id;
    };
    const retry = (id: string) =>
      api.call<{ message: string }>('POST', `/v1/conversa/uploads/${id}/retry`);

    // A failed video holds no recorded answer, so within the limit its retry passes the trial
    // (and is then refused only because this test keeps no bytes for it).
    expect(await retry(await failedAnswer(first!))).toMatchObject({
      status: 409,
      body: { message: RETRY_UPLOAD_MESSAGES.fileGone },
    });
    // An upload in flight now holds the trial's one recorded answer: retrying another question's
    // failed answer would make a second.
    expect((await answerUpload(api, storyfile.id, first!)).status).toBe(201);
    expect(await retry(await failedAnswer(second!))).toMatchObject({
      status: 403,
      body: { message: formatTrialLimitMessage('recorded answers', 1) },
    });

    // Once the trial ended, no retry runs, not even another take of a question already answered.
    const retryOfFirst = await failedAnswer(first!);
    const ended = await admin.expectStatus<PromoClient>(
      200,
      'POST',
      `/v1/conversa/promo-codes/clients/${client.id}/end`,
    );
    expect(await retry(retryOfFirst)).toMatchObject({
      status: 403,
      body: { message: formatTrialEndedMessage(new Date(ended.trialEndsAt)) },
    });
    const [row] = await studio.database.db
      .select({ phase: uploads.phase })
      .from(uploads)
      .where(eq(uploads.id, retryOfFirst));
    expect(row).toEqual({ phase: 'failed' });
  });
});
