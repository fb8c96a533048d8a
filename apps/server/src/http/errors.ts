/** An error a person can act on; the HTTP layer answers with its status and message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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
