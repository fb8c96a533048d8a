import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { scriptSchema } from './script.ts';

export const restoreScriptContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/scripts/:id/restore',
  summary: 'Restores a soft-deleted script under its original name (owner role)',
  tags: ['library'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: idParamsSchema,
  response: scriptSchema,
  errors: [409],
});
