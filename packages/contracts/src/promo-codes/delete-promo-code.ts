import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';

export const deletePromoCodeContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/promo-codes/:id',
  summary: 'Deletes a promo code nobody has redeemed; a redeemed one can only be switched off',
  tags,
  permission: ADMIN,
  params: z.object({ id: z.uuid() }),
  response: z.object({ id: z.string() }),
  errors: [409],
});
