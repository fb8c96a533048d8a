import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ADMIN, tags } from './promo-code-meta.ts';
import { promoClientSchema } from './promo-code.ts';

export const convertPromoClientContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/promo-codes/clients/:id/convert',
  summary: 'Converts a client to conversa-studio: the trial limits and end no longer apply',
  tags,
  permission: ADMIN,
  params: z.object({ id: z.uuid() }),
  response: promoClientSchema,
  errors: [409],
});
