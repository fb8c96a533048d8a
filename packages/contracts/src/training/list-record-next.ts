import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';

/** Most unrecorded questions the record-next list names. */
export const RECORD_NEXT_LIMIT = 20;
/** Most of the visitors' distinct questions shown under each (most asked first). */
export const RECORD_NEXT_WORDS_LIMIT = 5;

/**
 * One unrecorded question of the script that visitors' open questions mean (issue 68): how many
 * visitors and questions, their words, and the exchanges an "add as its alternates" changes.
 */
export const recordNextItemSchema = z.object({
  questionId: z.string(),
  questionText: z.string(),
  topicName: z.string(),
  visitors: z.number().int(),
  count: z.number().int(),
  /** The visitors' distinct questions, most asked first. */
  questions: z.array(z.object({ text: z.string(), count: z.number().int() })),
  /** The open exchanges behind it: what adding their words as its alternates changes. */
  entryIds: z.array(z.string()),
});
export type RecordNextItem = z.infer<typeof recordNextItemSchema>;

export const recordNextListSchema = z.object({ items: z.array(recordNextItemSchema) });
export type RecordNextList = z.infer<typeof recordNextListSchema>;

export const listRecordNextContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/record-next',
  summary:
    'The unrecorded questions of the script that visitors asked for, most visitors first, each with their words',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: recordNextListSchema,
});
