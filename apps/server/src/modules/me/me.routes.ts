import type { FastifyInstance } from 'fastify';
import { getMeContract } from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';

export function registerMeRoutes(app: FastifyInstance): void {
  registerContract(app, getMeContract, (request) => Promise.resolve(request.currentUser));
}
