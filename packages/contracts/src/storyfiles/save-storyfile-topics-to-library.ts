import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from './storyfile.ts';

export const saveStoryfileTopicsToLibraryResponseSchema = z.object({
  /** Library topics created (a topic of the same name, any case, takes the questions instead). */
  addedTopics: z.number().int(),
  addedQuestions: z.number().int(),
  /** Questions the library topic already held (same text, as normalizeQuestionText compares). */
  skippedQuestions: z.number().int(),
});
export type SaveStoryfileTopicsToLibraryResponse = z.infer<
  typeof saveStoryfileTopicsToLibraryResponseSchema
>;

/** 400 text for a storyfile without topics: there is nothing to save. */
export const NOTHING_TO_SAVE_TO_LIBRARY_MESSAGE =
  'This storyfile has no topics yet, so there is nothing to save to the library.';

export const saveStoryfileTopicsToLibraryContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/save-to-library',
  summary:
    "Copies a storyfile's script topics and questions into its namespace's question library, in one transaction, without duplicating questions the library topic already has",
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: saveStoryfileTopicsToLibraryResponseSchema,
  errors: [409],
});
