import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { itemNameSchema } from '../library/content.ts';
import { storyfileTopicSchema } from './storyfile.ts';

export const storyfileTopicParamsSchema = z.object({ id: z.uuid(), topicId: z.uuid() });

export const updateStoryfileTopicContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/storyfiles/:id/topics/:topicId',
  summary: 'Renames a topic of a storyfile',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileTopicParamsSchema,
  body: z.object({ name: itemNameSchema }),
  response: storyfileTopicSchema,
  errors: [409],
});
