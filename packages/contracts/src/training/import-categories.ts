import { defineContract } from '../contract.ts';
import { importCategoriesBodySchema, importedCategoriesSchema } from './insights.ts';

export const importCategoriesContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/training/categories/import',
  summary:
    'Imports custom categories from CSV: every row is validated and all are written, or none (the refusal names each bad row); a row whose name exists in its scope replaces that category’s phrases',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: importCategoriesBodySchema,
  response: importedCategoriesSchema,
  errors: [404],
});
