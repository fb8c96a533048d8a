import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { promoClientSchema } from './promo-code.ts';

export const endPromoTrialContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/promo-codes/clients/:id/end',
  summary: 'Ends a client’s trial now: the organization becomes read-only',
  tags,
  permission: ADMIN,
  params: z.object({ id: z.uuid() }),
  response: promoClientSchema,
  errors: [409],
});
