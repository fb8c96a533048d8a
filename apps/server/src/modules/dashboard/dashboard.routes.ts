import type { FastifyInstance } from 'fastify';
import { getDashboardFiguresContract } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import { getDashboardFigures } from './dashboard.service.ts';

export function registerDashboardRoutes(app: FastifyInstance, options: { db: Database }): void {
  registerContract(app, getDashboardFiguresContract, async (request) =>
    getDashboardFigures(options.db, request.currentUser),
  );
}
