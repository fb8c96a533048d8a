import { buildVideoUploadMetadata, type PromoClient, type PromoCode } from '@conversa/contracts';
import { expect } from 'vitest';
import { signInAs, type ApiClient } from './storyfile.fixtures.ts';
import { startTestStudio } from './studio.ts';
import { tusCreate } from './upload.fixtures.ts';

// Promo codes and trials (modules/promo-codes/*.test.ts): a studio with its platform admin, codes
// made and redeemed as a person signs up, and a trial's questions and answer uploads.

export const ADMIN_REQUIRED = 'You need to be at least "Super Admin"';
export const PASSWORD = 'trial-password-1';

/** A studio with its platform admin signed in, and the promo-code helpers bound to it. */
export type PromoKit = Awaited<ReturnType<typeof startPromoStudio>>;

/** Starts a studio for a promo-code test file (its beforeAll); the file stops `kit.studio`. */
export async function startPromoStudio() {
  const studio = await startTestStudio();
  const admin = await signInAs(studio, 'admin@example.com', 'admin-password');
  let counter = 0;

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
    return client as PromoClient;
  }

  /** Signs up, opens the link the admins see, signs in: the new client's API client. */
  async function redeem(code: string, email = nextEmail()) {
    expect((await signUp({ code, email })).status).toBe(201);
    const client = await findClient(email);
    const verified = await fetch(client.verificationLink ?? '', { method: 'POST' });
    expect(verified.status).toBe(200);
    return { api: await signInAs(studio, email, PASSWORD), client: await findClient(email) };
  }

  return { studio, admin, nextEmail, createCode, signUp, findClient, redeem };
}

export interface QuestionRef {
  id: string;
  topicId: string;
}

/** A topic with `count` questions in the storyfile. */
export async function buildQuestions(api: ApiClient, storyfileId: string, count: number) {
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
export function answerUpload(api: ApiClient, storyfileId: string, question: QuestionRef) {
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
