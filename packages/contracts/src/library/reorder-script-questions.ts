import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { reorderBodySchema } from './content.ts';
import { scriptDetailSchema } from './script.ts';

export const reorderScriptQuestionsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/scripts/:id/topics/:topicId/questions/order',
  summary: 'Puts the questions of one script topic in a new order (every question id, once)',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: z.object({ id: z.uuid(), topicId: z.uuid() }),
  body: reorderBodySchema,
  response: scriptDetailSchema,
  errors: [409],
});
