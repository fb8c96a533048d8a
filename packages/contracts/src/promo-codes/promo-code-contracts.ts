import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  createPromoCodeBodySchema,
  MAX_TRIAL_DAYS,
  promoClientSchema,
  promoClientStatusSchema,
  promoCodeSchema,
} from './promo-code.ts';

const ADMIN = { kind: 'admin' } as const;
const tags = ['promo-codes'];

export const listPromoCodesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/promo-codes',
  summary: 'Every promo code, newest first, with its redemptions and remaining uses',
  tags,
  permission: ADMIN,
  response: z.object({ items: z.array(promoCodeSchema) }),
});

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
