import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { oneContractPerFileRule } from './one-contract-per-file-rule.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
});

const contract = (name: string) =>
  `export const ${name}Contract = defineContract({ method: 'GET', path: '/v1/${name}', summary: '${name}', permission: { kind: 'public' }, response: z.object({}) });`;

ruleTester.run('studio/one-contract-per-file', oneContractPerFileRule, {
  valid: [
    {
      name: 'one contract with its schemas',
      code: `const itemSchema = z.object({});\n${contract('getItem')}`,
    },
    {
      name: 'schemas and messages only',
      code: "export const itemSchema = z.object({ id: z.string() });\nexport const ITEM_NOT_FOUND_MESSAGE = 'Item not found.';",
    },
    {
      name: 'a factory of one call',
      code: 'export function buildListContract(path) { return defineContract({ path }); }',
    },
    {
      name: 'another function counted when configured, defineContract then not',
      code: `${contract('getItem')}\n${contract('listItems')}`,
      options: [{ functions: ['defineRoute'] }],
    },
  ],
  invalid: [
    {
      name: 'two contracts at the top level',
      code: `${contract('getItem')}\n${contract('listItems')}`,
      errors: [{ messageId: 'extraContract', line: 2 }],
    },
    {
      name: 'three contracts: every one after the first',
      code: `${contract('getItem')}\n${contract('listItems')}\n${contract('deleteItem')}`,
      errors: [
        { messageId: 'extraContract', line: 2 },
        { messageId: 'extraContract', line: 3 },
      ],
    },
    {
      name: 'a factory defining several (the SCIM shape before the split)',
      code: 'export function build(path) {\n  return {\n    list: defineContract({ path }),\n    get: defineContract({ path }),\n  };\n}',
      errors: [{ messageId: 'extraContract', line: 4 }],
    },
    {
      name: 'through a namespace import',
      code: 'export const a = contracts.defineContract({});\nexport const b = contracts.defineContract({});',
      errors: [{ messageId: 'extraContract', line: 2 }],
    },
  ],
});
