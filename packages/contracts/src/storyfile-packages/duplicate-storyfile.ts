import { defineContract } from '../contract.ts';
import { storyfileDetailSchema, storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { duplicateStoryfileBodySchema } from './storyfile-package.ts';

/**
 * Copies a storyfile into its own namespace through the import path (without a file): script,
 * clips, media, ink story and vocabulary; no chat logs, share link or people.
 */
export const duplicateStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/duplicate',
  summary: 'Duplicates a storyfile in its namespace (script, media, ink story, vocabulary)',
  tags: ['storyfile-packages'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: duplicateStoryfileBodySchema,
  response: storyfileDetailSchema,
  successStatus: 201,
  errors: [409],
});
