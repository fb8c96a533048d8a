import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { changeEffectSchema } from './change-effect.ts';
import { wordParamsSchema } from './words.ts';

export const deleteCustomWordContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/training/words/:id',
  summary: 'Deletes a custom word',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: wordParamsSchema,
  response: z.object({ id: z.string(), effect: changeEffectSchema }),
});
