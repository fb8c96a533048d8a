import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { scriptSchema, updateScriptBodySchema } from './script.ts';

export const updateScriptContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/scripts/:id',
  summary: "Changes a script's name, description or language",
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  body: updateScriptBodySchema,
  response: scriptSchema,
  errors: [409],
});
