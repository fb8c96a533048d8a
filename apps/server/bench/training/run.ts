// bench:training's run (bench/training.ts): what every measurement shares (the seeded studio, the
// direct pool, the signed-in owner and the figures so far), the goals and the timed runs.
import type { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { CurrentUser } from '@conversa/contracts';
import type { RunningStudio } from '../../src/server.ts';
import type { TestBrowser } from '../../test/studio.ts';
import type { Figure } from './figures.ts';

export const TIMED_RUNS = 5;
export const GOALS = {
  inboxP95Ms: 50,
  clusteringMs: 2_000,
  previewMs: 1_000,
  applyMs: 200,
  categoriesP95Ms: 100,
};

/** The seeded studio and what each measurement reads and adds to. */
export interface TrainingRun {
  studio: RunningStudio;
  /** The same database through `pg`, beside the server. */
  direct: pg.Pool;
  dialect: PgDialect;
  /** The storyfile owner, signed in, and the same person as the services see them. */
  browser: TestBrowser;
  user: CurrentUser;
  storyfileId: string;
  namespaceId: string;
  /** The storyfile of 2,000 answers, and a question asked there. */
  big: { id: string; questionIds: string[] };
  askBig: (text: string) => Promise<{ exchangeId: string; decision: { kind: string } }>;
  /** Timed requests per scenario. */
  requests: number;
  figures: Figure[];
}
