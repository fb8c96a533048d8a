import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@conversa/contracts';
import {
  PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE,
  roleRequiredMessage,
  SYSTEM_ID_HEADER,
  type Contract,
  type Requirement,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import { buildMember, buildNamespace, buildStoryfile } from '../../test/storyfile.fixtures.ts';

// The document an API client (and the acceptance checks) reads: every contract of
// packages/contracts is in it with its method and path, and it documents no call of /v1 that no
// contract declares.

let studio: TestStudio;
let documented: Set<string>;

interface DocumentedOperation {
  'x-permission'?: Requirement;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
  responses?: Record<
    string,
    {
      description?: string;
      content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
    }
  >;
}
let operations: [string, DocumentedOperation][];
const method = (name: string) => name.split(' ')[0]!;

beforeAll(async () => {
  studio = await startTestStudio();
  const response = await fetch(`${studio.baseUrl}/docs/json`);
  const document = (await response.json()) as {
    paths: Record<string, Record<string, DocumentedOperation>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, operation] as [string, DocumentedOperation],
    ),
  );
  documented = new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
});

afterAll(async () => {
  await studio?.stop();
});

function isContract(name: string, value: unknown): value is Contract {
  return (
    name.endsWith('Contract') &&
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Contract).path === 'string' &&
    typeof (value as Contract).method === 'string'
  );
}

const allContracts = Object.entries(contracts as Record<string, unknown>).flatMap(
  ([name, value]) => (isContract(name, value) ? [[name, value] as const] : []),
);
/** A contract's operation as the OpenAPI document names it (`:id` → `{id}`). */
const operationOf = (contract: Contract) =>
  `${contract.method.toUpperCase()} ${contract.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

describe('OpenAPI document', () => {
  it.each(allContracts)('documents %s with its method and path', (_name, contract) => {
    expect(documented).toContain(operationOf(contract));
  });

  it('documents no /v1 call that no contract declares', () => {
    const declared = new Set(allContracts.map(([, contract]) => operationOf(contract)));
    const undeclared = [...documented].filter(
      (operation) => operation.split(' ')[1]!.startsWith('/v1/') && !declared.has(operation),
    );
    expect(undeclared).toEqual([]);
  });

  // Issue 32: none of the training and learning operations listed a 4xx. Every operation of the
  // gateway lists the errors it can answer, generated from getErrorAnswers.
  it('lists the error answers of every /v1 operation: 400 with issues, 401, 403 with the role message, 404', () => {
    const gateway = operations.filter(([name]) => name.split(' ')[1]!.startsWith('/v1/'));
    expect(gateway.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const [name, operation] of gateway) {
      const permission = operation['x-permission'];
      const responses = operation.responses ?? {};
      const statuses = Object.keys(responses);
      const hasInput =
        (operation.parameters ?? []).some((parameter) => parameter.in !== 'header') ||
        operation.requestBody !== undefined;
      const expected = [
        ...(hasInput ? ['400'] : []),
        ...(permission?.kind === 'public' ? [] : ['401']),
        // A sign-in alone refuses nobody signed in, unless a student (restricted role) is refused.
        ...(permission?.kind === 'public' ||
        (permission?.kind === 'loggedIn' &&
          !method(name).startsWith('P') &&
          !name.startsWith('DELETE'))
          ? []
          : ['403']),
        ...(name.includes('{') ? ['404'] : []),
      ];
      const missing = expected.filter((status) => !statuses.includes(status));
      if (missing.length > 0) {
        problems.push(`${name} lists no ${missing.join(', ')}`);
      }
      const badRequest = responses['400']?.content?.['application/json']?.schema?.properties;
      if (hasInput && badRequest?.issues === undefined) {
        problems.push(`${name}: its 400 has no issues`);
      }
      if (permission?.kind === 'role' || permission?.kind === 'storyfile') {
        const message = roleRequiredMessage(permission.scope);
        if (!responses['403']?.description?.includes(message)) {
          problems.push(`${name}: its 403 does not say ${message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists 409 and 429 where a contract declares them (the public ask)', () => {
    const ask = operations.find(
      ([name]) => name === 'POST /v1/conversa/public/storyfiles/{slug}/ask',
    )?.[1];
    expect(Object.keys(ask?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '404', '409', '429']),
    );
    expect(PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE).toContain('cannot be continued');
  });

  // Issue 32 item 20: an operation lists every error status it can answer. Each case makes the
  // call that answers the status, then reads the document for that operation: 409 and 429 come
  // only from a contract's `errors`, and so does 404 where the path has no parameter.
  it('lists the 409 and 404 a call really answers, and no 409 where none can come', async () => {
    const eastId = await buildNamespace(studio, 'openapi-east');
    const westId = await buildNamespace(studio, 'openapi-west');
    const editor = await buildMember(studio, 'editor@openapi-east.test', {
      'openapi-east': 'edit:ns',
    });
    const listed = (name: string) =>
      Object.keys(operations.find(([n]) => n === name)?.[1].responses ?? {});

    // A library topic whose name is taken in the namespace: 409.
    const topic = { namespaceId: eastId, name: 'Hobbies and pastimes' };
    expect((await editor.post('/v1/conversa/topics', topic)).status).toBe(201);
    expect((await editor.post('/v1/conversa/topics', topic)).status).toBe(409);
    // A namespace the editor cannot see, named in the body or the query: 404 without a path id.
    expect(
      (await editor.post('/v1/conversa/topics', { ...topic, namespaceId: westId })).status,
    ).toBe(404);
    expect((await editor.get(`/v1/conversa/topics?namespaceId=${westId}`)).status).toBe(404);
    expect(listed('POST /v1/conversa/topics')).toEqual(expect.arrayContaining(['404', '409']));
    expect(listed('GET /v1/conversa/topics')).toContain('404');

    // A storyfile topic whose name the checklist has already: 409.
    const storyfile = await buildStoryfile(editor, eastId);
    const topicsPath = `/v1/conversa/storyfiles/${storyfile.id}/topics`;
    expect((await editor.post(topicsPath, { name: 'Work' })).status).toBe(201);
    expect((await editor.post(topicsPath, { name: 'Work' })).status).toBe(409);
    expect(listed('POST /v1/conversa/storyfiles/{id}/topics')).toContain('409');

    // Reading, listing or deleting a topic clashes with nothing.
    for (const name of [
      'GET /v1/conversa/topics',
      'GET /v1/conversa/topics/{id}',
      'DELETE /v1/conversa/topics/{id}',
    ]) {
      expect(listed(name), name).not.toContain('409');
      expect(listed(name), name).toContain('404');
    }
  });

  it('lists 429 on every SCIM call (the token check refuses a source after too many failures)', () => {
    const scim = operations.filter(([name]) => name.split(' ')[1]!.startsWith('/scim/'));
    expect(scim.length).toBeGreaterThan(10);
    for (const [name, operation] of scim) {
      expect(Object.keys(operation.responses ?? {}), name).toContain('429');
    }
    expect(
      Object.keys(operations.find(([n]) => n === 'POST /scim/v2/Users')?.[1].responses ?? {}),
    ).toEqual(expect.arrayContaining(['401', '409', '429']));
  });

  // Issue 32: a public ask without x-system-id answered 403, and no operation declared the header.
  it('declares the x-system-id header on every write, required where no bearer token can replace it', () => {
    const problems: string[] = [];
    for (const [name, operation] of operations) {
      const [method, path] = name.split(' ') as [string, string];
      if (!path.startsWith('/v1/') || ['GET', 'HEAD', 'OPTIONS'].includes(method)) {
        continue;
      }
      const header = (operation.parameters ?? []).find(
        (parameter) => parameter.in === 'header' && parameter.name === SYSTEM_ID_HEADER,
      );
      if (!header) {
        problems.push(`${name} declares no ${SYSTEM_ID_HEADER}`);
      } else if (operation['x-permission']?.kind === 'public' && header.required !== true) {
        problems.push(`${name} (public) does not require ${SYSTEM_ID_HEADER}`);
      }
    }
    expect(problems).toEqual([]);
    const reads = operations.filter(
      ([name]) => name.startsWith('GET /v1/') && name.includes('chat-logs'),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const [, operation] of reads) {
      expect(operation.parameters?.some((parameter) => parameter.name === SYSTEM_ID_HEADER)).toBe(
        false,
      );
    }
  });

  // Issue 43, item 13: the document said owners may PATCH an organization; renaming answered 403.
  it("says which of an organization's fields only platform admins may change", () => {
    const operation = operations.find(
      ([name]) => name === 'PATCH /v1/conversa/organizations/{id}',
    )?.[1];
    const body = JSON.stringify(operation?.requestBody ?? {});
    const properties = (
      operation?.requestBody as {
        content?: Record<
          string,
          { schema?: { properties?: Record<string, { description?: string }> } }
        >;
      }
    )?.content?.['application/json']?.schema?.properties;
    expect(body).toContain('defaultScope');
    for (const field of ['label', 'attributes']) {
      expect(properties?.[field]?.description, field).toBe(
        'Platform admins only: an owner who sends it is refused with 403.',
      );
    }
  });
});
