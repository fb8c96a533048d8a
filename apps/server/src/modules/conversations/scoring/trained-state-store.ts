// Where what a storyfile's matcher trained and calibrated is kept (`matcher_trained_states`, issue
// 51): a scorer thread that builds the matcher imports it instead of training its classifier and
// calibrating its threshold (seconds of CPU at 300 answers with transcripts), and adds the script
// from the index stored with it instead of analysing its texts again (issue 69).
import { deserialize, serialize } from 'node:v8';
import { eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { OFF_TOPIC_QUESTIONS, type TrainedState } from '@conversa/matching';
import type { Database } from '../../../db/client.ts';
import { matcherTrainedStates } from '../trained-states.tables.ts';

/** Rows not read for this long are deleted when another state is stored. */
export const TRAINED_STATE_KEEP_DAYS = 30;

const scoreAndLeadSchema = z.object({ score: z.number(), lead: z.number() });

/** Calibration questions' best scores and leads (`TopScore`; an unrecorded best match's own). */
const topScoresSchema = z.array(
  scoreAndLeadSchema.extend({ unrecorded: scoreAndLeadSchema.optional() }),
);

/** The script's index (`ScriptIndex`); the matcher checks that it fits the script it is given. */
const scriptIndexSchema = z.object({
  format: z.number().int(),
  families: z.instanceof(Uint8Array),
  textKeys: z.string(),
  charKeys: z.instanceof(Int32Array),
  phrasingCounts: z.instanceof(Int32Array),
  termEnds: z.instanceof(Int32Array),
  termIds: z.instanceof(Int32Array),
  featureEnds: z.instanceof(Int32Array),
  featureIds: z.instanceof(Int32Array),
  termCounts: z.instanceof(Uint8Array),
  hasTranscript: z.instanceof(Uint8Array),
  stems: z.string(),
  stemEnds: z.instanceof(Int32Array),
  stemIds: z.instanceof(Int32Array),
  stemCounts: z.instanceof(Int32Array),
  passageEnds: z.instanceof(Int32Array),
  passageBounds: z.instanceof(Int32Array),
});

const trainedStateSchema = z.object({
  format: z.number().int(),
  classifier: z
    .object({
      size: z.number().int().positive(),
      classes: z.number().int().positive(),
      alpha: z.object({ values: z.instanceof(Int16Array), scales: z.instanceof(Float32Array) }),
    })
    .refine(
      ({ alpha, size, classes }) =>
        alpha.values.length === size * classes && alpha.scales.length === size,
      { message: 'the classifier weights do not fit its size' },
    )
    .optional(),
  calibrations: z
    .array(
      z.object({
        isSemantic: z.boolean(),
        report: z.looseObject({
          setting: z.literal('auto'),
          source: z.enum(['auto', 'default']),
          threshold: z.number(),
        }),
        scores: z.object({ neighbours: topScoresSchema, offTopic: topScoresSchema }),
      }),
    )
    .max(2),
  /** Per built-in off-topic question, 1 where it is on the script's subject. */
  onSubject: z
    .instanceof(Uint8Array)
    .refine((flags) => flags.length === OFF_TOPIC_QUESTIONS.length, {
      message: 'the on-subject flags do not fit the built-in off-topic questions',
    })
    .optional(),
  index: scriptIndexSchema.optional(),
});

/** The stored state of this fingerprint (`snapshot-fingerprint.ts`); undefined without one. */
export async function loadTrainedState(
  db: Database,
  fingerprint: string,
): Promise<TrainedState | undefined> {
  const [row] = await db
    .select({
      // As base64, not bytea's hex text: a 300-answer state (0.74 MB) read in 6.4 ms, not 9.9, and
      // its text a third smaller to decode.
      state: sql<string>`encode(${matcherTrainedStates.state}, 'base64')`,
      isOld: sql<boolean>`${matcherTrainedStates.usedAt} < now() - interval '1 day'`,
    })
    .from(matcherTrainedStates)
    .where(eq(matcherTrainedStates.fingerprint, fingerprint));
  if (!row) {
    return undefined;
  }
  if (row.isOld) {
    await db
      .update(matcherTrainedStates)
      .set({ usedAt: sql`now()` })
      .where(eq(matcherTrainedStates.fingerprint, fingerprint));
  }
  // A row that does not read as a state is trained again (and stored again) rather than trusted.
  let stored: unknown;
  try {
    stored = deserialize(Buffer.from(row.state, 'base64'));
  } catch {
    return undefined;
  }
  const parsed = trainedStateSchema.safeParse(stored);
  return parsed.success ? ownArrays(parsed.data as TrainedState) : undefined;
}

/**
 * The state with each typed array in a buffer of its own. `deserialize` leaves the large ones as
 * views of the whole serialized row, and a view sent to a scorer thread carries its whole buffer:
 * the thread's matcher would keep the row (0.76 MB at 300 answers) for the classifier's weights and
 * the few index arrays it holds on to (issue 69).
 */
function ownArrays<T>(value: T): T {
  if (ArrayBuffer.isView(value)) {
    const view = value as unknown as Uint8Array;
    return (view.byteLength === view.buffer.byteLength ? view : view.slice()) as unknown as T;
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown) => ownArrays(item)) as unknown as T;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, ownArrays(item)]),
    ) as T;
  }
  return value;
}

/** Stores a state under its fingerprint (kept as is when there is one), and drops unread ones. */
export async function saveTrainedState(
  db: Database,
  fingerprint: string,
  state: TrainedState,
): Promise<void> {
  const bytes = serialize(state);
  await db.transaction(async (tx) => {
    await tx
      .delete(matcherTrainedStates)
      .where(
        lt(
          matcherTrainedStates.usedAt,
          sql`now() - make_interval(days => ${TRAINED_STATE_KEEP_DAYS})`,
        ),
      );
    await tx
      .insert(matcherTrainedStates)
      .values({ fingerprint, state: bytes, bytes: bytes.length })
      .onConflictDoUpdate({
        target: matcherTrainedStates.fingerprint,
        set: { state: bytes, bytes: bytes.length, usedAt: sql`now()` },
      });
  });
}
