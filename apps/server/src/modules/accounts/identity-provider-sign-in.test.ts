import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WHITELIST_CONSUMER_DOMAIN_MESSAGE,
  WHITELIST_DOMAIN_INVALID_MESSAGE,
  type CurrentUser,
} from '@conversa/contracts';
import { buildOrganization } from '../../../test/organization.fixtures.ts';
import { signInAs, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  getFreePort,
  startTestStudio,
  TestBrowser,
  type TestStudio,
} from '../../../test/studio.ts';
import { startUpstreamIdp } from '../../../test/upstream-idp.ts';

// Sign-in through an upstream identity provider (a real OIDC provider on a second port): the
// whitelist of addresses and domains it admits, and the product-access groups the studio's own
// provider answers (spec §6).

let studio: TestStudio;
let upstream: { issuer: string; close: () => Promise<void> };
let admin: ApiClient;
beforeAll(async () => {
  const upstreamPort = await getFreePort();
  studio = await startTestStudio({
    IDP_MEDTRONIC_ISSUER: `http://127.0.0.2:${upstreamPort}`,
    IDP_MEDTRONIC_CLIENT_ID: 'studio-at-medtronic',
    IDP_MEDTRONIC_CLIENT_SECRET: 'upstream-secret',
  });
  upstream = await startUpstreamIdp({
    port: upstreamPort,
    clientId: 'studio-at-medtronic',
    clientSecret: 'upstream-secret',
    redirectUri: `${studio.baseUrl}/idp/broker/medtronic/callback`,
    domain: 'medtronic.example',
  });
  admin = await signInAs(studio, 'admin@example.com', 'admin-password');
});

afterAll(async () => {
  await upstream?.close();
  await studio?.stop();
});

describe('whitelist and identity-provider sign-in', () => {
  it('validates entries: FQDN domains, no consumer mail domains, single addresses', async () => {
    const org = await buildOrganization(studio, { owner: 'owner:ns' });
    const owner = await org.signIn('owner');
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, { value: 'acme.test' }),
    ).toMatchObject({
      status: 403,
    });
    await admin.expectStatus(200, 'PATCH', `/v1/conversa/organizations/${org.id}`, {
      attributes: { SSO_WHITELIST: true },
    });
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, { value: 'not a domain' }),
    ).toMatchObject({
      status: 400,
      body: { message: WHITELIST_DOMAIN_INVALID_MESSAGE },
    });
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, { value: 'gmail.com' }),
    ).toMatchObject({
      status: 400,
      body: { message: WHITELIST_CONSUMER_DOMAIN_MESSAGE },
    });
    await owner.expectStatus(201, 'POST', `/v1/conversa/organizations/${org.id}/whitelist`, {
      value: 'someone@gmail.com',
    });
    expect(
      await owner.post(`/v1/conversa/organizations/${org.id}/whitelist`, {
        value: 'Someone@gmail.com',
      }),
    ).toMatchObject({
      status: 409,
    });
  });

  async function signInThroughMedtronic(login: string) {
    const browser = new TestBrowser(studio.baseUrl);
    const start = await browser.follow('/api/auth/login?idp=medtronic');
    const action = /action="([^"]+)"/.exec(await start.response.text())![1]!;
    const done = await browser.follow(new URL(action, start.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString(),
    });
    return { browser, url: new URL(done.url) };
  }

  it("admits a whitelisted address or domain's verified email with the default role, and refuses others clearly", async () => {
    const org = await buildOrganization(studio, { owner: 'owner:ns' });
    const owner = await org.signIn('owner');
    await admin.expectStatus(200, 'PATCH', `/v1/conversa/organizations/${org.id}`, {
      attributes: { SSO_WHITELIST: true },
    });
    await owner.expectStatus(200, 'PATCH', `/v1/conversa/organizations/${org.id}`, {
      defaultScope: 'edit:ns',
    });
    await owner.expectStatus(201, 'POST', `/v1/conversa/organizations/${org.id}/whitelist`, {
      value: 'wanda@medtronic.example',
    });
    const joined = await signInThroughMedtronic('wanda');
    expect(joined.url.pathname).toBe('/dashboard');
    const current = (await (
      await joined.browser.api('/v1/conversa/auth/me')
    ).json()) as CurrentUser;
    expect(current.namespaces.find((ns) => ns.id === org.id)?.userNamespaces[0]?.scope).toBe(
      'edit:ns',
    );

    const refused = await signInThroughMedtronic('otto');
    expect(refused.url.pathname).toBe('/');
    expect(refused.url.searchParams.get('signInError')).toBe('not-admitted');

    await owner.expectStatus(201, 'POST', `/v1/conversa/organizations/${org.id}/whitelist`, {
      value: 'medtronic.example',
    });
    expect((await signInThroughMedtronic('otto')).url.pathname).toBe('/dashboard');
    const audit = await owner.get<{ items: { action: string; targetLabel: string }[] }>(
      `/v1/conversa/audit?organizationId=${org.id}&action=whitelist`,
    );
    expect(audit.body.items.map((item) => `${item.action} ${item.targetLabel}`)).toEqual([
      'whitelist.admitted otto@medtronic.example',
      'whitelist.entry_added medtronic.example',
      'whitelist.admitted wanda@medtronic.example',
      'whitelist.entry_added wanda@medtronic.example',
    ]);
  });
});

describe('product-access groups', () => {
  it('are in the userinfo answer per spec §6 (owner, edit and read map to conversa)', async () => {
    const org = await buildOrganization(studio, { viewer: 'read:ns' });
    const viewer = await org.signIn('viewer');
    const { readAccessToken } = await import('../../../test/studio.ts');
    const token = await readAccessToken(studio, viewer.browser);
    const userinfo = await fetch(`${studio.baseUrl}/idp/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await userinfo.json()) as { groups: string[] }).groups).toEqual(['conversa']);
  });
});
