import { defineContract } from '../contract.ts';
import { categoryImportPreviewSchema, importCategoriesBodySchema } from './insights.ts';

export const previewCategoryImportContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/training/categories/import/preview',
  summary:
    'What importing a category CSV would change, nothing written: each row (created, or the phrases it replaces) and the effect on past questions; a bad file is refused as the import refuses it',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: importCategoriesBodySchema,
  response: categoryImportPreviewSchema,
  errors: [404],
});
