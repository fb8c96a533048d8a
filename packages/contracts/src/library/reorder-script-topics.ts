import { defineContract } from '../contract.ts';
import { idParamsSchema, reorderBodySchema } from './content.ts';
import { scriptDetailSchema } from './script.ts';

export const reorderScriptTopicsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/scripts/:id/topics/order',
  summary: "Puts a script's topics in a new order (every topic id, once)",
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  body: reorderBodySchema,
  response: scriptDetailSchema,
  errors: [409],
});
