import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  buildVideoUploadMetadata,
  escapeHtml,
  formatPromoCodeExpiredMessage,
  formatTrialEndedMessage,
  formatTrialLimitMessage,
  PROMO_ALREADY_REDEEMED_MESSAGE,
  PROMO_CODE_EXHAUSTED_MESSAGE,
  PROMO_CODE_INACTIVE_MESSAGE,
  PROMO_CODE_NOT_FOUND_MESSAGE,
  PROMO_CODE_REDEEMED_DELETE_MESSAGE,
  PROMO_CODE_TAKEN_MESSAGE,
  PROMO_EMAIL_IN_USE_MESSAGE,
  PROMO_EMAIL_NOT_VERIFIED_MESSAGE,
  PROMO_VERIFY_LINK_INVALID_MESSAGE,
  RETRY_UPLOAD_MESSAGES,
  TRIAL_REVOKED_MESSAGE,
  VIDEO_PROCESSING_MESSAGES,
  type CurrentUser,
  type PromoClient,
  type PromoCode,
} from '@conversa/contracts';
import { auditEvents } from '../accounts/accounts.tables.ts';
import { authSessions } from '../auth/auth.tables.ts';
import { hashSessionId, SESSION_COOKIE } from '../auth/index.ts';
import {
  ApiClient,
  buildNamespace,
  buildStoryfile,
  signInAs,
} from '../../../test/storyfile.fixtures.ts';
import { grantScope } from '../namespaces/index.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { users } from '../users/users.tables.ts';
import { tusCreate } from '../../../test/upload.fixtures.ts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import {
  SIGNUP_RATE_LIMITED_MESSAGE,
  VERIFY_CROSS_SITE_MESSAGE,
} from '../../identity/signup.routes.ts';

let studio: TestStudio;
let admin: ApiClient;
let counter = 0;

const ADMIN_REQUIRED = 'You need to be at least "Super Admin"';
const PASSWORD = 'trial-password-1';

beforeAll(async () => {
  studio = await startTestStudio();
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
});

afterAll(async () => {
  await studio?.stop();
});

const nextEmail = () => {
  counter += 1;
  return `client-${counter}@trial.test`;
};

async function createCode(body: Record<string, unknown> = {}): Promise<PromoCode> {
  return admin.expectStatus<PromoCode>(201, 'POST', '/v1/conversa/promo-codes', body);
}

/** Posts the sign-up form as a browser would; answers the status and the page. */
async function signUp(fields: { code: string; email: string; name?: string; password?: string }) {
  const response = await fetch(`${studio.baseUrl}/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code: fields.code,
      name: fields.name ?? 'Trial Client',
      email: fields.email,
      password: fields.password ?? PASSWORD,
    }).toString(),
  });
  return { status: response.status, html: await response.text() };
}

async function findClient(email: string): Promise<PromoClient> {
  const list = await admin.expectStatus<{ items: PromoClient[] }>(
    200,
    'GET',
    '/v1/conversa/promo-codes/clients',
  );
  const client = list.items.find((item) => item.ownerEmail === email);
  expect(client, email).toBeDefined();
  return client!;
}

/** Signs up, opens the link the admins see, signs in: the new client's API client. */
async function redeem(code: string, email = nextEmail()) {
  expect((await signUp({ code, email })).status).toBe(201);
  const client = await findClient(email);
  const verified = await fetch(client.verificationLink!, { method: 'POST' });
  expect(verified.status).toBe(200);
  return { api: await signInAs(studio, email, PASSWORD), client: await findClient(email) };
}

interface QuestionRef {
  id: string;
  topicId: string;
}

/** A topic with `count` questions in the storyfile. */
async function buildQuestions(api: ApiClient, storyfileId: string, count: number) {
  const topic = await api.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/topics`,
    { name: 'Topic' },
  );
  const questions: QuestionRef[] = [];
  for (let index = 0; index < count; index += 1) {
    const question = await api.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfileId}/questions`,
      { topicId: topic.id, text: `Question ${index + 1}?` },
    );
    questions.push({ id: question.id, topicId: topic.id });
  }
  return questions;
}

/** Starts (never finishes) the upload of a question's answer video. */
function answerUpload(api: ApiClient, storyfileId: string, question: QuestionRef) {
  return tusCreate(
    api.browser,
    1000,
    buildVideoUploadMetadata({
      storyfileId,
      target: { questionId: question.id },
      filename: 'answer.mp4',
      filetype: 'video/mp4',
    }),
  );
}

describe('promo codes', () => {
  it('creates given and generated codes and refuses a taken one', async () => {
    const given = await createCode({ code: 'Spring-2026', maxRedemptions: 3 });
    expect(given).toMatchObject({
      code: 'Spring-2026',
      grantsGroup: 'conversa-studio-free-trial',
      trialDays: 14,
      storyfileLimit: 1,
      recordedAnswerLimit: 33,
      redemptionCount: 0,
      remainingUses: 3,
      isActive: true,
    });
    const generated = await createCode();
    expect(generated.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(generated.remainingUses).toBeNull();
    const taken = await admin.post('/v1/conversa/promo-codes', { code: 'spring-2026' });
    expect(taken).toMatchObject({ status: 409, body: { message: PROMO_CODE_TAKEN_MESSAGE } });
  });

  it('answers a clear message for an unknown, inactive or expired code', async () => {
    const unknown = await signUp({ code: 'NO-SUCH-CODE', email: nextEmail() });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain(escapeHtml(PROMO_CODE_NOT_FOUND_MESSAGE));

    const inactive = await createCode();
    await admin.expectStatus(200, 'PATCH', `/v1/conversa/promo-codes/${inactive.id}`, {
      isActive: false,
    });
    const off = await signUp({ code: inactive.code, email: nextEmail() });
    expect(off.html).toContain(escapeHtml(PROMO_CODE_INACTIVE_MESSAGE));

    const expiresAt = new Date(Date.now() - 60_000);
    const expired = await createCode({ expiresAt: expiresAt.toISOString() });
    expect(expired.isExpired).toBe(true);
    const late = await signUp({ code: expired.code, email: nextEmail() });
    expect(late.html).toContain(escapeHtml(formatPromoCodeExpiredMessage(expiresAt)));
  });

  it('keeps the overall limit, one redemption per person, and refuses an email in use', async () => {
    const code = await createCode({ maxRedemptions: 2 });
    const first = nextEmail();
    expect((await signUp({ code: code.code, email: first })).status).toBe(201);
    const again = await signUp({ code: code.code, email: first.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.html).toContain(escapeHtml(PROMO_ALREADY_REDEEMED_MESSAGE));
    const inUse = await signUp({ code: code.code, email: 'admin@example.com' });
    expect(inUse.html).toContain(escapeHtml(PROMO_EMAIL_IN_USE_MESSAGE));
    expect((await signUp({ code: code.code, email: nextEmail() })).status).toBe(201);
    const exhausted = await signUp({ code: code.code, email: nextEmail() });
    expect(exhausted.status).toBe(400);
    expect(exhausted.html).toContain(escapeHtml(PROMO_CODE_EXHAUSTED_MESSAGE));

    const list = await admin.get<{ items: PromoCode[] }>('/v1/conversa/promo-codes');
    expect(list.body.items.find((item) => item.id === code.id)).toMatchObject({
      redemptionCount: 2,
      totalRedemptions: 2,
      remainingUses: 0,
    });
    // Redeemed: never deleted, only switched off.
    const deleted = await admin.delete(`/v1/conversa/promo-codes/${code.id}`);
    expect(deleted).toMatchObject({
      status: 409,
      body: { message: PROMO_CODE_REDEEMED_DELETE_MESSAGE },
    });
    const unused = await createCode();
    await admin.expectStatus(200, 'DELETE', `/v1/conversa/promo-codes/${unused.id}`);
  });

  it('gives the last use to exactly one of two people redeeming at once', async () => {
    const code = await createCode({ maxRedemptions: 1 });
    const results = await Promise.all([
      signUp({ code: code.code, email: nextEmail() }),
      signUp({ code: code.code, email: nextEmail() }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
    expect(results.find((result) => result.status === 400)!.html).toContain(
      escapeHtml(PROMO_CODE_EXHAUSTED_MESSAGE),
    );
    const rows = await studio.database.db.execute<{ n: number; count: number }>(sql`
      select (select count(*)::int from promo_redemptions where promo_code_id = ${code.id}) as n,
        redemption_count as count from promo_codes where id = ${code.id}`);
    expect(rows.rows[0]).toEqual({ n: 1, count: 1 });
  });
});

describe('redeeming', () => {
  it('verifies the email before sign-in, makes the person owner of a trial organization and adds the trial group', async () => {
    const code = await createCode({ trialDays: 10 });
    const email = nextEmail();
    const done = await signUp({ code: code.code, email, name: 'Ada Lovelace' });
    expect(done.status).toBe(201);
    expect(done.html).toContain('Ada Lovelace&#39;s organization');

    const early = await signIn(new TestBrowser(studio.baseUrl), email, PASSWORD);
    expect(early.body).toContain(escapeHtml(PROMO_EMAIL_NOT_VERIFIED_MESSAGE));

    const client = await findClient(email);
    expect(client).toMatchObject({
      organizationLabel: "Ada Lovelace's organization",
      ownerName: 'Ada Lovelace',
      code: code.code,
      status: 'trial',
      isEmailVerified: false,
      usage: { storyfiles: 0, storyfileLimit: 1, recordedAnswers: 0, recordedAnswerLimit: 33 },
    });
    const days = (Date.parse(client.trialEndsAt) - Date.parse(client.redeemedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(10);
    expect(client.verificationLink).toMatch(/\/signup\/verify\/[\w-]{20,}$/);
    // Opening the link (what a mail scanner's prefetch does) shows a button and verifies nothing.
    for (let open = 0; open < 2; open += 1) {
      const opened = await fetch(client.verificationLink!);
      expect(opened.status).toBe(200);
      const html = await opened.text();
      expect(html).toContain('<button type="submit" autofocus>Verify my email</button>');
      expect(html).toContain(`action="${new URL(client.verificationLink!).pathname}"`);
    }
    expect(await findClient(email)).toMatchObject({ isEmailVerified: false });
    const stillEarly = await signIn(new TestBrowser(studio.baseUrl), email, PASSWORD);
    expect(stillEarly.body).toContain(escapeHtml(PROMO_EMAIL_NOT_VERIFIED_MESSAGE));
    // Another site's page cannot press the button for them.
    const crossSite = await fetch(client.verificationLink!, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain(escapeHtml(VERIFY_CROSS_SITE_MESSAGE));
    const foreignOrigin = await fetch(client.verificationLink!, {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(foreignOrigin.status).toBe(403);
    expect(await findClient(email)).toMatchObject({ isEmailVerified: false });
    // The button's post, from the studio's own page, verifies once.
    const pressed = await fetch(client.verificationLink!, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: new URL(studio.baseUrl).origin },
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('Email verified');
    expect((await fetch(client.verificationLink!, { method: 'POST' })).status).toBe(410);
    const reopened = await fetch(client.verificationLink!);
    expect(reopened.status).toBe(410);
    expect(await reopened.text()).toContain(escapeHtml(PROMO_VERIFY_LINK_INVALID_MESSAGE));
    expect(await findClient(email)).toMatchObject({
      isEmailVerified: true,
      verificationLink: null,
    });

    const owner = await signInAs(studio, email, PASSWORD);
    const session = await owner.get<{ roles: string[] }>('/api/auth/session');
    expect(session.body.roles).toEqual(['conversa', 'conversa-studio-free-trial']);
    const [row] = await studio.database.db
      .select({ accessToken: authSessions.accessToken, idToken: authSessions.idToken })
      .from(authSessions)
      .where(eq(authSessions.idHash, hashSessionId(owner.browser.cookies.get(SESSION_COOKIE)!)));
    const userinfo = await fetch(`${studio.baseUrl}/idp/me`, {
      headers: { authorization: `Bearer ${row!.accessToken}` },
    });
    expect(((await userinfo.json()) as { groups: string[] }).groups).toEqual([
      'conversa',
      'conversa-studio-free-trial',
    ]);
    const idClaims = JSON.parse(
      Buffer.from(row!.idToken!.split('.')[1]!, 'base64url').toString(),
    ) as { groups: string[] };
    expect(idClaims.groups).toEqual(['conversa', 'conversa-studio-free-trial']);
    const me = await owner.get<{
      namespaces: { id: string; userNamespaces: { scope: string }[] }[];
    }>('/v1/conversa/auth/me');
    expect(me.body.namespaces).toEqual([
      expect.objectContaining({
        id: client.organizationId,
        userNamespaces: [{ scope: 'owner:ns' }],
      }),
    ]);
  });

  it('limits sign-up attempts per email address', async () => {
    const email = nextEmail();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signUp({ code: 'NO-SUCH-CODE', email })).status).toBe(400);
    }
    const limited = await signUp({ code: 'NO-SUCH-CODE', email });
    expect(limited.status).toBe(429);
    expect(limited.html).toContain(escapeHtml(SIGNUP_RATE_LIMITED_MESSAGE));
  });
});

describe('trials', () => {
  it('refuses a create past the limit, goes read-only when ended, and admins extend, convert and revoke (audited)', async () => {
    const code = await createCode({ storyfileLimit: 2, maxRedemptions: 5 });
    const { api, client } = await redeem(code.code);
    const namespaceId = client.organizationId;
    const storyfile = await buildStoryfile(api, namespaceId);
    const kept = await buildStoryfile(api, namespaceId);
    const third = await api.post('/v1/conversa/storyfiles', { namespaceId, name: 'Third' });
    expect(third).toMatchObject({
      status: 403,
      body: { message: formatTrialLimitMessage('storyfiles', 2) },
    });
    expect((await findClient(client.ownerEmail)).usage.storyfiles).toBe(2);
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
    const code = await createCode({ maxRedemptions: 1 });
    const { api, client } = await redeem(code.code);
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
    const again = await signUp({ code: code.code, email: client.ownerEmail });
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
    const code = await createCode({ recordedAnswerLimit: 1 });
    const { api, client } = await redeem(code.code);
    const storyfile = await buildStoryfile(api, client.organizationId);
    const [first, second] = await buildQuestions(api, storyfile.id, 2);
    const limit = formatTrialLimitMessage('recorded answers', 1);
    // Started, not finished: it already holds the one recorded answer of the trial.
    const started = await answerUpload(api, storyfile.id, first!);
    expect(started.status, await started.text()).toBe(201);
    expect((await findClient(client.ownerEmail)).usage.recordedAnswers).toBe(1);
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
    const code = await createCode({ recordedAnswerLimit: 1 });
    const { api, client } = await redeem(code.code);
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
    const code = await createCode({ recordedAnswerLimit: 1 });
    const { api, client } = await redeem(code.code);
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

  it('refuses non-admins every promo-code call', async () => {
    const code = await createCode();
    const { api, client } = await redeem(code.code);
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/conversa/promo-codes'],
      ['POST', '/v1/conversa/promo-codes', {}],
      ['PATCH', `/v1/conversa/promo-codes/${code.id}`, { isActive: false }],
      ['DELETE', `/v1/conversa/promo-codes/${code.id}`],
      ['GET', '/v1/conversa/promo-codes/clients'],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/extend`, { days: 30 }],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/convert`],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/end`],
      ['POST', `/v1/conversa/promo-codes/clients/${client.id}/revoke`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await api.call(method, path, body);
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: ADMIN_REQUIRED },
      });
      const anonymous = await new ApiClient(new TestBrowser(studio.baseUrl)).call(
        method,
        path,
        body,
      );
      expect(anonymous.status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await findClient(client.ownerEmail)).status).toBe('trial');
  });
});

describe('read-only trial organizations', () => {
  it('refuses every write to an ended trial with its message, through the gateway, and keeps reads and playing', async () => {
    const code = await createCode({ storyfileLimit: 3 });
    const { api, client } = await redeem(code.code);
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
    const code = await createCode();
    const { client } = await redeem(code.code);
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
