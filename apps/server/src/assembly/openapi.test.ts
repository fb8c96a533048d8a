import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@conversa/contracts';
import type { Contract } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

const OWN_TAGS = new Set(['storyfiles', 'library']);
function isOwnContract(name: string, value: unknown): value is Contract {
  return (
    name.endsWith('Contract') &&
    typeof value === 'object' &&
    value !== null &&
    (value as Contract).tags?.some((tag) => OWN_TAGS.has(tag)) === true
  );
}

const ownContracts: [string, Contract][] = Object.entries(
  contracts as Record<string, unknown>,
).flatMap(([name, value]) => (isOwnContract(name, value) ? [[name, value]] : []));

describe('OpenAPI document', () => {
  it('knows every storyfile and library contract', () => {
    expect(ownContracts.length).toBeGreaterThanOrEqual(45);
  });

  it.each(ownContracts)(
    '%s is documented with its method and path',
    async (_name: string, contract: Contract) => {
      const response = await fetch(`${studio.baseUrl}/docs/json`);
      const document = (await response.json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const openApiPath = contract.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(document.paths[openApiPath]?.[contract.method.toLowerCase()]).toBeDefined();
    },
  );
});
