import type { FastifyInstance } from 'fastify';
import { getMeContract } from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import { unauthorized } from '../../http/errors.ts';

export function registerMeRoutes(app: FastifyInstance): void {
  registerContract(app, getMeContract, (request) => {
    if (!request.currentUser) {
      throw unauthorized('You need to be logged in.');
    }
    return Promise.resolve(request.currentUser);
  });
}
