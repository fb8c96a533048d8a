import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization } from '../../../test/organization.fixtures.ts';
import { TEST_PASSWORD } from '../../../test/storyfile.fixtures.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';

// Suspending a member of an organization ends their sessions at once.

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('suspension', () => {
  it("ends the person's sessions at once: next request and next refresh refused; sign-in refused until reactivated", async () => {
    const org = await buildOrganization(studio, { owner: 'owner:ns', editor: 'edit:ns' });
    const owner = await org.signIn('owner');
    const editor = await org.signIn('editor');
    expect((await editor.get('/v1/conversa/auth/me')).status).toBe(200);
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${org.id}/members/${org.ids.editor}`,
      {
        isSuspended: true,
      },
    );
    expect((await editor.get('/v1/conversa/auth/me')).status).toBe(401);
    expect((await editor.browser.api('/api/refresh_token', { method: 'POST' })).status).toBe(400);
    const browser = new TestBrowser(studio.baseUrl);
    const { signIn } = await import('../../../test/studio.ts');
    const refused = await signIn(browser, org.email('editor'), TEST_PASSWORD);
    expect(new URL(refused.url).searchParams.get('signInError')).toBe('suspended');
    const listed = await owner.get<{ items: { email: string; status: string }[] }>(
      `/v1/conversa/members?organizationId=${org.id}&status=suspended`,
    );
    expect(listed.body.items.map((item) => item.email)).toEqual([org.email('editor')]);
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/organizations/${org.id}/members/${org.ids.editor}`,
      {
        isSuspended: false,
      },
    );
    expect((await (await org.signIn('editor')).get('/v1/conversa/auth/me')).status).toBe(200);
  });
});
