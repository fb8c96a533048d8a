import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { duplicateScriptBodySchema, scriptDetailSchema } from './script.ts';

export const duplicateScriptContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/scripts/:id/duplicate',
  summary: 'Copies a script or shipped template into a namespace, where it can be edited',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  body: duplicateScriptBodySchema,
  response: scriptDetailSchema,
  successStatus: 201,
  errors: [409],
});
