import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { scriptSchema } from './script.ts';

export const deleteScriptContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/scripts/:id',
  summary: 'Soft-deletes a script (renamed to "<name> - Deleted")',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  response: scriptSchema,
});
