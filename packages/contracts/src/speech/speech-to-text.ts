import { z } from 'zod';

/** Longest recording a spoken question may be, in seconds. */
export const MAX_SPEECH_SECONDS = 30;
/** Largest recording accepted, in bytes (30 s of 48 kHz stereo WAV fits; Opus is far smaller). */
export const MAX_SPEECH_BYTES = 8 * 1024 * 1024;

/** What the studio's recognizer heard in one recording. */
export const speechToTextResponseSchema = z.object({
  /** The words heard; '' when speech was heard but not understood. */
  text: z.string(),
  /** 0–1; null when the recognizer gives none. */
  confidence: z.number().nullable(),
  /**
   * The readings, best first, when the recognizer gives an n-best list (pocketsphinx: up to 5,
   * `text` among them; each `confidence` is its share of the list, 0–1); `[]` otherwise. Hand them
   * to the spoken ask (`alternatives`) so the storyfile chooses the reading.
   */
  alternatives: z.array(z.object({ text: z.string(), confidence: z.number().nullable() })),
  /** `whisper` (embedded, the default), `pocketsphinx` (its fallback) or `external` (SPEECH_TO_TEXT_URL). */
  recognizer: z.enum(['whisper', 'pocketsphinx', 'external']),
  /** Length of the recording heard. */
  audioSeconds: z.number(),
  /** Time from the recording received to the words (conversion and recognition). */
  processingSeconds: z.number(),
});
export type SpeechToTextResponse = z.infer<typeof speechToTextResponseSchema>;

export const AUDIO_BODY =
  'The request body is the recording itself (Content-Type audio/webm or audio/ogg with Opus, as MediaRecorder makes it, or audio/wav), at most 30 seconds and 8 MB; it is converted to 16 kHz mono, recognized and deleted, never stored';

export const speechToTextQuerySchema = z.object({ storyfileId: z.uuid() });
