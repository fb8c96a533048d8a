import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * What a storyfile's matcher trained and calibrated (issue 51: its classifier's weights, its
 * automatic calibrations; `@conversa/matching`'s `TrainedState`), stored once per everything the
 * matcher is built from, so a scorer thread that builds it again imports it instead of training
 * and calibrating for seconds. Keyed by `fingerprint` (`scoring/snapshot-fingerprint.ts`): the
 * script's answers in the matcher's order, their vectors, the settings, the categories, the
 * matcher's tuning and the state's format. Any change gives another key, so a stale state is never
 * read; like `sentence_vectors` it is not tied to a storyfile (the same script trains the same
 * state). Rows not read for `TRAINED_STATE_KEEP_DAYS` are deleted when another is stored.
 */
export const matcherTrainedStates = pgTable('matcher_trained_states', {
  /** SHA-256 (hex) of everything the matcher is built from. */
  fingerprint: text('fingerprint').primaryKey(),
  /** The state, as `node:v8`'s structured serialisation (typed arrays as such). */
  state: bytea('state').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Last read (moved at most once a day), for the clean-up. */
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});
