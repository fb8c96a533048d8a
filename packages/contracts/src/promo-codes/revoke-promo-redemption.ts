import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { promoClientSchema } from './promo-code.ts';

export const revokePromoRedemptionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/promo-codes/clients/:id/revoke',
  summary:
    'Revokes a redemption: the code gets its use back, the organization loses the trial and becomes read-only',
  tags,
  permission: ADMIN,
  params: z.object({ id: z.uuid() }),
  response: promoClientSchema,
  errors: [409],
});
