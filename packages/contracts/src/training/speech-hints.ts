import { z } from 'zod';

// Apart from the other insights: the public player imports these, and a module it imports is
// bundled whole, so the calibration and coverage schemas would otherwise ride along on every
// visitor's first load (issue 21).

/** At most this many terms are handed to the browser's recognizer. */
export const MAX_SPEECH_HINTS = 500;

export const speechHintsSchema = z.object({ terms: z.array(z.string()) });
export type SpeechHints = z.infer<typeof speechHintsSchema>;
