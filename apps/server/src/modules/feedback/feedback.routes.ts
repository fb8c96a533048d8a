import type { FastifyInstance } from 'fastify';
import { createFeedbackContract, getFeedbackConfigContract } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import { createFeedback } from './feedback.service.ts';

export function registerFeedbackRoutes(
  app: FastifyInstance,
  options: { db: Database; formUrl: string | undefined },
): void {
  registerContract(app, getFeedbackConfigContract, () =>
    Promise.resolve({ formUrl: options.formUrl ?? null }),
  );

  registerContract(app, createFeedbackContract, (request) =>
    createFeedback(options.db, {
      ...request.body,
      // iam is the users.id.
      userId: request.currentUser.iam,
      userAgent: request.headers['user-agent'],
    }),
  );
}
