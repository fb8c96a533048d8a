import { defineContract } from '../contract.ts';
import { storyfileImportBodySchema, storyfileImportPreviewSchema } from './storyfile-package.ts';

/**
 * Reads an uploaded package's manifest and answers what importing it into the namespace would
 * create; a package that cannot be imported answers 400 naming the problem. Nothing is created.
 */
export const previewStoryfileImportContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfile-packages/imports/preview',
  summary: 'Summary of an uploaded storyfile package before importing it (nothing is created)',
  tags: ['storyfile-packages'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: storyfileImportBodySchema,
  response: storyfileImportPreviewSchema,
  errors: [404, 409],
});
