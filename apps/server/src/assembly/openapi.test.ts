import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@conversa/contracts';
import type { Contract } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';

// The document an API client (and the acceptance checks) reads: every contract of
// packages/contracts is in it with its method and path, and it documents no call of /v1 that no
// contract declares.

let studio: TestStudio;
let documented: Set<string>;

beforeAll(async () => {
  studio = await startTestStudio();
  const response = await fetch(`${studio.baseUrl}/docs/json`);
  const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
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
});
