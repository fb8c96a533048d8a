import { createNamespace, grantScope } from '../src/modules/namespaces/index.ts';
import { createUser } from '../src/modules/users/index.ts';
import type { TestBrowser } from './studio.ts';
import { getFreePort, startTestStudio, type TestStudio } from './studio.ts';
import { startUpstreamIdp } from './upstream-idp.ts';

/** The viewer the auth tests sign in as, a member of `acme`. */
export const VIEWER = { email: 'viewer@acme.test', password: 'viewer-password' };
/** An account the lockout test locks. */
export const LOCKED = { email: 'locked@acme.test', password: 'locked-password' };

export interface AuthStudio {
  studio: TestStudio;
  /** The upstream provider behind the `medtronic` hint (its own loopback address). */
  upstream: { issuer: string; close: () => Promise<void> };
  stop: () => Promise<void>;
}

/**
 * A studio with the `medtronic` hint pointing at a second, real OpenID provider, and the viewer
 * and locked accounts of the auth tests.
 */
export async function startAuthStudio(): Promise<AuthStudio> {
  const upstreamPort = await getFreePort();
  const issuer = `http://127.0.0.2:${upstreamPort}`;
  // The upstream needs the studio's callback URL, which needs the studio's port: start the
  // studio first with the upstream's future address, then the upstream.
  const studio = await startTestStudio({
    IDP_MEDTRONIC_ISSUER: issuer,
    IDP_MEDTRONIC_CLIENT_ID: 'studio-at-medtronic',
    IDP_MEDTRONIC_CLIENT_SECRET: 'upstream-secret',
  });
  const upstream = await startUpstreamIdp({
    port: upstreamPort,
    clientId: 'studio-at-medtronic',
    clientSecret: 'upstream-secret',
    redirectUri: `${studio.baseUrl}/idp/broker/medtronic/callback`,
    domain: 'medtronic.example',
  });
  const { db } = studio.database;
  await createNamespace(db, { label: 'acme', attributes: { LEARNING_MODULE: true } });
  await createUser(db, { ...VIEWER, firstName: 'Vera', lastName: 'Viewer' });
  await grantScope(db, { email: VIEWER.email, namespaceLabel: 'acme', scope: 'read:ns' });
  await createUser(db, LOCKED);
  return {
    studio,
    upstream,
    stop: async () => {
      await studio.stop();
      await upstream.close();
    },
  };
}

/**
 * Begins a sign-in in `browser` and posts the viewer's password on the provider's page: the
 * provider's answer to that post, and its URL, for a test to follow the redirects from.
 */
export async function postViewerPassword(
  browser: TestBrowser,
): Promise<{ response: Response; url: string }> {
  const loginPage = await browser.follow('/api/auth/login');
  const html = await loginPage.response.text();
  const action = /action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
  const url = new URL(action, loginPage.url).href;
  const response = await browser.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(VIEWER).toString(),
  });
  return { response, url };
}
