import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { satisfiesScope, type Requirement, type Scope } from '@conversa/contracts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  signInAs,
  ApiClient,
} from '../../test/storyfile.fixtures.ts';
import {
  buildRequest,
  listOperations,
  type OpenApiDocument,
  type Operation,
  type Targets,
} from '../../test/openapi.fixtures.ts';
import { jsonCallOf, seedTargets } from '../../test/openapi-targets.fixtures.ts';

// Issue 20: every operation of the OpenAPI document × six identities, the expected outcome
// derived from the permission its contract declares (the document's `x-permission`), so a new
// route is covered without a test of its own. Every request is schema-valid and aimed at
// namespace A's data; nothing of A may show in an answer to namespace B or to nobody.

type Identity = 'anonymous' | 'readA' | 'editA' | 'ownerA' | 'editB' | 'admin';
const IDENTITIES: Identity[] = ['anonymous', 'editB', 'readA', 'editA', 'ownerA', 'admin'];
const SCOPE_OF: Partial<Record<Identity, Scope>> = {
  readA: 'read:ns',
  editA: 'edit:ns',
  ownerA: 'owner:ns',
  editB: 'edit:ns',
};

const MARKER = 'Alpha-secret';

type Expectation = 'open' | 'unauthenticated' | 'allowed' | 'denied';

/** What the declared permission promises this identity for a request aimed at namespace A. */
function expectationFor(permission: Requirement, identity: Identity): Expectation {
  if (permission.kind === 'public') {
    return 'open';
  }
  if (identity === 'anonymous') {
    return 'unauthenticated';
  }
  if (identity === 'admin' && permission.kind !== 'scimToken') {
    return 'allowed';
  }
  const scope = SCOPE_OF[identity]!;
  const isInA = identity !== 'editB';
  switch (permission.kind) {
    case 'loggedIn':
      return 'allowed';
    case 'admin':
      return 'denied';
    case 'role':
    case 'storyfile':
      return satisfiesScope(scope, permission.scope) && isInA ? 'allowed' : 'denied';
    case 'attribute':
      // The seeded namespaces carry no attributes: only the admin (who has them all) passes.
      return 'denied';
    case 'scimToken':
      // SCIM takes an organization's SCIM token only: no person's session passes, not an admin's.
      return 'unauthenticated';
    default:
      throw new Error(`The matrix has no rule for ${JSON.stringify(permission)}: add one.`);
  }
}

let studio: TestStudio;
let clients: Record<Identity, ApiClient>;
let targets: Targets;
let operations: Operation[];

beforeAll(async () => {
  studio = await startTestStudio();
  const namespaceA = await buildNamespace(studio, 'alpha');
  const namespaceB = await buildNamespace(studio, 'beta');
  const [readA, editA, ownerA, editB, admin] = await Promise.all([
    buildMember(studio, 'read@alpha.test', { alpha: 'read:ns' }),
    buildMember(studio, 'edit@alpha.test', { alpha: 'edit:ns' }),
    buildMember(studio, 'owner@alpha.test', { alpha: 'owner:ns' }),
    buildMember(studio, 'edit@beta.test', { beta: 'edit:ns' }),
    signInAs(studio, 'admin@example.com', 'admin-password'),
  ]);
  clients = {
    anonymous: new ApiClient(new TestBrowser(studio.baseUrl)),
    readA,
    editA,
    ownerA,
    editB,
    admin,
  };
  // B has data of its own, so its lists are not empty by accident.
  await buildStoryfile(editB, namespaceB, { name: 'Beta storyfile' });
  targets = await seedTargets(jsonCallOf(ownerA.browser), namespaceA, MARKER);

  const document = (await (await fetch(`${studio.baseUrl}/docs/json`)).json()) as OpenApiDocument;
  // Reads first, then writes, deletions last, and signing out at the very end: every identity
  // meets A's data as seeded, and keeps its session.
  const rank = (operation: Operation) =>
    operation.path === '/api/auth/logout'
      ? 4
      : ({ GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 } as const)[operation.method];
  operations = listOperations(document).sort((a, b) => rank(a) - rank(b));
}, 60_000);

afterAll(async () => {
  await studio?.stop();
});

describe('authorization matrix from /docs/json', () => {
  it('covers every operation of the gateway API, each with a declared permission', () => {
    expect(operations.length).toBeGreaterThan(60);
    const undeclared = operations.filter((operation) => !operation.permission);
    expect(undeclared.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
  });

  it('answers each identity as its declared permission says, and never leaks A to B or to nobody', async () => {
    const aIds = Object.values(targets as unknown as Record<string, string>);
    const mismatches: string[] = [];
    const leaks: string[] = [];
    let requests = 0;
    for (const operation of operations) {
      const request = buildRequest(operation, targets);
      const sent = `${request.url} ${JSON.stringify(request.body ?? null)}`;
      for (const identity of IDENTITIES) {
        const expected = expectationFor(operation.permission!, identity);
        const answer = await clients[identity].browser.api(request.url, {
          method: request.method,
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        });
        requests += 1;
        const text = await answer.text();
        const status = answer.status;
        const label = `${identity} ${request.method} ${operation.path} -> ${status} (expected ${expected}): ${text.slice(0, 160)}`;
        const isDeniedOrMissing = status === 403 || status === 404;
        const ok =
          status < 500 &&
          {
            // Nothing gates a public call; it answers for itself (the session call: 401 without one).
            open: true,
            unauthenticated: status === 401,
            allowed: status !== 401 && status !== 403,
            // A read may answer an empty success instead; the leak check below judges its body.
            denied: isDeniedOrMissing || (request.method === 'GET' && status < 300),
          }[expected];
        if (!ok) {
          mismatches.push(label);
        }
        const isOutsider = identity === 'anonymous' || identity === 'editB';
        if (isOutsider && operation.permission!.kind !== 'public') {
          const found = [MARKER, ...aIds].filter(
            (marker) => !sent.includes(marker) && text.includes(marker),
          );
          if (found.length > 0) {
            leaks.push(`${label} contains ${found.join(', ')}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(leaks).toEqual([]);
    expect(requests).toBe(operations.length * IDENTITIES.length);
    // Some 1,400 requests one after another: ~10 s on an idle machine, past 120 s at load 28. The
    // limit bounds a hang.
  }, 400_000);
});

// Issue 30: a SCIM token acts only on its own organization. Every SCIM operation of the document
// with B's token against A's people and teams, and A's token linking B's editor and the platform
// admin by email: nothing of A reaches B, nothing of the linked accounts reaches A, and
// deprovisioning them in A leaves their sessions and their other organization alone.
describe('SCIM across two organizations and against the platform admin', () => {
  const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
  const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
  const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

  async function issueToken(owner: ApiClient, namespaceId: string): Promise<string> {
    const issued = await owner.expectStatus<{ token: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${namespaceId}/scim-tokens`,
      { label: 'Matrix' },
    );
    return issued.token;
  }

  async function scim(token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${studio.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, json: (text ? JSON.parse(text) : {}) as Json };
  }
  type Json = Record<string, unknown> & { id?: string; active?: boolean; displayName?: string };

  function validBody(path: string, method: Operation['method']): unknown {
    const isGroup = path.includes('/Groups');
    if (method === 'PATCH') {
      return {
        schemas: [PATCH_OP],
        Operations: [
          isGroup
            ? { op: 'replace', value: { displayName: 'Renamed by B' } }
            : { op: 'replace', value: { active: false } },
        ],
      };
    }
    if (method === 'POST' || method === 'PUT') {
      return isGroup
        ? { schemas: [GROUP], displayName: `B team ${method}` }
        : { schemas: [USER], userName: `b-${method.toLowerCase()}@beta.test` };
    }
    return undefined;
  }

  it('a token reaches only its own organization, whatever the verb', async () => {
    const namespaceA = targets.namespaceId;
    const ownerB = await buildMember(studio, 'owner@beta.test', { beta: 'owner:ns' });
    const namespaces = await ownerB.get<{ namespaces: { id: string; label: string }[] }>(
      '/v1/conversa/auth/me',
    );
    const namespaceB = namespaces.body.namespaces.find((entry) => entry.label === 'beta')!.id;
    // The matrix above signed everyone out at its end: fresh sessions.
    const ownerA = await buildMember(studio, 'owner2@alpha.test', { alpha: 'owner:ns' });
    const editorB = await signInAs(studio, 'edit@beta.test');
    const admin = await signInAs(studio, 'admin@example.com', 'admin-password');
    const tokenA = await issueToken(ownerA, namespaceA);
    const tokenB = await issueToken(ownerB, namespaceB);
    const person = await scim(tokenA, 'POST', '/scim/v2/Users', {
      schemas: [USER],
      userName: 'scim-person@alpha.test',
      name: { givenName: MARKER, familyName: 'Person' },
    });
    expect(person.status).toBe(201);
    const team = await scim(tokenA, 'POST', '/scim/v2/Groups', {
      schemas: [GROUP],
      displayName: `${MARKER} team`,
      members: [{ value: person.json.id }],
    });
    expect(team.status).toBe(201);
    const aIds = [namespaceA, person.json.id!, team.json.id!];

    const scimOperations = operations.filter(
      (operation) => operation.permission?.kind === 'scimToken',
    );
    expect(scimOperations.length).toBeGreaterThanOrEqual(15);
    const mismatches: string[] = [];
    for (const operation of scimOperations) {
      const resourceId = operation.path.includes('/Groups') ? team.json.id! : person.json.id!;
      const path = operation.path.replace('{resourceId}', resourceId);
      const answer = await scim(tokenB, operation.method, path, validBody(path, operation.method));
      const label = `B ${operation.method} ${operation.path} -> ${answer.status}: ${answer.text.slice(0, 160)}`;
      const isItem = operation.path.includes('{resourceId}');
      if (answer.status >= 500 || (isItem && answer.status !== 404)) {
        mismatches.push(label);
      }
      const found = [MARKER, ...aIds].filter(
        (marker) => !path.includes(marker) && answer.text.includes(marker),
      );
      if (found.length > 0) {
        mismatches.push(`${label} contains ${found.join(', ')}`);
      }
    }
    expect(mismatches).toEqual([]);
    // A's person and team are as A left them.
    expect((await scim(tokenA, 'GET', `/scim/v2/Users/${person.json.id}`)).json.active).toBe(true);
    expect((await scim(tokenA, 'GET', `/scim/v2/Groups/${team.json.id}`)).json.displayName).toBe(
      `${MARKER} team`,
    );
    // A person's session never passes for SCIM, not the platform admin's.
    const asAdmin = await admin.browser.api('/scim/v2/Users');
    expect(asAdmin.status).toBe(401);

    // A links B's editor and the platform admin by email: it sees only what it sent.
    const editB = await editorB.get<{ iam: string }>('/v1/conversa/auth/me');
    const adminMe = await admin.get<{ iam: string; email: string }>('/v1/conversa/auth/me');
    await studio.database.db.execute(
      sql`update users set first_name = 'Beta-secret', last_name = 'Name' where id in (${editB.body.iam}, ${adminMe.body.iam})`,
    );
    for (const [email, client] of [
      ['edit@beta.test', editorB],
      [adminMe.body.email, admin],
    ] as const) {
      const linked = await scim(tokenA, 'POST', '/scim/v2/Users', {
        schemas: [USER],
        userName: email,
      });
      expect(linked.status, linked.text).toBe(201);
      expect(linked.text).not.toContain('Beta-secret');
      const read = await scim(tokenA, 'GET', `/scim/v2/Users/${linked.json.id}`);
      expect(read.text).not.toContain('Beta-secret');
      const suspended = await scim(
        tokenA,
        'PATCH',
        `/scim/v2/Users/${linked.json.id}`,
        validBody('/Users', 'PATCH'),
      );
      expect(suspended.json.active).toBe(false);
      expect((await client.get('/v1/conversa/auth/me')).status).toBe(200);
      expect((await scim(tokenA, 'DELETE', `/scim/v2/Users/${linked.json.id}`)).status).toBe(204);
      expect((await client.get('/v1/conversa/auth/me')).status).toBe(200);
    }
    // B's editor still works in B.
    const listB = await editorB.get<{ items: unknown[] }>(
      `/v1/conversa/storyfiles?namespaceId=${namespaceB}`,
    );
    expect(listB.status).toBe(200);
  }, 120_000);
});

// Issue 43: the package download is no operation of the document (a file, not JSON), so the
// matrix above does not reach it. An export's URL is its exporter's (a platform admin's aside):
// every other identity, with the exporter's own URL, is refused, and reading the job is too.
describe("an export package's download", () => {
  it('answers only its exporter and the platform admin', async () => {
    // The matrix above signed everyone out at its end: fresh sessions.
    const fresh: Record<Identity, ApiClient> = {
      anonymous: new ApiClient(new TestBrowser(studio.baseUrl)),
      readA: await signInAs(studio, 'read@alpha.test'),
      editA: await signInAs(studio, 'edit@alpha.test'),
      ownerA: await signInAs(studio, 'owner@alpha.test'),
      editB: await signInAs(studio, 'edit@beta.test'),
      admin: await signInAs(studio, 'admin@example.com', 'admin-password'),
    };
    const storyfile = await buildStoryfile(fresh.editA, targets.namespaceId, {
      name: `${MARKER} exported`,
    });
    const started = await fresh.editA.expectStatus<{ id: string }>(
      202,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/export`,
    );
    const jobPath = `/v1/conversa/storyfile-packages/jobs/${started.id}`;
    let job: { state: string; downloadUrl: string | null };
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await fresh.editA.expectStatus(200, 'GET', jobPath);
    } while (job.state === 'queued' || job.state === 'running');
    expect(job.state).toBe('done');

    const expected: Record<Identity, { download: number; job: number }> = {
      anonymous: { download: 401, job: 401 },
      readA: { download: 403, job: 404 },
      editA: { download: 200, job: 200 },
      ownerA: { download: 403, job: 404 },
      editB: { download: 403, job: 404 },
      admin: { download: 200, job: 200 },
    };
    const answers: Record<string, { download: number; job: number }> = {};
    for (const identity of IDENTITIES) {
      const downloaded = await fresh[identity].browser.request(job.downloadUrl!);
      const body = Buffer.from(await downloaded.arrayBuffer());
      if (downloaded.status !== 200) {
        expect(body.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
      }
      answers[identity] = {
        download: downloaded.status,
        job: (await fresh[identity].get(jobPath)).status,
      };
    }
    expect(answers).toEqual(expected);
  }, 60_000);
});
