import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { scriptDetailSchema } from './script.ts';

export const getScriptContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/scripts/:id',
  summary: 'A script or shipped template with its topics and questions in order',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  params: idParamsSchema,
  response: scriptDetailSchema,
});
