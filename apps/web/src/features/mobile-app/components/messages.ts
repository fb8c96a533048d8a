import { ApiError } from '@/lib/api-client';

/** The server's sentence for a refused call, else the spec's failure message of the call. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

export const FETCH_FAILED = 'An error occurred while fetching the data.';
export const UPDATE_FAILED = 'An error occurred while updating data.';
export const PUSH_FAILED = 'An error occurred while pushing data.';
export const DELETE_FAILED = 'An error occurred while deleting data.';
