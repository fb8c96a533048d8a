import { defineContract } from '../contract.ts';
import { storyfileImportBodySchema, storyfilePackageJobSchema } from './storyfile-package.ts';

/**
 * Queues the import of an uploaded package into the namespace. The job checks the whole package
 * first and creates the storyfile in one transaction; poll it for the new storyfile's id.
 */
export const startStoryfileImportContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfile-packages/imports',
  summary: 'Starts importing an uploaded storyfile package into a namespace (a job)',
  tags: ['storyfile-packages'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: storyfileImportBodySchema,
  response: storyfilePackageJobSchema,
  successStatus: 202,
  errors: [404, 409],
});
