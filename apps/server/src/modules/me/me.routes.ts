import type { FastifyInstance } from 'fastify';
import { getMeContract } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import { addStoryfileNamespaces } from './me.service.ts';

export function registerMeRoutes(app: FastifyInstance, db: Database): void {
  // The request's user is resolved without the storyfile list; auth/me alone adds it.
  registerContract(app, getMeContract, (request) =>
    addStoryfileNamespaces(db, request.currentUser),
  );
}
