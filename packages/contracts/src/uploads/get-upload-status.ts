import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { UPLOAD_SERVER_STATUSES } from '../constants.ts';

export const uploadServerStatusSchema = z.enum(UPLOAD_SERVER_STATUSES);

export const uploadStatusQuerySchema = z.object({
  /** The upload's id: the last path segment of its upload URL before any `+` (spec §7). */
  uploadObjectKey: z.string().trim().min(1).max(200),
});

/** START while the upload is still arriving or being processed, END once processed, FAIL otherwise. */
export const uploadStatusSchema = z.object({
  status: uploadServerStatusSchema,
  /** Why it failed, in words a person understands; null unless FAIL. */
  error: z.string().nullable(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const getUploadStatusContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/upload/status',
  summary: 'Processing status of an upload (spec §4, §7: START, END, FAIL and error)',
  tags: ['uploads'],
  permission: { kind: 'loggedIn' },
  query: uploadStatusQuerySchema,
  response: uploadStatusSchema,
  errors: [404],
});
