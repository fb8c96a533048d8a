import type { DetailedError } from 'tus-js-client';

export const NETWORK_FAILURE_MESSAGE =
  'The connection to the studio was lost. Retry to continue from where the upload stopped.';

/** The HTTP status of a tus failure; 0 when no answer came (the network). */
export function getUploadErrorStatus(error: Error): number {
  return (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;
}

/** The server's reason (the tus endpoint answers refusals with plain text), or a plain message. */
export function describeUploadError(error: Error): string {
  const response = (error as Partial<DetailedError>).originalResponse;
  const body = response?.getBody()?.trim();
  if (body) {
    return body;
  }
  return response
    ? `The upload was refused (HTTP ${response.getStatus()}).`
    : NETWORK_FAILURE_MESSAGE;
}

/**
 * Whether tus tries a failed request again: a 401 twice (after a session refresh), the network,
 * a server error or a locked/conflicting upload while the browser is online; never a refusal.
 */
export function shouldRetryUploadRequest(
  status: number,
  retryAttempt: number,
  isOnline: boolean,
): boolean {
  if (status === 401) {
    return retryAttempt < 2;
  }
  return status === 0 || status >= 500 || status === 409 || status === 423 ? isOnline : false;
}
