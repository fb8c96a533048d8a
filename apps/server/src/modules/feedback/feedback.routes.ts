import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createFeedbackContract, getFeedbackConfigContract } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import { createFeedback } from './feedback.service.ts';

export function registerFeedbackRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    /** The form of the request's brand, else FEEDBACK_FORM_URL; undefined = the studio's own form. */
    resolveFormUrl: (request: FastifyRequest) => string | undefined;
  },
): void {
  registerContract(app, getFeedbackConfigContract, (request) =>
    Promise.resolve({ formUrl: options.resolveFormUrl(request) ?? null }),
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
