import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { feedback } from './feedback.tables.ts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { createUser } from '../users/index.ts';

const FORM_URL = 'https://forms.example.com/studio-feedback';

let studio: TestStudio;
let author: TestBrowser;
let authorId: string;

beforeAll(async () => {
  studio = await startTestStudio({ FEEDBACK_FORM_URL: FORM_URL });
  const user = await createUser(studio.database.db, {
    email: 'writer@acme.test',
    password: 'writer-password',
  });
  authorId = user.id;
  author = new TestBrowser(studio.baseUrl);
  await signIn(author, 'writer@acme.test', 'writer-password');
});

afterAll(async () => {
  await studio?.stop();
});

function post(browser: TestBrowser, body: unknown): Promise<Response> {
  return browser.api('/v1/conversa/feedback', {
    method: 'POST',
    headers: { 'user-agent': 'feedback-test' },
    body: JSON.stringify(body),
  });
}

describe('POST /v1/conversa/feedback', () => {
  it('stores a bug report with its author, page, reply email and time, and answers 201 with the id', async () => {
    const before = Date.now();
    const response = await post(author, {
      kind: 'bug',
      message: '  The Search button stays grey.  ',
      pageUrl: 'http://studio.test/topics?search=intro',
      email: 'reply@acme.test',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await studio.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      userId: authorId,
      kind: 'bug',
      message: 'The Search button stays grey.',
      pageUrl: 'http://studio.test/topics?search=intro',
      replyEmail: 'reply@acme.test',
      userAgent: 'feedback-test',
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('stores general feedback without a reply email', async () => {
    const response = await post(author, {
      kind: 'feedback',
      message: 'Love the new menu.',
      pageUrl: '/dashboard',
      email: '',
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [row] = await studio.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({ kind: 'feedback', replyEmail: null });
  });

  it.each([
    ['an empty message', { message: ' ' }, 'Write a message before sending.'],
    [
      'a message of 5001 characters',
      { message: 'x'.repeat(5001) },
      'A message can have at most 5000 characters.',
    ],
    [
      'a malformed reply email',
      { email: 'nobody@' },
      'Enter a valid email address, or leave it empty.',
    ],
    // Issue 15: the field is named as a person reads it, not by its key.
    ['an unknown kind', { kind: 'praise' }, 'Kind must be one of: '],
  ])('answers 400 for %s and stores nothing', async (_name, change, message) => {
    const countBefore = (await studio.database.db.select().from(feedback)).length;
    const response = await post(author, {
      kind: 'feedback',
      message: 'ok',
      pageUrl: '/dashboard',
      ...change,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    expect(await studio.database.db.select().from(feedback)).toHaveLength(countBefore);
  });

  it('answers 401 without a session', async () => {
    const response = await post(new TestBrowser(studio.baseUrl), {
      kind: 'feedback',
      message: 'anonymous',
      pageUrl: '/',
    });
    expect(response.status).toBe(401);
  });

  it('refuses a cookie-authenticated write without the system identifier header', async () => {
    const response = await author.request('/v1/conversa/feedback', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'feedback', message: 'forged', pageUrl: '/' }),
    });
    expect(response.status).toBe(403);
  });
});

describe('GET /v1/conversa/feedback/config', () => {
  it('gives the configured external form to a signed-in user', async () => {
    const response = await author.api('/v1/conversa/feedback/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ formUrl: FORM_URL });
  });

  it('answers 401 without a session', async () => {
    const response = await new TestBrowser(studio.baseUrl).api('/v1/conversa/feedback/config');
    expect(response.status).toBe(401);
  });
});
