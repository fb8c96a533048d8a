import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { clipKindSchema, storyfileClipSchema, updateStoryfileClipBodySchema } from './storyfile.ts';

export const updateStoryfileClipContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/clips/:kind',
  summary:
    'Sets what to say in one of the special clips (idle, intro, cannot answer, please repeat)',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: z.object({ id: z.uuid(), kind: clipKindSchema }),
  body: updateStoryfileClipBodySchema,
  response: storyfileClipSchema,
  errors: [409],
});
