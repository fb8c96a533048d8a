import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { MAX_TRIAL_DAYS, promoClientSchema } from './promo-code.ts';

export const extendPromoTrialContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/promo-codes/clients/:id/extend',
  summary: 'Extends a client’s trial by some days (from now when it has already ended)',
  tags,
  permission: ADMIN,
  params: z.object({ id: z.uuid() }),
  body: z.object({ days: z.number().int().min(1).max(MAX_TRIAL_DAYS) }),
  response: promoClientSchema,
  errors: [409],
});
