import { z } from 'zod';

/**
 * A storyfile's matching settings; `threshold` null means automatic: the matcher chooses it from
 * the storyfile's own script (its phrasings held out, and built-in off-topic questions).
 */
export const matchingSettingsSchema = z.object({
  storyfileId: z.string(),
  threshold: z.number().nullable(),
  /** The threshold asks use: `threshold`, or the automatic one. */
  effectiveThreshold: z.number(),
  /** The automatic threshold of the script as it is now (what null restores). */
  defaultThreshold: z.number(),
  /** How questions are scored now: with the sentence model or by their words alone, and why. */
  scoring: z.object({
    /** `combined`: words and sentence vectors; `lexical`: words alone. */
    mode: z.enum(['lexical', 'combined']),
    /** The sentence model in force (e.g. "USE lite (512 dimensions, in a worker thread)"); null: none. */
    embedder: z.string().nullable(),
    embedderStatus: z.enum(['none', 'loading', 'ready', 'failed']),
    /** Phrasings of the script whose vectors are still being made (lexical meanwhile). */
    pendingPhrasings: z.number().int().min(0),
    /** One sentence for a person, e.g. "Answering by words alone while …". */
    message: z.string(),
  }),
});
export type MatchingSettings = z.infer<typeof matchingSettingsSchema>;

export const updateMatchingSettingsBodySchema = z.object({
  threshold: z
    .number()
    .min(0, 'The threshold is between 0 and 1.')
    .max(1, 'The threshold is between 0 and 1.')
    .nullable(),
});
