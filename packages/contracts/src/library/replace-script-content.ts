import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { scriptContentSchema, scriptDetailSchema } from './script.ts';

export const replaceScriptContentContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/scripts/:id/content',
  summary: "Saves a script's whole content (topics and questions in order) in one transaction",
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  body: scriptContentSchema,
  response: scriptDetailSchema,
  errors: [409],
});
