import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { promoCodeSchema } from './promo-code.ts';

export const updatePromoCodeContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/promo-codes/:id',
  summary: 'Switches a promo code on or off, or changes its expiry and maximum redemptions',
  tags,
  permission: ADMIN,
  params: z.object({ id: z.uuid() }),
  body: z.object({
    isActive: z.boolean().optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().optional(),
  }),
  response: promoCodeSchema,
  errors: [409],
});
