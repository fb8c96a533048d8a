import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import {
  openTestDatabase,
  getFreePort,
  readAccessToken,
  signIn,
  startTestStudio,
  TestBrowser,
  type TestStudio,
} from '../../test/studio.ts';
import { MissingPermissionError } from '../http/gateway.ts';
import { createNamespace, grantScope } from '../modules/namespaces/index.ts';
import { createUser } from '../modules/users/index.ts';
import { buildApp } from './app.ts';

/** A database of its own for the describe block that calls this, for apps built in-process. */
function useTestDatabase(): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => handle!;
}

const config = () =>
  loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', DATABASE_URL: 'postgres://unused/unused' });

describe('route declaration guard', () => {
  const getHandle = useTestDatabase();

  it.each([
    ['/v1/conversa/unguarded', 'GET'],
    ['/api/unguarded', 'POST'],
  ])('refuses to start when %s (%s) declares no permission', async (url, method) => {
    const building = buildApp({
      config: config(),
      db: getHandle().db,
      registerExtraRoutes: (app) => {
        app.route({ method: method, url, handler: () => ({ ok: true }) });
      },
    });
    await expect(building).rejects.toBeInstanceOf(MissingPermissionError);
    await expect(building).rejects.toThrow(`Route ${method} ${url} declares no permission`);
  });

  it('starts when every guarded route declares one (routes outside /v1 and /api are not gateway routes)', async () => {
    const app = await buildApp({
      config: config(),
      db: getHandle().db,
      registerExtraRoutes: (instance) => {
        instance.get(
          '/v1/conversa/declared',
          { config: { permission: { kind: 'public' } } },
          () => ({ ok: true }),
        );
        instance.get('/robots.txt', () => 'User-agent: *');
      },
    });
    await app.close();
  });
});

describe('an unexpected failure', () => {
  const getHandle = useTestDatabase();

  it.each([
    ['GET', 'An error occurred while fetching the data.'],
    ['POST', 'An error occurred while pushing data.'],
    ['PUT', 'An error occurred while updating data.'],
    ['PATCH', 'An error occurred while updating data.'],
    ['DELETE', 'An error occurred while deleting data.'],
  ] as const)('of a %s answers 500 with the catalogue message "%s"', async (method, message) => {
    const app = await buildApp({
      config: config(),
      db: getHandle().db,
      registerExtraRoutes: (instance) => {
        instance.route({
          method,
          url: '/v1/conversa/broken',
          config: { permission: { kind: 'public' } },
          handler: () => {
            throw new Error('disk on fire');
          },
        });
      },
    });
    try {
      const response = await app.inject({
        method,
        url: '/v1/conversa/broken',
        headers: { 'x-system-id': 'conversa-studio-web' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: 'INTERNAL_SERVER_ERROR',
        message,
        // The log line carries the details under this id; the answer carries none of them.
        errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      });
    } finally {
      await app.close();
    }
  });
});

describe('declared permissions are enforced', () => {
  let studio: TestStudio;

  beforeAll(async () => {
    studio = await startTestStudio();
    const { db } = studio.database;
    await createNamespace(db, { label: 'north' });
    await createNamespace(db, { label: 'south', attributes: { SSO_WHITELIST: true } });
    for (const [email, scope] of [
      ['reader@north.test', 'read:ns'],
      ['editor@north.test', 'edit:ns'],
      ['owner@north.test', 'owner:ns'],
    ] as const) {
      await createUser(db, { email, password: 'password-123' });
      await grantScope(db, { email, namespaceLabel: 'north', scope });
    }
    await createUser(db, { email: 'owner@south.test', password: 'password-123' });
    await grantScope(db, { email: 'owner@south.test', namespaceLabel: 'south', scope: 'owner:ns' });
  });
  afterAll(async () => {
    await studio?.stop();
  });

  // The probe routes live on a second app built like the real one, on the same database.
  const accessTokenOf = (browser: TestBrowser) => readAccessToken(studio, browser);

  let probeUrl = '';
  let probeApp: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const port = await getFreePort();
    probeApp = await buildApp({
      // Same database and issuer as the studio: bearer tokens are validated at the studio's provider.
      config: loadConfig({
        PORT: String(port),
        LOG_LEVEL: 'silent',
        DATABASE_URL: 'postgres://unused/unused',
        OIDC_ISSUER: `${studio.baseUrl}/idp`,
        OIDC_CLIENT_ID: 'conversa-studio',
      }),
      db: studio.database.db,
      registerExtraRoutes: (app) => {
        const ok = () => ({ ok: true });
        app.get(
          '/v1/probe/edit',
          { config: { permission: { kind: 'role', scope: 'edit:ns' } } },
          ok,
        );
        app.get(
          '/v1/probe/owner',
          { config: { permission: { kind: 'role', scope: 'owner:ns' } } },
          ok,
        );
        app.get('/v1/probe/admin', { config: { permission: { kind: 'admin' } } }, ok);
        app.get(
          '/v1/probe/whitelist',
          {
            config: {
              permission: { kind: 'attribute', attribute: 'SSO_WHITELIST', scope: 'owner:ns' },
            },
          },
          ok,
        );
      },
    });
    await probeApp.listen({ port, host: '127.0.0.1' });
    probeUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await probeApp?.close();
  });

  it.each([
    ['reader@north.test', '/v1/probe/edit', 403, 'You need to be at least "Content Creator"'],
    ['editor@north.test', '/v1/probe/edit', 200, ''],
    ['owner@north.test', '/v1/probe/edit', 200, ''],
    ['editor@north.test', '/v1/probe/owner', 403, 'You need to be at least "Admin"'],
    ['owner@north.test', '/v1/probe/owner', 200, ''],
    ['owner@north.test', '/v1/probe/admin', 403, 'You need to be at least "Super Admin"'],
    ['admin@example.com', '/v1/probe/admin', 200, ''],
    [
      'owner@north.test',
      '/v1/probe/whitelist',
      403,
      'This feature is not enabled for your account.',
    ],
    ['owner@south.test', '/v1/probe/whitelist', 200, ''],
    ['admin@example.com', '/v1/probe/whitelist', 200, ''],
  ])('%s on %s answers %i %s', async (email, path, status, message) => {
    const password = email === 'admin@example.com' ? 'admin-password' : 'password-123';
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, email, password);
    const response = await fetch(`${probeUrl}${path}`, {
      headers: { authorization: `Bearer ${await accessTokenOf(browser)}` },
    });
    expect(response.status).toBe(status);
    if (message) {
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
  });

  it('answers 401 without credentials', async () => {
    expect((await fetch(`${probeUrl}/v1/probe/edit`)).status).toBe(401);
  });
});
