import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  escapeHtml,
  PROMO_EMAIL_NOT_VERIFIED_MESSAGE,
  PROMO_VERIFY_LINK_INVALID_MESSAGE,
} from '@conversa/contracts';
import { authSessions } from '../auth/auth.tables.ts';
import { hashSessionId, SESSION_COOKIE } from '../auth/index.ts';
import { PASSWORD, startPromoStudio, type PromoKit } from '../../../test/promo.fixtures.ts';
import { signInAs } from '../../../test/storyfile.fixtures.ts';
import { signIn, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import {
  SIGNUP_RATE_LIMITED_MESSAGE,
  VERIFY_CROSS_SITE_MESSAGE,
} from '../../identity/signup.routes.ts';

// Redeeming a promo code: the sign-up form, the verified email, the trial organization it makes.

let kit: PromoKit;
let studio: TestStudio;

beforeAll(async () => {
  kit = await startPromoStudio();
  ({ studio } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('redeeming', () => {
  it('verifies the email before sign-in, makes the person owner of a trial organization and adds the trial group', async () => {
    const code = await kit.createCode({ trialDays: 10 });
    const email = kit.nextEmail();
    const done = await kit.signUp({ code: code.code, email, name: 'Ada Lovelace' });
    expect(done.status).toBe(201);
    expect(done.html).toContain('Ada Lovelace&#39;s organization');

    const early = await signIn(new TestBrowser(studio.baseUrl), email, PASSWORD);
    expect(early.body).toContain(escapeHtml(PROMO_EMAIL_NOT_VERIFIED_MESSAGE));

    const client = await kit.findClient(email);
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
    expect(await kit.findClient(email)).toMatchObject({ isEmailVerified: false });
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
    expect(await kit.findClient(email)).toMatchObject({ isEmailVerified: false });
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
    expect(await kit.findClient(email)).toMatchObject({
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
    const email = kit.nextEmail();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await kit.signUp({ code: 'NO-SUCH-CODE', email })).status).toBe(400);
    }
    const limited = await kit.signUp({ code: 'NO-SUCH-CODE', email });
    expect(limited.status).toBe(429);
    expect(limited.html).toContain(escapeHtml(SIGNUP_RATE_LIMITED_MESSAGE));
  });
});
