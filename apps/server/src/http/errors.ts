import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  describeValidationIssues,
  getFailureMessage,
  toFieldProblems,
  type ValidationIssue,
} from '@conversa/contracts';
import { isDatabaseUnavailable } from '../db/client.ts';

/** The answer (503) while the database is down, restarting or hung. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The studio cannot reach its database right now. Try again in a moment.';

/** An error a person can act on; the HTTP layer answers with its status, message and headers. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);
export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message: string) => new AppError(401, 'UNAUTHORIZED', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'TOO_MANY_REQUESTS', message, { 'retry-after': String(retryAfterSeconds) });

/**
 * An id for one unexpected failure: the answer carries it instead of any detail (a stack trace or
 * SQL text would tell a stranger about the database), and the log line carries both.
 */
export function createErrorId(): string {
  return randomUUID();
}

/**
 * Answers every failure with `{ statusCode, error, message }`: an AppError with its own status and
 * message, a schema failure as 400 with sentences naming the fields (`describeValidationIssues`), anything
 * unexpected as the spec's failure message of the call with an error id, logged with that id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ statusCode: error.status, error: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // One mapping (packages/contracts) turns zod's issues into sentences a person reads; the
      // web shows `message` in banners and `issues` beside the fields they name.
      const issues: ValidationIssue[] = error.validation.map((issue) => ({
        ...issue.params,
        code: issue.keyword,
        message: issue.message ?? '',
        path: issue.instancePath.split('/').filter((step) => step !== ''),
      }));
      return reply.status(400).send({
        statusCode: 400,
        error: 'BAD_REQUEST',
        message: describeValidationIssues(issues),
        issues: toFieldProblems(issues),
      });
    }
    if (isDatabaseUnavailable(error)) {
      const errorId = createErrorId();
      request.log.error({ err: error, errorId }, 'the database is unavailable');
      return reply.status(503).header('retry-after', '5').send({
        statusCode: 503,
        error: 'SERVICE_UNAVAILABLE',
        message: DATABASE_UNAVAILABLE_MESSAGE,
        errorId,
      });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      const errorId = createErrorId();
      request.log.error({ err: error, errorId }, 'request failed');
      return reply.status(status).send({
        statusCode: status,
        error: 'INTERNAL_SERVER_ERROR',
        // Spec §8: the failed call's own message (fetching, pushing, updating or deleting).
        message: getFailureMessage(request.method),
        errorId,
      });
    }
    return reply.status(status).send({
      statusCode: status,
      error: (error as { code?: string }).code ?? 'BAD_REQUEST',
      message: (error as Error).message,
    });
  });
}
