import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../test/studio.ts';

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

const postForm = (browser: TestBrowser, path: string, fields: Record<string, string>) =>
  browser.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
});
