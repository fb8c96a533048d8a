import { defineContract } from '../contract.ts';
import { createScriptBodySchema, scriptDetailSchema } from './script.ts';

export const createScriptContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/scripts',
  summary: 'Creates a script in a namespace, optionally with its content',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: createScriptBodySchema,
  response: scriptDetailSchema,
  successStatus: 201,
  errors: [404, 409],
});
