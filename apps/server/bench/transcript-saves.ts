// Benchmark of large transcript saves (not a test; issue 67 item 4): how long a save of 5,000
// captions holds the studio's event loop, alone and 12 at once. Seeds a published storyfile whose
// answers each have a transcript of 5,000 captions and 30,000 heard words, then saves every other
// caption changed (re-timed against the heard words), through the real server, while the process's
// event-loop delay is sampled (perf_hooks) and /healthz is asked every 20 ms from another process.
// Prints the longest event-loop hold, /healthz's p50 / p99 / max, and each save's time; writes
// bench-results/transcript-saves.json.
//
// Usage: npm run bench:transcript-saves [-- --cues 5000 --concurrent 12 --rounds 3]
//   DATABASE_URL  any PostgreSQL (a database `conversa_bench_transcript_saves` is created there);
//                 unset starts the bench's own embedded PostgreSQL under .data-bench/
//                 transcriptSaves/ (BENCH_POSTGRES_PORT, default 54381)
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Transcript } from '@conversa/contracts';
import { mediaAssets } from '../src/modules/media/media.tables.ts';
import { videoTranscripts } from '../src/modules/transcripts/transcripts.tables.ts';
import {
  call,
  prepareBenchDatabase,
  seedPublishedStoryfile,
  startBenchStudio,
  writeBenchResults,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    cues: { type: 'string', default: '5000' },
    concurrent: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '3' },
  },
});
const CUES = Number(args.cues);
const CONCURRENT = Number(args.concurrent);
const ROUNDS = Number(args.rounds);
const WORDS = ['farm', 'harvest', 'tractor', 'winter', 'barn', 'river', 'orchard', 'market'];

function buildTranscript(cueCount: number) {
  const cues = Array.from({ length: cueCount }, (_, index) => ({
    startMs: index * 2_000,
    endMs: index * 2_000 + 1_900,
    text: Array.from({ length: 6 }, (_, word) => WORDS[(index + word) % WORDS.length]).join(' '),
  }));
  const words = cues.flatMap((cue, index) =>
    cue.text.split(' ').map((text, word) => ({
      text,
      startMs: index * 2_000 + word * 300,
      endMs: index * 2_000 + word * 300 + 250,
      confidence: 0.9,
    })),
  );
  return { cues, words, text: cues.map((cue) => cue.text).join(' ') };
}

const quantile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

/** Asks /healthz every 20 ms from a child process (its timers are not this loop's). */
function pollHealth(url: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const url = process.argv[1];
       const times = [];
       process.on('message', () => { process.send(times); process.exit(0); });
       (async () => { for (;;) { const started = performance.now();
         try { await fetch(url); } catch {}
         times.push(performance.now() - started);
         await new Promise((resolve) => setTimeout(resolve, 20)); } })();`,
      `${url}/healthz`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  return {
    stop: () =>
      new Promise<number[]>((resolve) => {
        child.once('message', (times) => resolve(times as number[]));
        child.send('stop');
      }),
  };
}

const { url, embedded } = await prepareBenchDatabase(
  'conversa_bench_transcript_saves',
  'transcriptSaves',
);
const studio = await startBenchStudio(url, 'transcript-saves');
const results: Record<string, unknown>[] = [];
try {
  const seeded = await seedPublishedStoryfile(studio, {
    name: 'Long answers',
    topics: [
      {
        name: 'Life',
        questions: Array.from({ length: CONCURRENT }, (_, index) => ({
          text: `Tell me about season ${index + 1}`,
          transcript: 'to be replaced',
        })),
      },
    ],
  });
  const { db } = studio.database;
  const transcript = buildTranscript(CUES);
  const videos = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(eq(mediaAssets.storyfileId, seeded.id));
  const answerVideos = [];
  for (const { id } of videos) {
    const [row] = await db
      .update(videoTranscripts)
      .set({ ...transcript, status: 'edited', source: 'author', revision: 1 })
      .where(eq(videoTranscripts.assetId, id))
      .returning({ assetId: videoTranscripts.assetId });
    if (row) {
      answerVideos.push(id);
    }
  }
  const revisions = new Map(answerVideos.map((id) => [id, 1]));
  const save = async (videoId: string) => {
    const revision = revisions.get(videoId)!;
    const edited = transcript.cues.map((cue, index) =>
      index % 2 === 1 ? { ...cue, text: `${cue.text} ${revision % 2 ? 'fields' : 'meadow'}` } : cue,
    );
    const started = performance.now();
    const saved = await call<Transcript>(
      seeded.owner,
      'PUT',
      `/v1/conversa/storyfiles/${seeded.id}/videos/${videoId}/transcript`,
      { cues: edited, revision, timing: 'align' },
    );
    revisions.set(videoId, saved.revision);
    return performance.now() - started;
  };
  await save(answerVideos[0]!); // warm: the route's schemas compiled, the pool's connections open

  for (const [label, count] of [
    ['one save', 1],
    [`${CONCURRENT} at once`, CONCURRENT],
  ] as const) {
    for (let round = 0; round < ROUNDS; round += 1) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const health = pollHealth(studio.url);
      await new Promise((resolve) => setTimeout(resolve, 200));
      delay.enable();
      const saves = await Promise.all(answerVideos.slice(0, count).map(save));
      delay.disable();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const healthz = await health.stop();
      results.push({
        case: label,
        round: round + 1,
        eventLoopMaxMs: Math.round(delay.max / 1e6),
        eventLoopP99Ms: Math.round(delay.percentile(99) / 1e6),
        healthzP50Ms: Math.round(quantile(healthz, 0.5)),
        healthzP99Ms: Math.round(quantile(healthz, 0.99)),
        healthzMaxMs: Math.round(Math.max(...healthz)),
        saveMaxMs: Math.round(Math.max(...saves)),
      });
    }
  }
} finally {
  await studio.stop();
  await embedded?.stop();
}
console.log(`\nTranscript saves of ${CUES} captions (every other one changed, re-timed)\n`);
console.table(results);
console.log(`wrote ${writeBenchResults('transcript-saves', results)}`);
