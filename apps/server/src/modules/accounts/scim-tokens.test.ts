/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call --
   SCIM answers are read as the loose JSON a provider reads; the assertions check their shape. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { AppError } from '../../http/errors.ts';
import {
  SCIM_AUTH_RATE_LIMIT_MESSAGE,
  SCIM_TOKEN_INVALID_MESSAGE,
  SCIM_TOKEN_REQUIRED_MESSAGE,
} from '@conversa/contracts';
import { scimAuthFailures, scimTokens } from './accounts.tables.ts';
import {
  countScimAuthFailure,
  SCIM_FAILED_AUTH_LIMIT,
  SCIM_FAILED_AUTH_WINDOW_MINUTES,
} from './scim-auth-limit.ts';
import {
  scimError,
  ERROR,
  GROUP,
  OWNER_ROLE,
  startScimStudio,
  USER,
  type Json,
  type ScimKit,
} from '../../../test/scim.fixtures.ts';
import { signInAs } from '../../../test/storyfile.fixtures.ts';
import type { TestStudio } from '../../../test/studio.ts';

// SCIM 2.0 (RFC 7643/7644) against a real studio and PostgreSQL: the tokens an owner issues, the
// discovery a provider reads with one, and the limit on failed authentication.

let kit: ScimKit;
let studio: TestStudio;

beforeAll(async () => {
  kit = await startScimStudio();
  ({ studio } = kit);
});

afterAll(async () => {
  await kit?.studio.stop();
});

describe('SCIM tokens', () => {
  it('are issued and revoked by owners only, shown once, stored as a hash', async () => {
    const org = await kit.buildOrganization({ owner: 'owner:ns', editor: 'edit:ns' });
    expect(org.token).toMatch(/^scim_[\w-]{40,}$/);
    const stored = await studio.database.db
      .select({ hash: scimTokens.tokenHash })
      .from(scimTokens)
      .where(eq(scimTokens.id, org.tokenId));
    expect(stored[0]!.hash).not.toContain(org.token.slice(5));
    const list = await (
      await org.owner()
    ).get<{ items: Json[]; baseUrl: string }>(`/v1/conversa/organizations/${org.id}/scim-tokens`);
    expect(list.body.baseUrl).toBe(`${studio.baseUrl}/scim/v2`);
    expect(list.body.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(org.token);
    expect(list.body.items[0]).toMatchObject({ label: 'Okta', revokedAt: null });

    const editor = await signInAs(studio, org.email('editor'));
    expect(
      await editor.post(`/v1/conversa/organizations/${org.id}/scim-tokens`, { label: 'Mine' }),
    ).toMatchObject({ status: 403, body: { message: OWNER_ROLE } });
    const other = await kit.buildOrganization();
    expect(
      await (
        await other.owner()
      ).delete(`/v1/conversa/organizations/${org.id}/scim-tokens/${org.tokenId}`),
    ).toMatchObject({ status: 404 });

    expect((await kit.scim(org.token, 'GET', '/Users')).status).toBe(200);
    await (
      await org.owner()
    ).expectStatus(
      200,
      'DELETE',
      `/v1/conversa/organizations/${org.id}/scim-tokens/${org.tokenId}`,
    );
    expect(await kit.scim(org.token, 'GET', '/Users')).toMatchObject({
      ...scimError(401),
      body: { detail: SCIM_TOKEN_INVALID_MESSAGE },
    });
    expect((await kit.auditActions(org.id, org.tokenId)).map((row) => row.action)).toEqual([
      'scim_token.created',
      'scim_token.revoked',
    ]);
  });

  it('refuses calls without a token, with a session instead, or with a token of nothing', async () => {
    const org = await kit.buildOrganization();
    expect(await kit.scim(null, 'GET', '/Users')).toMatchObject({
      ...scimError(401),
      body: { detail: SCIM_TOKEN_REQUIRED_MESSAGE },
      contentType: expect.stringContaining('application/scim+json'),
    });
    expect((await kit.scim('scim_not-a-token', 'GET', '/Users')).status).toBe(401);
    // A signed-in owner's cookie is not a SCIM token.
    const answer = await (await org.owner()).browser.api('/scim/v2/Users');
    expect(answer.status).toBe(401);
  });
});

describe('SCIM discovery', () => {
  it('serves ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const org = await kit.buildOrganization();
    const config = await kit.scim(org.token, 'GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await kit.scim(org.token, 'GET', '/ResourceTypes');
    expect(types.body.Resources.map((type: Json) => type.endpoint)).toEqual(['/Users', '/Groups']);
    const schemas = await kit.scim(org.token, 'GET', '/Schemas');
    expect(schemas.body.Resources.map((schema: Json) => schema.id)).toEqual([USER, GROUP]);
  });
});

// Issue 30, item 9: 500 random tokens answered 500 × 401 and never 429. Failed SCIM authentication
// is counted per source address in PostgreSQL. Each case calls from an address of its own
// (documentation ranges, RFC 5737), so the rest of this file's calls are not locked out.
describe('failed SCIM authentication', () => {
  const scimFrom = async (source: string, token: string) => {
    const response = await studio.app.inject({
      method: 'GET',
      url: '/scim/v2/Users',
      remoteAddress: source,
      headers: { accept: 'application/scim+json', authorization: `Bearer ${token}` },
    });
    return {
      status: response.statusCode,
      retryAfter: response.headers['retry-after'],
      body: response.json<Json>(),
    };
  };
  const randomToken = () => `scim_${randomBytes(32).toString('base64url')}`;

  it(`answers 429 with Retry-After after ${SCIM_FAILED_AUTH_LIMIT} failures from one address, even to a valid token; another address is not held up`, async () => {
    const org = await kit.buildOrganization();
    const guesser = '192.0.2.30';
    // 200 random tokens at once: the counter is one atomic upsert, so exactly the limit get 401.
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => scimFrom(guesser, randomToken())),
    );
    const unauthorized = answers.filter((answer) => answer.status === 401);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(unauthorized).toHaveLength(SCIM_FAILED_AUTH_LIMIT);
    expect(unauthorized[0]!.body.detail).toBe(SCIM_TOKEN_INVALID_MESSAGE);
    expect(limited).toHaveLength(200 - SCIM_FAILED_AUTH_LIMIT);
    for (const answer of limited) {
      expect(answer.body).toMatchObject({
        schemas: [ERROR],
        status: '429',
        detail: SCIM_AUTH_RATE_LIMIT_MESSAGE,
      });
      const seconds = Number(answer.retryAfter);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(SCIM_FAILED_AUTH_WINDOW_MINUTES * 60);
    }
    // Locked out, a right guess is refused alike: the answer tells the guesser nothing.
    expect(await scimFrom(guesser, org.token)).toMatchObject({
      status: 429,
      body: { detail: SCIM_AUTH_RATE_LIMIT_MESSAGE },
    });
    // The organization's identity provider, calling from elsewhere, is served.
    expect((await scimFrom('192.0.2.31', org.token)).status).toBe(200);

    // The window over, the address may try again.
    await studio.database.db
      .update(scimAuthFailures)
      .set({
        windowStart: sql`now() - interval '${sql.raw(String(SCIM_FAILED_AUTH_WINDOW_MINUTES))} minutes'`,
      })
      .where(eq(scimAuthFailures.source, guesser));
    expect((await scimFrom(guesser, org.token)).status).toBe(200);
    expect((await scimFrom(guesser, randomToken())).status).toBe(401);
  });

  it('never tells a guesser to wait longer than the window, even when its count waited on a lock', async () => {
    // An upsert that began before the transaction that started the window, and waited on the
    // row's lock: its transaction's now() is older than the window's start (with 200 guesses at
    // once, Retry-After came out 601 of 600 seconds).
    const source = '192.0.2.40';
    const client = await studio.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('select now()');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (let call = 0; call < SCIM_FAILED_AUTH_LIMIT; call += 1) {
        await countScimAuthFailure(studio.database.db, source);
      }
      const refused = await countScimAuthFailure(drizzle(client), source).then(
        () => null,
        (error: unknown) => error,
      );
      await client.query('commit');
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ status: 429, message: SCIM_AUTH_RATE_LIMIT_MESSAGE });
      const seconds = Number((refused as AppError).headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(SCIM_FAILED_AUTH_WINDOW_MINUTES * 60 - 5);
      expect(seconds).toBeLessThanOrEqual(SCIM_FAILED_AUTH_WINDOW_MINUTES * 60);
    } finally {
      client.release();
    }
  });

  it('counts a right token never, and a request with no token not as a guess', async () => {
    const org = await kit.buildOrganization();
    const source = '192.0.2.32';
    for (let call = 0; call < SCIM_FAILED_AUTH_LIMIT + 5; call += 1) {
      expect((await scimFrom(source, org.token)).status).toBe(200);
    }
    for (let call = 0; call < SCIM_FAILED_AUTH_LIMIT + 5; call += 1) {
      const response = await studio.app.inject({
        method: 'GET',
        url: '/scim/v2/Users',
        remoteAddress: source,
      });
      expect(response.statusCode).toBe(401);
    }
    const rows = await studio.database.db
      .select()
      .from(scimAuthFailures)
      .where(eq(scimAuthFailures.source, source));
    expect(rows).toEqual([]);
  });
});
