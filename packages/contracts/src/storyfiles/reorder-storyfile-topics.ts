import { defineContract } from '../contract.ts';
import { reorderBodySchema } from '../library/content.ts';
import { storyfileDetailSchema, storyfileParamsSchema } from './storyfile.ts';

export const reorderStoryfileTopicsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/topics/order',
  summary: "Puts a storyfile's topics in a new order (every topic id, once)",
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: reorderBodySchema,
  response: storyfileDetailSchema,
  errors: [409],
});
