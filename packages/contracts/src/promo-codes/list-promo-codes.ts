import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { promoCodeSchema } from './promo-code.ts';

export const listPromoCodesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/promo-codes',
  summary: 'Every promo code, newest first, with its redemptions and remaining uses',
  tags,
  permission: ADMIN,
  response: z.object({ items: z.array(promoCodeSchema) }),
});
