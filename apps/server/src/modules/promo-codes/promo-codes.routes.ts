import type { FastifyInstance } from 'fastify';
import {
  convertPromoClientContract,
  createPromoCodeContract,
  deletePromoCodeContract,
  endPromoTrialContract,
  extendPromoTrialContract,
  listPromoClientsContract,
  listPromoCodesContract,
  revokePromoRedemptionContract,
  updatePromoCodeContract,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import { actOnPromoClient, listPromoClients } from './clients.service.ts';
import type { TrialUsage } from './trial-guard.ts';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
} from './promo-codes.service.ts';

/** Promo codes and their clients, for platform admins (the sign-up pages live in identity). */
export function registerPromoCodeRoutes(
  app: FastifyInstance,
  options: { db: Database; trialUsage: TrialUsage },
): void {
  const { db, trialUsage } = options;
  registerContract(app, listPromoCodesContract, async () => ({ items: await listPromoCodes(db) }));
  registerContract(app, createPromoCodeContract, (request) =>
    createPromoCode(db, request.currentUser, request.body),
  );
  registerContract(app, updatePromoCodeContract, (request) =>
    updatePromoCode(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deletePromoCodeContract, (request) =>
    deletePromoCode(db, request.currentUser, request.params.id),
  );

  registerContract(app, listPromoClientsContract, async (request) => ({
    items: await listPromoClients(db, trialUsage, request.query),
  }));
  registerContract(app, extendPromoTrialContract, (request) =>
    actOnPromoClient(db, trialUsage, request.currentUser, request.params.id, {
      kind: 'extend',
      days: request.body.days,
    }),
  );
  registerContract(app, convertPromoClientContract, (request) =>
    actOnPromoClient(db, trialUsage, request.currentUser, request.params.id, { kind: 'convert' }),
  );
  registerContract(app, endPromoTrialContract, (request) =>
    actOnPromoClient(db, trialUsage, request.currentUser, request.params.id, { kind: 'end' }),
  );
  registerContract(app, revokePromoRedemptionContract, (request) =>
    actOnPromoClient(db, trialUsage, request.currentUser, request.params.id, { kind: 'revoke' }),
  );
}
