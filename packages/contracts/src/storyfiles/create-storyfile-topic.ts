import { defineContract } from '../contract.ts';
import {
  createStoryfileTopicBodySchema,
  storyfileParamsSchema,
  storyfileTopicSchema,
} from './storyfile.ts';

export const createStoryfileTopicContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/topics',
  summary: "Adds a topic to a storyfile's checklist, empty or copied from a library topic",
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: createStoryfileTopicBodySchema,
  response: storyfileTopicSchema,
  successStatus: 201,
  errors: [409],
});
