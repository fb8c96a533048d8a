// The readings a previous speech bench run heard (its bench-results/speech.json), read back for
// `--heard`: the same recognitions asked again, so a change to the spoken ask's decision is
// measured without synthesizing and recognizing every recording again.
import { readFileSync } from 'node:fs';
import { speechReadingSchema } from '@conversa/contracts';
import { z } from 'zod';

const heardFileSchema = z.object({
  outcomes: z.array(
    z.object({
      sentence: z.object({
        group: z.enum(['script', 'paraphrase', 'off-topic']),
        text: z.string(),
        asks: z.string().optional(),
      }),
      voicing: z.string().regex(/^\S+ \d+$/, 'a voice and its words a minute'),
      audioSeconds: z.number(),
      heard: z.object({
        text: z.string(),
        confidence: z.number().nullable(),
        alternatives: z.array(speechReadingSchema),
      }),
    }),
  ),
});

/** The sentences, voicings and readings of a previous run, in its order. */
export function readHeard(file: string) {
  const parsed = heardFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `${file} is not a speech bench result with its readings (run the bench once without --heard): ${parsed.error.message}`,
    );
  }
  return parsed.data.outcomes.map((outcome) => {
    const [voice, wordsPerMinute] = outcome.voicing.split(' ');
    return {
      sentence: { ...outcome.sentence, asks: outcome.sentence.asks },
      voicing: { voice: voice!, wordsPerMinute: Number(wordsPerMinute) },
      audioSeconds: outcome.audioSeconds,
      heard: outcome.heard,
    };
  });
}
