import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { createPromoCodeBodySchema, promoCodeSchema } from './promo-code.ts';

export const createPromoCodeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/promo-codes',
  summary: 'Creates a promo code (given or generated) that opens a free trial',
  tags,
  permission: ADMIN,
  body: createPromoCodeBodySchema,
  response: promoCodeSchema,
  successStatus: 201,
  errors: [409],
});
