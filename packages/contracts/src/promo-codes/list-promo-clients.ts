import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { promoClientSchema, promoClientStatusSchema } from './promo-code.ts';

export const listPromoClientsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/promo-codes/clients',
  summary:
    'Organizations that came through a promo code: owner, redemption, trial end, usage against the limits, status',
  tags,
  permission: ADMIN,
  query: z.object({ status: promoClientStatusSchema.optional() }),
  response: z.object({ items: z.array(promoClientSchema) }),
});
