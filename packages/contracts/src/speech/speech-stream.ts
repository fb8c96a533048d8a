import { z } from 'zod';
import { speechToTextResponseSchema } from './speech-to-text.ts';

/**
 * The browser's text messages on a speech2text stream (issue 42, item 3), each validated:
 * `decode` (the visitor paused: hear what was recorded so far, answered with its `id`), `cancel`
 * (the visitor spoke again: drop that decode), `end` (the recording is complete: hear it whole,
 * answered with its `id`, then the socket closes).
 */
export const speechStreamClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('decode'), id: z.number().int().min(1) }),
  z.strictObject({ type: z.literal('cancel') }),
  z.strictObject({ type: z.literal('end'), id: z.number().int().min(1) }),
]);
export type SpeechStreamClientMessage = z.infer<typeof speechStreamClientMessageSchema>;

/** The refusal of a stream or of one decode: the upload's status, code and sentence. */
export const speechStreamErrorSchema = z.object({
  type: z.literal('error'),
  /** The decode or end it answers; null when the stream itself is refused (it then closes). */
  id: z.number().int().nullable(),
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});

/** The server's text messages: what a decode heard (the upload's answer), or a refusal. */
export const speechStreamServerMessageSchema = z.discriminatedUnion('type', [
  speechToTextResponseSchema.extend({ type: z.literal('heard'), id: z.number().int() }),
  speechStreamErrorSchema,
]);
export type SpeechStreamServerMessage = z.infer<typeof speechStreamServerMessageSchema>;

/** How a speech2text stream is spoken to, for the three doors' summaries. */
export const SPEECH_STREAM_MESSAGES =
  'A WebSocket (GET with Upgrade; a plain GET answers 426), opened when recording starts: the browser sends the recording as binary messages as MediaRecorder cuts them (WebM or Ogg with Opus, at most 8 MB and 30 seconds), converted to 16 kHz mono as they come and never stored; text messages {"type":"decode","id":n} when the visitor pauses (the recording so far is recognized at once), {"type":"cancel"} when they speak again, {"type":"end","id":n} when the question is over (recognized whole, then the socket closes). Each decode is answered {"type":"heard","id":n, …the upload\'s answer} or {"type":"error","id":n,statusCode,error,message}; a refused stream gets an error with id null and closes. Pages of another origin are refused (403)';
