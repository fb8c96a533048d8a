// Shared set-up of the web and load benchmarks (not tests): a fresh database, a studio started
// in-process from the sources, and a published storyfile with recorded answers whose media rows
// are committed the way processing commits them (the integration tests' `seedAsset`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { MediaFileRole } from '@conversa/contracts';
import { loadConfig } from '../src/config/env.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { createNamespace, grantScope } from '../src/modules/namespaces/index.ts';
import { videoTranscripts } from '../src/modules/transcripts/transcripts.tables.ts';
import { startStudio, type RunningStudio } from '../src/server.ts';
import { seedAsset } from '../test/conversation.fixtures.ts';
import { getFreePort, signIn, TestBrowser } from '../test/studio.ts';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** Writes a bench's figures to `bench-results/<name>.json`; answers the path from the repository. */
export function writeBenchResults(name: string, figures: unknown): string {
  const file = path.join(repoRoot, 'bench-results', `${name}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  return path.relative(repoRoot, file);
}

/**
 * Debian's Chromium as the benches launch it: the e2e suite's flags (e2e/playwright.config.ts),
 * without which it reaches for Google's hosts and this machine's closed network refuses them.
 */
export const BENCH_CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-password' };

/** The questions the seeded storyfile answers (with alternates), and one it cannot. */
export const BENCH_QUESTIONS = [
  { text: 'Where were you born?', alternates: ['What is your birthplace?'] },
  { text: 'What is your favourite movie?', alternates: ['Which film do you love the most?'] },
  { text: 'What do you do for a living?', alternates: ['What is your job?'] },
  { text: 'What was your first job?', alternates: ['Where did you start working?'] },
  { text: 'Who inspired you the most?', alternates: ['Who is your role model?'] },
  { text: 'What is your favourite food?', alternates: ['What do you like to eat?'] },
];

/**
 * The embedded cluster of each bench: its own data dir (`.data-bench/<bench>/`) and its own
 * default port, so two benches run at once without colliding. They used to share one cluster
 * on port 54369: the second joined the first's PostgreSQL, and the first to finish stopped it
 * under the other. BENCH_POSTGRES_PORT overrides the port (then run one bench at a time).
 */
export const BENCH_CLUSTER_PORTS = {
  lists: 54369,
  learning: 54370,
  training: 54371,
  load: 54372,
  web: 54373,
  inkEditor: 54374,
  speech: 54375,
  chatLogs: 54376,
  endOfSpeech: 54377,
  spokenAnswer: 54378,
  storyfiles: 54380,
  transcriptSaves: 54381,
  visitorsTeach: 54382,
} as const;
export type BenchCluster = keyof typeof BENCH_CLUSTER_PORTS;

/** Starts (or joins, when an earlier run left it running) the embedded cluster of `bench`. */
export async function startBenchPostgres(bench: BenchCluster): Promise<EmbeddedDatabase> {
  return startEmbeddedPostgres({
    dataDir: path.join(repoRoot, '.data-bench', bench),
    port: Number(process.env.BENCH_POSTGRES_PORT ?? BENCH_CLUSTER_PORTS[bench]),
    log: (message) => console.log(`  ${message}`),
  });
}

/**
 * The URL of database `name` on DATABASE_URL's server, or on the bench's own embedded
 * PostgreSQL (`startBenchPostgres`); created afresh unless `reuse` and it exists already.
 */
export async function prepareBenchDatabase(
  name: string,
  bench: BenchCluster,
  options: { reuse?: boolean } = {},
): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  let adminUrl = process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  if (!adminUrl) {
    embedded = await startBenchPostgres(bench);
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!options.reuse || exists.rowCount === 0) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, ...(embedded ? { embedded } : {}) };
}

/**
 * The bench's own pool for the SQL it times beside the server. An idle client that loses its
 * connection (the cluster stopping at the end of a run) emits 'error' on the pool, and Node
 * ends the process on an unhandled 'error' event: this reports it instead.
 */
export function createBenchPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (error) => {
    console.error(`  bench pool: an idle connection failed (${error.message})`);
  });
  return pool;
}

/** A studio on a free loopback port over `databaseUrl` (migrated on start), with the bench admin. */
export async function startBenchStudio(
  databaseUrl: string,
  dataDirName: string,
  env: Record<string, string> = {},
): Promise<RunningStudio> {
  return startStudio(
    loadConfig({
      PORT: String(await getFreePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(repoRoot, '.data-bench', dataDirName),
      STUDIO_ADMIN_EMAIL: BENCH_ADMIN.email,
      STUDIO_ADMIN_PASSWORD: BENCH_ADMIN.password,
      STUDIO_DEFAULT_NAMESPACE: '',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      // The scorer threads as the shell says (MATCHER_WORKERS=0 npm run bench:load: on the event
      // loop, to run beside the default).
      ...(process.env.MATCHER_WORKERS ? { MATCHER_WORKERS: process.env.MATCHER_WORKERS } : {}),
      ...env,
    }),
    () => undefined,
  );
}

export async function call<Body>(
  browser: TestBrowser,
  method: string,
  url: string,
  body?: unknown,
): Promise<Body> {
  const response = await browser.api(url, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Body;
}

export interface BenchStoryfile {
  id: string;
  slug: string;
  /** Each question's id by its text. */
  questionIds: Map<string, string>;
  /** The bench admin, signed in (owner of the storyfile's namespace). */
  owner: TestBrowser;
}

/** A storyfile's script to seed: its topics and their questions (with alternates). */
export interface BenchScript {
  name: string;
  topics: readonly {
    name: string;
    questions: readonly BenchQuestion[];
  }[];
}

/** A question of a bench script; `transcript` = what its answer says, saved as an author would. */
export interface BenchQuestion {
  text: string;
  alternates?: readonly string[];
  transcript?: string;
}

/** BENCH_QUESTIONS under one topic: the storyfile of the web bench and of bench:load's `small`. */
export const DEFAULT_BENCH_SCRIPT: BenchScript = {
  name: 'A class of 200',
  topics: [{ name: 'Life', questions: BENCH_QUESTIONS }],
};

/**
 * Signs the bench admin in, then creates, answers (every question and clip) and publishes a
 * storyfile: `script` (default: BENCH_QUESTIONS under one topic).
 */
const benchNamespaces = new WeakMap<RunningStudio, { id: string }>();

export async function seedPublishedStoryfile(
  studio: RunningStudio,
  script: BenchScript = DEFAULT_BENCH_SCRIPT,
  /** Every video's files, when a browser must play them (stand-in bytes otherwise). */
  media: Partial<Record<MediaFileRole, Buffer>> = {},
): Promise<BenchStoryfile> {
  const { db } = studio.database;
  // One namespace a studio: a bench may seed several storyfiles.
  let namespace = benchNamespaces.get(studio);
  if (!namespace) {
    namespace = await createNamespace(db, { label: 'Bench' });
    await grantScope(db, { email: BENCH_ADMIN.email, namespaceLabel: 'Bench', scope: 'owner:ns' });
    benchNamespaces.set(studio, namespace);
  }
  const owner = new TestBrowser(studio.url);
  const signedIn = await signIn(owner, BENCH_ADMIN.email, BENCH_ADMIN.password);
  if (new URL(signedIn.url).pathname !== '/dashboard') {
    throw new Error(`The bench admin could not sign in (ended on ${signedIn.url})`);
  }
  const storyfile = await call<{ id: string }>(owner, 'POST', '/v1/conversa/storyfiles', {
    namespaceId: namespace.id,
    name: script.name,
  });
  const questionIds = new Map<string, string>();
  for (const { name, questions } of script.topics) {
    const topic = await call<{ id: string }>(
      owner,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/topics`,
      { name },
    );
    for (const { transcript, ...question } of questions) {
      const created = await call<{ id: string }>(
        owner,
        'POST',
        `/v1/conversa/storyfiles/${storyfile.id}/questions`,
        { topicId: topic.id, ...question },
      );
      questionIds.set(question.text, created.id);
      const assetId = await seedAsset(
        studio,
        { storyfileId: storyfile.id, questionId: created.id },
        media,
      );
      if (transcript !== undefined) {
        // The studio's own sweep for answers without a transcript may have queued one already.
        const words = { status: 'edited', source: 'author', text: transcript } as const;
        await db
          .insert(videoTranscripts)
          .values({ assetId, storyfileId: storyfile.id, ...words })
          .onConflictDoUpdate({ target: videoTranscripts.assetId, set: words });
      }
    }
  }
  for (const clipKind of ['idle', 'intro', 'cannotAnswer', 'pleaseRepeat'] as const) {
    await seedAsset(studio, { storyfileId: storyfile.id, clipKind }, media);
  }
  const publication = await call<{ slug: string }>(
    owner,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/publish`,
  );
  return { id: storyfile.id, slug: publication.slug, questionIds, owner };
}
