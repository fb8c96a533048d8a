import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ID, SYSTEM_ID_HEADER } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import { buildMember, buildNamespace, type ApiClient } from '../../test/storyfile.fixtures.ts';
import {
  listOperations,
  type OpenApiDocument,
  type Operation,
  type Targets,
} from '../../test/openapi.fixtures.ts';
import { jsonCallOf, orderForRun, seedTargets } from '../../test/openapi-targets.fixtures.ts';
import { buildHostileRequests, HOSTILE_VALUES } from '../../test/hostile-requests.fixtures.ts';

// Issue 20: hostile input must answer 4xx (or the documented success), never 5xx. Every operation
// of /docs/json, each field in turn replaced by hostile values (NUL, 1 MB, wrong types, arrays,
// negative/huge/fractional numbers, "NaN", malformed uuids, RTL and combining Unicode, SQL and
// HTML), plus unknown fields and empty, non-JSON and non-object bodies, sent by an owner of the
// data so the calls reach their handlers. The suite sends a rotating few values per field;
// `npm run bench:fuzz` sends them all, many times over.

const VALUES_PER_FIELD = 4;

let studio: TestStudio;
let owner: ApiClient;
let targets: Targets;
let operations: Operation[];

beforeAll(async () => {
  studio = await startTestStudio();
  const namespaceId = await buildNamespace(studio, 'fuzz');
  owner = await buildMember(studio, 'owner@fuzz.test', { fuzz: 'owner:ns' });
  targets = await seedTargets(jsonCallOf(owner.browser), namespaceId, 'Fuzz');
  const document = (await (await fetch(`${studio.baseUrl}/docs/json`)).json()) as OpenApiDocument;
  operations = orderForRun(listOperations(document));
}, 60_000);

afterAll(async () => {
  await studio?.stop();
});

describe('schema fuzz over /docs/json', () => {
  it('answers hostile input with 4xx or success, never 5xx', async () => {
    const cookie = owner.browser.cookieHeader();
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      // Each field gets the next few values of the list, so the fields of one operation together
      // cover most of it and every value is used across the document.
      const requests = buildHostileRequests(operation, targets, (fieldIndex) =>
        Array.from(
          { length: VALUES_PER_FIELD },
          (_, offset) =>
            HOSTILE_VALUES[(fieldIndex * VALUES_PER_FIELD + offset) % HOSTILE_VALUES.length]!,
        ),
      );
      for (const request of requests) {
        const answer = await studio.app.inject({
          method: request.method,
          url: request.url,
          headers: {
            cookie,
            [SYSTEM_ID_HEADER]: SYSTEM_ID,
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        sent += 1;
        if (answer.statusCode >= 500) {
          failures.push(
            `${request.method} ${operation.path} [${request.label}] -> ${answer.statusCode}: ${answer.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(operations.length * 8);
    // About 3,000 requests through inject, among them 5,000-deep bodies (issue 30): minutes on a
    // loaded machine.
  }, 300_000);
});
