import { and, eq } from 'drizzle-orm';
import type { GrantableScope } from '@conversa/contracts';
import { auditEvents } from '../src/modules/accounts/accounts.tables.ts';
import { createNamespace, grantScope } from '../src/modules/namespaces/index.ts';
import { createUser } from '../src/modules/users/index.ts';
import { signInAs, TEST_PASSWORD, type ApiClient } from './storyfile.fixtures.ts';
import { startTestStudio } from './studio.ts';

// SCIM 2.0 (RFC 7643/7644) as an identity provider calls it, for the accounts module's SCIM tests
// (modules/accounts/scim-*.test.ts): a studio, organizations with a SCIM token each, the call.

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const OWNER_ROLE = 'You need to be at least "Admin"';
export const SUPER_ADMIN_ROLE = 'You need to be at least "Super Admin"';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function scimError(status: number, scimType?: string) {
  return {
    status,
    body: { schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}) },
  };
}

/** A studio with its platform admin signed in, and the SCIM helpers bound to it. */
export type ScimKit = Awaited<ReturnType<typeof startScimStudio>>;

/** Starts a studio for a SCIM test file (its beforeAll); the file stops `kit.studio`. */
export async function startScimStudio() {
  const studio = await startTestStudio();
  const admin = await signInAs(studio, 'admin@example.com', 'admin-password');
  let counter = 0;

  /** An organization with members (name -> scope) who have passwords, and a SCIM token of it. */
  async function buildOrganization(
    members: Record<string, GrantableScope> = { owner: 'owner:ns' },
  ) {
    counter += 1;
    const n = counter;
    const label = `Scim org ${n}`;
    const { db } = studio.database;
    const organization = await createNamespace(db, { label });
    const ids: Record<string, string> = {};
    const email = (name: string) => `${name}-${n}@scim.test`;
    for (const [name, scope] of Object.entries(members)) {
      const user = await createUser(db, { email: email(name), password: TEST_PASSWORD });
      await grantScope(db, { email: email(name), namespaceLabel: label, scope });
      ids[name] = user.id;
    }
    // The owner signs in only for a test that acts as them: the file builds some twenty
    // organizations, and a sign-in each would pass the provider's 30 a minute from one address.
    let signedInOwner: Promise<ApiClient> | undefined;
    const owner = () => (signedInOwner ??= signInAs(studio, email(Object.keys(members)[0] ?? '')));
    // A platform admin may act as any organization's owner.
    const issued = await admin.expectStatus<{ token: string; id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${organization.id}/scim-tokens`,
      { label: 'Okta' },
    );
    return {
      id: organization.id,
      label,
      ids,
      email,
      owner,
      token: issued.token,
      tokenId: issued.id,
      n,
    };
  }

  /** A SCIM call as an identity provider makes it: bearer token, application/scim+json. */
  async function scim(
    token: string | null,
    method: string,
    path: string,
    body?: unknown,
    contentType = 'application/scim+json',
  ): Promise<{ status: number; body: Json; contentType: string | null; location: string | null }> {
    const response = await fetch(`${studio.baseUrl}/scim/v2${path}`, {
      method,
      headers: {
        accept: 'application/scim+json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Json,
      contentType: response.headers.get('content-type'),
      location: response.headers.get('location'),
    };
  }

  async function auditActions(organizationId: string, targetId?: string) {
    const rows = await studio.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(
        targetId
          ? and(eq(auditEvents.namespaceId, organizationId), eq(auditEvents.targetId, targetId))
          : eq(auditEvents.namespaceId, organizationId),
      )
      .orderBy(auditEvents.createdAt);
    return rows;
  }

  return { studio, admin, buildOrganization, scim, auditActions };
}
