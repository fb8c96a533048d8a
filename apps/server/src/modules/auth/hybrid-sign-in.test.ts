import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ServerMetadata } from 'openid-client';
import { createUser } from '../users/index.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { authLoginStates, authSessions } from './auth.tables.ts';
import { offersHybridSignIn } from './hybrid-sign-in.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

// Spec §4: "a silent check through a hidden page when cookies are enabled; otherwise
// login-required with hybrid flow". The person's sign-in after the check asks the provider for
// `code id_token` answered by form_post; the studio validates the ID token of that answer (nonce,
// c_hash, signature) as well as the code exchange, and ends with its session cookie.

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
  await createUser(studio.database.db, {
    email: 'hybrid@acme.test',
    password: 'hybrid-password',
    firstName: 'Hana',
  });
});

afterAll(async () => {
  await studio?.stop();
});

/** The provider's self-submitting form_post page: where it posts and what. */
interface FormPostAnswer {
  action: string;
  fields: Record<string, string>;
}

function readFormPost(html: string): FormPostAnswer {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) {
    throw new Error(`No form_post page: ${html.slice(0, 300)}`);
  }
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
    fields[match[1]!] = match[2]!.replaceAll('&amp;', '&');
  }
  return { action: action.replaceAll('&amp;', '&'), fields };
}

/** Starts a hybrid sign-in and signs in at the provider; answers the authorization request and the provider's answer, not yet posted. */
async function signInAtProvider(browser: TestBrowser): Promise<{
  authorization: URL;
  answer: FormPostAnswer;
}> {
  const start = await browser.request('/api/auth/login?flow=hybrid');
  expect(start.status).toBe(303);
  const authorization = new URL(start.headers.get('location')!);
  const loginPage = await browser.follow(authorization.href);
  const html = await loginPage.response.text();
  const action = /action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
  const result = await browser.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'hybrid@acme.test',
      password: 'hybrid-password',
    }).toString(),
  });
  expect(result.response.status).toBe(200);
  return { authorization, answer: readFormPost(await result.response.text()) };
}

/** Posts the answer as the provider's page does: a plain form, no system id header. */
function postAnswer(browser: TestBrowser, answer: FormPostAnswer): Promise<Response> {
  return browser.request(answer.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(answer.fields).toString(),
  });
}

const sessionCount = async () => (await studio.database.db.select().from(authSessions)).length;

/** A JWT with its payload changed and its signature kept. */
function tamperPayload(jwt: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  change(claims);
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('the hybrid sign-in (spec §4)', () => {
  it('asks for code id_token by form_post, validates the answer and ends on /dashboard with the session cookie', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const { authorization, answer } = await signInAtProvider(browser);
    expect(authorization.pathname).toBe('/idp/auth');
    expect(authorization.searchParams.get('response_type')).toBe('code id_token');
    expect(authorization.searchParams.get('response_mode')).toBe('form_post');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');

    expect(answer.action).toBe(`${studio.baseUrl}/api/auth/callback`);
    expect(Object.keys(answer.fields)).toEqual(
      expect.arrayContaining(['code', 'id_token', 'state']),
    );
    const [state] = await studio.database.db
      .select()
      .from(authLoginStates)
      .where(eq(authLoginStates.state, answer.fields.state!));
    expect(state?.responseType).toBe('code id_token');

    const callback = await postAnswer(browser, answer);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/dashboard');
    const cookie = callback.headers
      .getSetCookie()
      .find((header) => header.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie?.toLowerCase()).toContain('httponly');
    expect(cookie?.toLowerCase()).toContain('samesite=lax');
    const me = await browser.api('/v1/conversa/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('hybrid@acme.test');
  });

  it('refuses an answer whose ID token carries another nonce, and creates no session', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const { answer } = await signInAtProvider(browser);
    // The answer was issued for another sign-in's nonce than the one this state holds.
    await studio.database.db
      .update(authLoginStates)
      .set({ nonce: 'a-nonce-of-another-sign-in' })
      .where(eq(authLoginStates.state, answer.fields.state!));
    const before = await sessionCount();
    const callback = await postAnswer(browser, answer);
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/?signInError=failed');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a tampered ID token (its signature no longer matches)', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const { answer } = await signInAtProvider(browser);
    const before = await sessionCount();
    const callback = await postAnswer(browser, {
      ...answer,
      fields: {
        ...answer.fields,
        id_token: tamperPayload(answer.fields.id_token!, (claims) => {
          claims.sub = 'someone-else';
        }),
      },
    });
    expect(callback.headers.get('location')).toBe('/?signInError=failed');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionCount()).toBe(before);
  });

  it("refuses a code that is not the ID token's (c_hash)", async () => {
    const first = await signInAtProvider(new TestBrowser(studio.baseUrl));
    const browser = new TestBrowser(studio.baseUrl);
    const second = await signInAtProvider(browser);
    const before = await sessionCount();
    const callback = await postAnswer(browser, {
      ...second.answer,
      fields: { ...second.answer.fields, code: first.answer.fields.code! },
    });
    expect(callback.headers.get('location')).toBe('/?signInError=failed');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a replayed answer: its state is used once', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const { answer } = await signInAtProvider(browser);
    const first = await postAnswer(browser, answer);
    expect(first.headers.get('location')).toBe('/dashboard');
    const before = await sessionCount();
    const replay = await postAnswer(new TestBrowser(studio.baseUrl), answer);
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe('/?signInError=expired');
    expect(replay.headers.getSetCookie().join(';')).not.toMatch(
      new RegExp(`${SESSION_COOKIE}=[^;]`),
    );
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a hybrid sign-in answered by a GET with the code alone', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const { answer } = await signInAtProvider(browser);
    const query = new URLSearchParams({ code: answer.fields.code!, state: answer.fields.state! });
    const callback = await browser.request(`/api/auth/callback?${query.toString()}`);
    expect(callback.headers.get('location')).toBe('/?signInError=failed');
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('a provider error answered by form post goes back to the landing page', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.request('/api/auth/login?flow=hybrid');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const callback = await postAnswer(browser, {
      action: '/api/auth/callback',
      fields: { error: 'access_denied', state },
    });
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/?signInError=not-completed');
  });

  it('keeps the code flow for the silent check, even when asked for the hybrid one', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.request('/api/auth/login?prompt=none&flow=hybrid');
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.searchParams.get('response_type')).toBe('code');
    expect(authorization.searchParams.has('response_mode')).toBe(false);
    const plain = await browser.request('/api/auth/login');
    expect(new URL(plain.headers.get('location')!).searchParams.get('response_type')).toBe('code');
  });

  it('other cookie-authenticated writes under /api still need the system id header', async () => {
    const response = await new TestBrowser(studio.baseUrl).request('/api/auth/logout', {
      method: 'POST',
    });
    expect(response.status).toBe(403);
  });
});

describe('which issuers get the hybrid sign-in', () => {
  const metadata = (extra: Partial<ServerMetadata>): ServerMetadata => ({
    issuer: 'https://issuer.example',
    ...extra,
  });

  it('an issuer offering code id_token (in any order) and form_post', () => {
    expect(
      offersHybridSignIn(
        metadata({
          response_types_supported: ['code', 'id_token code'],
          response_modes_supported: ['query', 'fragment', 'form_post'],
        }),
      ),
    ).toBe(true);
  });

  it('not an issuer offering the code flow only, nor one without form_post', () => {
    expect(
      offersHybridSignIn(
        metadata({
          response_types_supported: ['code'],
          response_modes_supported: ['query', 'form_post'],
        }),
      ),
    ).toBe(false);
    expect(
      offersHybridSignIn(metadata({ response_types_supported: ['code', 'code id_token'] })),
    ).toBe(false);
  });
});
