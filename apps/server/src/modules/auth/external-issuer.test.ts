import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getFreePort,
  startTestStudio,
  TestBrowser,
  type TestStudio,
} from '../../../test/studio.ts';
import { startUpstreamIdp } from '../../../test/upstream-idp.ts';

// With OIDC_ISSUER set, the studio is a plain relying party of someone else's provider (a Keycloak
// realm in production; here an independent oidc-provider with its own accounts and keys).
let studio: TestStudio;
let issuer: { issuer: string; close: () => Promise<void> };

beforeAll(async () => {
  const studioPort = await getFreePort();
  const issuerPort = await getFreePort();
  const studioUrl = `http://127.0.0.1:${studioPort}`;
  issuer = await startUpstreamIdp({
    port: issuerPort,
    clientId: 'studio-client',
    clientSecret: 'studio-client-secret',
    redirectUri: `${studioUrl}/api/auth/callback`,
    domain: 'realm.example',
    asStudioIssuer: { postLogoutRedirectUri: `${studioUrl}/` },
  });
  studio = await startTestStudio({
    PORT: String(studioPort),
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: 'studio-client',
    OIDC_CLIENT_SECRET: 'studio-client-secret',
  });
});

afterAll(async () => {
  await studio?.stop();
  await issuer?.close();
});

describe('an external OpenID issuer', () => {
  it("sends a person to the issuer's account page (Keycloak's /account)", async () => {
    const response = await fetch(`${studio.baseUrl}/api/auth/account`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${issuer.issuer.replace(/\/$/, '')}/account`);
  });

  it('signs in, refreshes and logs out without the embedded provider', async () => {
    expect((await fetch(`${studio.baseUrl}/idp/.well-known/openid-configuration`)).status).toBe(
      404,
    );

    const browser = new TestBrowser(studio.baseUrl);
    const loginPage = await browser.follow('/api/auth/login');
    expect(loginPage.url.startsWith(issuer.issuer)).toBe(true);
    const action = /action="([^"]+)"/.exec(await loginPage.response.text())![1]!;
    const done = await browser.follow(new URL(action, loginPage.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: 'kim', password: 'x' }).toString(),
    });
    expect(new URL(done.url).pathname).toBe('/dashboard');

    const me = (await (await browser.api('/v1/conversa/auth/me')).json()) as {
      email: string;
      isAdmin: boolean;
    };
    expect(me).toMatchObject({ email: 'kim@realm.example', isAdmin: false });
    expect((await browser.api('/api/refresh_token', { method: 'POST' })).status).toBe(200);

    const logout = (await (await browser.api('/api/auth/logout', { method: 'POST' })).json()) as {
      redirectTo: string;
    };
    expect(logout.redirectTo).toBe('/api/auth/logout');
    const toProvider = await browser.request(logout.redirectTo);
    expect(toProvider.status).toBe(303);
    expect(toProvider.headers.get('location')!.startsWith(`${issuer.issuer}/session/end`)).toBe(
      true,
    );
    expect((await browser.api('/v1/conversa/auth/me')).status).toBe(401);
  });

  // Its discovery document offers `code id_token` (oidc-provider's default) but its client for
  // the studio allows `code` only, as a Keycloak client without its implicit flow does.
  it('retries a hybrid sign-in the issuer refuses for this client with the code flow', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.request('/api/auth/login?flow=hybrid');
    const hybrid = new URL(start.headers.get('location')!);
    expect(hybrid.searchParams.get('response_type')).toBe('code id_token');
    const refused = await browser.request(hybrid.href);
    const html = await refused.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
    // oidc-provider's words for it; Keycloak answers unauthorized_client.
    expect(fields.error_description).toBe('requested response_type is not allowed for this client');
    const retry = await browser.request(action!.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(retry.status).toBe(303);
    const codeFlow = new URL(retry.headers.get('location')!);
    expect(codeFlow.href.startsWith(issuer.issuer)).toBe(true);
    expect(codeFlow.searchParams.get('response_type')).toBe('code');

    const loginPage = await browser.follow(codeFlow.href);
    const loginAction = /action="([^"]+)"/.exec(await loginPage.response.text())![1]!;
    const done = await browser.follow(new URL(loginAction, loginPage.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login: 'lee', password: 'x' }).toString(),
    });
    expect(new URL(done.url).pathname).toBe('/dashboard');
    const me = (await (await browser.api('/v1/conversa/auth/me')).json()) as { email: string };
    expect(me.email).toBe('lee@realm.example');
  });
});
