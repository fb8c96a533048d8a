import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { timestampSchema } from '../library/content.ts';
import { clipKindSchema } from '../storyfiles/storyfile.ts';
import { avatarResourceTypeSchema } from '../media/avatar.ts';
import { uploadServerStatusSchema } from './get-upload-status.ts';

/** `package`: a storyfile package to import (issue 31), kept as uploaded, never processed. */
export const UPLOAD_KINDS = ['answer', 'clip', 'avatar', 'package'] as const;
export const uploadKindSchema = z.enum(UPLOAD_KINDS);
export type UploadKind = z.infer<typeof uploadKindSchema>;

/** Where an upload is in its life; `status` says the same in the spec's START/END/FAIL terms. */
export const UPLOAD_PHASES = ['uploading', 'processing', 'ready', 'failed', 'cancelled'] as const;
export const uploadPhaseSchema = z.enum(UPLOAD_PHASES);
export type UploadPhase = z.infer<typeof uploadPhaseSchema>;

/** One upload as the progress dialog needs it (spec §3 upload tracking per video). */
export const uploadSummarySchema = z.object({
  id: z.string(),
  kind: uploadKindSchema,
  phase: uploadPhaseSchema,
  status: uploadServerStatusSchema,
  error: z.string().nullable(),
  filename: z.string().nullable(),
  filetype: z.string().nullable(),
  /** Null while the client defers the length. */
  sizeBytes: z.number().int().nullable(),
  /** Bytes the server holds (the tus offset) while uploading; the size afterwards. */
  uploadedBytes: z.number().int().nullable(),
  storyfileId: z.string().nullable(),
  storyfileName: z.string().nullable(),
  questionId: z.string().nullable(),
  questionText: z.string().nullable(),
  topicName: z.string().nullable(),
  clipKind: clipKindSchema.nullable(),
  resourceType: avatarResourceTypeSchema.nullable(),
  resourceId: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type UploadSummary = z.infer<typeof uploadSummarySchema>;

/** How far back the list reaches. */
export const RECENT_UPLOADS_HOURS = 24;

export const listUploadsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/uploads',
  summary: `The caller's uploads of the last ${RECENT_UPLOADS_HOURS} hours, newest first (restores the upload dialog after a reload)`,
  tags: ['uploads'],
  permission: { kind: 'loggedIn' },
  // Students too: the shell's upload bar asks on every page, and a 403 was logged in each
  // student's console (issue 44). It lists the caller's own uploads only.
  isOpenToStudents: true,
  response: z.object({ uploads: z.array(uploadSummarySchema) }),
});
