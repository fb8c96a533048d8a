// bench:training's review loop (bench/training.ts): clustering the unmatched questions, the
// "moves N past questions" preview, and a review round applied on 2,000 answers with the next ask.
import type { ReviewClusterList, ReviewPreview } from '@conversa/contracts';
import { call } from '../support.ts';
import { summarize, time } from './figures.ts';
import { BIG_SCRIPT_ANSWERS, UNMATCHED } from './seed.ts';
import { GOALS, TIMED_RUNS, type TrainingRun } from './run.ts';

/** Clustering the unmatched questions, the first request and unchanged data. */
export async function measureClusters(run: TrainingRun): Promise<void> {
  const { browser, storyfileId, figures } = run;
  console.log(`Clustering the ${UNMATCHED.toLocaleString('en')} unmatched questions`);
  const clusterRuns: number[] = [];
  let coldClusterMs = 0;
  let groups = 0;
  for (let round = -1; round < TIMED_RUNS; round += 1) {
    const ms = await time(async () => {
      groups = (
        await call<ReviewClusterList>(
          browser,
          'GET',
          `/v1/conversa/storyfiles/${storyfileId}/training/clusters`,
        )
      ).items.length;
    });
    if (round >= 0) {
      clusterRuns.push(ms);
    } else {
      coldClusterMs = ms;
    }
  }
  // The first request works the groups out; later ones reuse them while no exchange changes.
  figures.push(
    summarize('clusters of 10,000 unmatched (first request)', [coldClusterMs], GOALS.clusteringMs),
    summarize(
      'clusters of 10,000 unmatched (unchanged data)',
      clusterRuns,
      GOALS.clusteringMs,
      `${groups} groups`,
    ),
  );
}

/** The preview that re-asks the last 10,000 logged questions. */
export async function measurePreview(run: TrainingRun): Promise<void> {
  const { direct, browser, storyfileId, figures } = run;
  console.log('Preview over the last 10,000 logged questions');
  const unmatched = await direct.query<{ id: string }>(
    `select id from chat_log_entries where storyfile_id = $1 and decision = 'fallback'
     order by created_at desc limit 3`,
    [storyfileId],
  );
  const target = (
    await direct.query<{ id: string }>(
      'select id from storyfile_questions where storyfile_id = $1 order by position limit 1',
      [storyfileId],
    )
  ).rows[0]!.id;
  const previewRuns: number[] = [];
  let moved = 0;
  for (let round = -1; round < TIMED_RUNS; round += 1) {
    const ms = await time(async () => {
      moved = (
        await call<ReviewPreview>(
          browser,
          'POST',
          `/v1/conversa/storyfiles/${storyfileId}/training/preview`,
          { kind: 'correct', entryIds: unmatched.rows.map((row) => row.id), questionId: target },
        )
      ).moved;
    });
    if (round >= 0) {
      previewRuns.push(ms);
    }
  }
  figures.push(
    summarize('preview over 10,000 logged', previewRuns, GOALS.previewMs, `${moved} move`),
  );
}

/** A review round applied to the 2,000-answer storyfile, and the next question asked there. */
export async function measureReviewRounds(run: TrainingRun): Promise<void> {
  const { browser, big, askBig, figures } = run;
  console.log(`Review rounds on a storyfile of ${BIG_SCRIPT_ANSWERS.toLocaleString('en')} answers`);
  const warmMs = await time(async () => {
    await askBig('hello there');
  });
  const applyRuns: number[] = [];
  const nextAskRuns: number[] = [];
  for (let round = 0; round < TIMED_RUNS; round += 1) {
    const asked: string[] = [];
    for (const text of [
      `what about the zeppelin number ${round}`,
      `tell me of the zeppelin ${round}`,
    ]) {
      asked.push((await askBig(text)).exchangeId);
    }
    applyRuns.push(
      await time(async () => {
        await call(browser, 'POST', `/v1/conversa/storyfiles/${big.id}/training/actions`, {
          kind: 'correct',
          entryIds: asked,
          questionId: big.questionIds[round * 7]!,
        });
      }),
    );
    nextAskRuns.push(
      await time(async () => {
        await askBig(`what about the zeppelin number ${round}`);
      }),
    );
  }
  figures.push(
    summarize('apply a review round (2,000 answers)', applyRuns, GOALS.applyMs),
    summarize(
      'next ask after it (2,000 answers)',
      nextAskRuns,
      undefined,
      `first build ${warmMs.toFixed(0)} ms`,
    ),
  );
}
