import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../test/studio.ts';
import { CROSS_SITE_FORM_MESSAGE } from './same-origin-form.ts';

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

const postForm = (
  browser: TestBrowser,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  browser.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

describe('the embedded provider pages', () => {
  it('sends a finished or unknown sign-in page back to the studio', async () => {
    const response = await new TestBrowser(studio.baseUrl).request('/idp/interaction/gone');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
  });

  it('answers an upstream callback without a pending sign-in with the expired page', async () => {
    const response = await new TestBrowser(studio.baseUrl).request(
      '/idp/broker/medtronic/callback?state=unknown&code=x',
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });

  it('lets the signed-in account change its name, and its password only with a long enough one', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const signedOut = await browser.request('/idp/account');
    expect(signedOut.status).toBe(401);
    await signIn(browser, 'admin@example.com', 'admin-password');

    const page = await browser.request('/idp/account');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('admin@example.com');

    const tooShort = await postForm(browser, '/idp/account', {
      firstName: 'Ada',
      currentPassword: 'admin-password',
      newPassword: 'short',
    });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain('A password needs at least 8 characters.');

    const saved = await postForm(browser, '/idp/account', { firstName: 'Ada', lastName: 'L' });
    expect(saved.status).toBe(200);
    const html = await saved.text();
    expect(html).toContain('Your account was saved.');
    expect(html).toContain('value="Ada"');
  });

  // Issue 53, item 5: a form auto-submitted from another port of the same host renamed the
  // signed-in user (the provider's Lax `_session` cookie goes with a same-site post). The headers
  // are those Chromium sends with such a form, and with the page's own.
  it("refuses a form posted from another origin, and still saves the page's own", async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'admin@example.com', 'admin-password');
    const otherPort = new URL(studio.baseUrl);
    otherPort.port = String(Number(otherPort.port) + 1);
    const crossOrigin: Record<string, string>[] = [
      { origin: otherPort.origin, 'sec-fetch-site': 'same-site' },
      { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: otherPort.origin },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossOrigin) {
      const refused = await postForm(browser, '/idp/account', { firstName: 'Mallory' }, headers);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(CROSS_SITE_FORM_MESSAGE);
    }
    const page = await (await browser.request('/idp/account')).text();
    expect(page).not.toContain('Mallory');

    const saved = await postForm(
      browser,
      '/idp/account',
      { firstName: 'Grace', lastName: 'H' },
      { origin: new URL(studio.baseUrl).origin, 'sec-fetch-site': 'same-origin' },
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('value="Grace"');
  });
});
