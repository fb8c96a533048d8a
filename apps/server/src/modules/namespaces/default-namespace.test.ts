import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '@conversa/contracts';
import { namespaces, userNamespaces } from './namespaces.tables.ts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { ensureDefaultNamespace } from './default-namespace.ts';

describe('the first start of a studio', () => {
  let studio: TestStudio;

  beforeAll(async () => {
    studio = await startTestStudio({ STUDIO_DEFAULT_NAMESPACE: 'My studio' });
  });

  afterAll(async () => {
    await studio?.stop();
  });

  it('creates the default namespace, owned by the first admin, and reports it', async () => {
    expect(studio.defaultNamespace).toEqual({
      label: 'My studio',
      ownerEmail: 'admin@example.com',
    });
    const rows = await studio.database.db
      .select({ label: namespaces.label, scope: userNamespaces.scope })
      .from(namespaces)
      .innerJoin(userNamespaces, eq(userNamespaces.namespaceId, namespaces.id));
    expect(rows).toEqual([{ label: 'My studio', scope: 'owner:ns' }]);
  });

  it('lets that admin create a storyfile there from the API the console uses', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'admin@example.com', 'admin-password');
    const me = (await (await browser.api('/v1/conversa/auth/me')).json()) as CurrentUser;
    const mine = me.namespaces.find((namespace) => namespace.label === 'My studio');
    expect(mine?.userNamespaces[0]?.scope).toBe('owner:ns');
    const created = await browser.api('/v1/conversa/storyfiles', {
      method: 'POST',
      body: JSON.stringify({ namespaceId: mine!.id, name: 'Grandma Rose' }),
    });
    expect(created.status).toBe(201);
  });

  it('creates nothing on a later start, once any namespace exists', async () => {
    expect(await ensureDefaultNamespace(studio.database.db, 'Another')).toBeUndefined();
    const labels = await studio.database.db.select({ label: namespaces.label }).from(namespaces);
    expect(labels.map((row) => row.label)).toEqual(['My studio']);
  });
});

describe('STUDIO_DEFAULT_NAMESPACE set empty', () => {
  it('creates no namespace on the first start', async () => {
    const studio = await startTestStudio({ STUDIO_DEFAULT_NAMESPACE: '' });
    try {
      expect(studio.defaultNamespace).toBeUndefined();
      expect(await studio.database.db.select().from(namespaces)).toEqual([]);
    } finally {
      await studio.stop();
    }
  });
});
