import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { uploadStatusSchema } from './get-upload-status.ts';

export const uploadParamsSchema = z.object({
  /** The upload's id (spec §7), as in the status call's uploadObjectKey. */
  id: z.string().trim().min(1).max(200),
});

/**
 * Why a video cannot be processed again: only a video whose processing failed on our side (not
 * one refused for its content, cancelled or expired), and whose bytes are still kept, can be.
 */
export const RETRY_UPLOAD_MESSAGES = {
  notRetryable: 'This upload cannot be processed again. Please upload the file again.',
  /** Its processing failed on our side, but the bytes are gone (kept a day after the failure). */
  fileGone:
    'This video cannot be processed again: its file is no longer kept on the studio. Please upload the video again.',
} as const;

/**
 * Processes a failed video again from the bytes the studio still holds (the status dialog's
 * "Try again" after `We could not process this video.`). Answers the new status, START.
 */
export const retryUploadProcessingContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/uploads/:id/retry',
  summary: 'Tries the processing of a failed video again (uploader or admin)',
  tags: ['uploads'],
  permission: { kind: 'loggedIn' },
  params: uploadParamsSchema,
  response: uploadStatusSchema,
  errors: [409],
});
