import { z } from 'zod';

/** A share 0–1, or null where the storyfile has no such question to count. */
const shareSchema = z.number().min(0).max(1).nullable();

/**
 * Where a storyfile plays an answer, asks back ("Did you mean…?") or falls back (issue 50). The
 * author's operating point `playRisk` is the share of the script's own near-miss questions (each
 * question asked with its answer left out: what a wrong answer scores here) that may still be
 * played; null means automatic. The bars and the preview are what the matcher chose from the
 * script's own scores.
 */
export const askBackSettingsSchema = z.object({
  playRisk: z.number().nullable(),
  /** The point asks use: `playRisk`, or the automatic one. */
  effectivePlayRisk: z.number(),
  /** The automatic point (what null restores). */
  defaultPlayRisk: z.number(),
  /** The share of the built-in off-topic questions that may be played, whatever the point. */
  maxOffTopicPlayed: z.number(),
  /**
   * A best match is played when its score plus `leadWeight` × its lead over the next answer
   * reaches this, its score is at least the threshold, and no other answer is near-tied with it.
   */
  playAt: z.number(),
  /** How much a best match's lead over the next answer counts toward `playAt`, per point of lead. */
  leadWeight: z.number(),
  /** Below `playAt`, a best match scoring at least this is asked back about; below, the fallback. */
  offerAt: z.number(),
  /** Asked back about beside that best match: the next recorded answers scoring at least this. */
  offerBesideAt: z.number(),
  /** What the point gives on the script's own questions. */
  preview: z.object({
    /** Near-miss questions (their answer left out) that would still get an answer played. */
    nearMissPlayed: shareSchema,
    /** Near-miss questions that would be asked back. */
    nearMissOffered: shareSchema,
    /** Built-in off-topic questions (small talk, trivia) played and asked back. */
    offTopicPlayed: shareSchema,
    offTopicOffered: shareSchema,
  }),
});

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
    /**
     * The sentence model in force (e.g. "all-MiniLM-L6-v2 (384 dimensions, ONNX in a worker
     * thread)"); null: none.
     */
    embedder: z.string().nullable(),
    /**
     * `degraded`: loaded, but too slow for visitors' questions right now (issue 67): they are
     * answered by words without waiting, and the model is tried again in the background.
     */
    embedderStatus: z.enum(['none', 'loading', 'ready', 'degraded', 'failed']),
    /** Phrasings of the script whose vectors are still being made (lexical meanwhile). */
    pendingPhrasings: z.number().int().min(0),
    /** One sentence for a person, e.g. "Answering by words alone while …". */
    message: z.string(),
  }),
  askBack: askBackSettingsSchema,
  /**
   * What the storyfile's visitors asked (issue 50): from `minimum` distinct questions in its chat
   * log on (the studio's test chat left out), the matcher weighs words most of them use less, and
   * an answer close to everything they ask loses part of its lead.
   */
  visitorLog: z.object({
    /** Distinct questions visitors asked, as far as the matcher reads them (the newest 1,000). */
    asked: z.number().int().min(0),
    /** Questions of the log the matcher scores with now; 0 until one was taken. */
    inForce: z.number().int().min(0),
    /** When that log was taken (ISO 8601); null: none yet. */
    takenAt: z.string().nullable(),
    /** Distinct questions from which a log is taken. */
    minimum: z.number().int().min(1),
  }),
});
export type MatchingSettings = z.infer<typeof matchingSettingsSchema>;
export type AskBackSettings = z.infer<typeof askBackSettingsSchema>;

export const updateMatchingSettingsBodySchema = z.object({
  threshold: z
    .number()
    .min(0, 'The threshold is between 0 and 1.')
    .max(1, 'The threshold is between 0 and 1.')
    .nullable(),
});

export const PLAY_RISK_RANGE_MESSAGE = 'The share of wrong answers risked is between 0 and 1.';

/** The operating point between playing and asking back; null restores the automatic one. */
export const updateAskBackBodySchema = z.object({
  playRisk: z.number().min(0, PLAY_RISK_RANGE_MESSAGE).max(1, PLAY_RISK_RANGE_MESSAGE).nullable(),
});
