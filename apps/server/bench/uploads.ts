// Benchmark of uploads and video processing. Not a test: prints a table and writes JSON.
//
//   npm run bench:uploads -- [--size 2GiB] [--chunk 100000000] [--clips 20] [--clip-seconds 5]
//     [--clip-size 640x360] [--repeats 3] [--upload-runs 2] [--skip-upload] [--skip-processing]
//     [--out FILE]
//
// 1. Upload: `--size` bytes over loopback through the studio's /files/ endpoint (session,
//    permission checks, upload rows) and through a bare @tus/server with a FileStore, each in a
//    child process of its own; wall time, throughput and the server's peak RSS (VmHWM).
// 2. Processing: one clip through the studio's job (job start -> commit, and upload's last byte ->
//    status END, with one worker process) against the bare ffmpeg commands with the same arguments.
// 3. Queue drain: `--clips` clips queued, then 1 or 2 worker processes started; time to all END.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildVideoUploadMetadata, getUploadIdFromUrl } from '@conversa/contracts';
import { JOB_SCHEMA, PROCESS_VIDEO_QUEUE } from '../src/jobs/queue-definition.ts';
import { runMediaTool } from '../src/media/ffmpeg.ts';
import { buildPosterArgs, buildTranscodeArgs, needsPosterRun } from '../src/media/transcode.ts';
import { encodeTusMetadata } from '../test/upload.fixtures.ts';
import { getFreePort } from '../test/studio.ts';
import { children, sleep, startChild, stopChild, waitForHttp } from './uploads/child-processes.ts';
import { FFMPEG, makeClip } from './uploads/clips.ts';
import { median, mib, parseSize, readMemory } from './uploads/measures.ts';
import {
  readJobTimes,
  startBenchStudio,
  startWorker,
  waitForAll,
  waitForEnd,
} from './uploads/studio.ts';
import { serveBare, tusUpload } from './uploads/tus.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '2GiB' },
      chunk: { type: 'string', default: '100000000' },
      clips: { type: 'string', default: '20' },
      'clip-seconds': { type: 'string', default: '5' },
      'clip-size': { type: 'string', default: '640x360' },
      repeats: { type: 'string', default: '3' },
      'upload-runs': { type: 'string', default: '2' },
      'skip-upload': { type: 'boolean', default: false },
      'skip-processing': { type: 'boolean', default: false },
      out: { type: 'string', default: path.join(repoRoot, 'bench-results', 'uploads.json') },
    },
  });
  const size = parseSize(values.size);
  const chunk = parseSize(values.chunk);
  const clips = Number(values.clips);
  const clipSeconds = Number(values['clip-seconds']);
  const repeats = Number(values.repeats);
  const uploadRuns = Number(values['upload-runs']);
  const root = await mkdtemp(path.join(tmpdir(), 'conversa-bench-'));
  // As root, embedded PostgreSQL runs as its own user, which must be able to pass through here.
  await chmod(root, 0o711);
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      // The machine may be shared: the load says how much the figures can be trusted.
      loadAverageAtStart: os.loadavg(),
    },
    settings: {
      size,
      uploadRuns,
      chunk,
      clips,
      clipSeconds,
      clipSize: values['clip-size'],
      repeats,
      ffmpeg: FFMPEG,
    },
  };
  const rows: Array<[string, string]> = [];
  console.log(`bench: working in ${root}`);
  const studio = await startBenchStudio(root, clips + repeats + 1);
  try {
    if (!values['skip-upload']) {
      const barePort = await getFreePort();
      const bareDir = path.join(root, 'bare');
      mkdirSync(bareDir, { recursive: true });
      const bare = startChild(['bench/uploads.ts', '--serve-bare', bareDir, String(barePort)], {});
      await waitForHttp(`http://127.0.0.1:${barePort}/files`, 30_000, bare);
      const before = {
        studio: await readMemory(studio.child.pid!),
        bare: await readMemory(bare.pid!),
      };
      const uploadOurs = async () => {
        const run = await tusUpload({
          endpoint: `${studio.baseUrl}/files/`,
          size,
          chunk,
          headers: studio.headers,
          metadata: buildVideoUploadMetadata({
            storyfileId: studio.storyfileId,
            target: { questionId: studio.questionIds[0]! },
            filename: 'big.mp4',
            filetype: 'video/mp4',
          }),
        });
        // Random bytes are no video: drop the bytes and the queued job before processing runs.
        const uploadId = getUploadIdFromUrl(run.url);
        await rm(path.join(studio.dataDir, 'uploads', uploadId), { force: true });
        await studio.database.pool.query(
          `delete from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2`,
          [PROCESS_VIDEO_QUEUE, uploadId],
        );
        return run.seconds;
      };
      const uploadBare = async () => {
        const run = await tusUpload({
          endpoint: `http://127.0.0.1:${barePort}/files`,
          size,
          chunk,
          headers: {},
          metadata: { filename: 'big.mp4' },
        });
        await rm(path.join(bareDir, getUploadIdFromUrl(run.url)), { force: true });
        return run.seconds;
      };
      // Alternating order, so neither side always pays for a cold client or a busy disk.
      const times = { studio: [] as number[], bare: [] as number[] };
      for (let run = 0; run < uploadRuns; run += 1) {
        if (run % 2 === 0) {
          times.studio.push(await uploadOurs());
          times.bare.push(await uploadBare());
        } else {
          times.bare.push(await uploadBare());
          times.studio.push(await uploadOurs());
        }
      }
      const after = {
        studio: await readMemory(studio.child.pid!),
        bare: await readMemory(bare.pid!),
      };
      await stopChild(bare);
      await rm(bareDir, { recursive: true, force: true });

      const summary = (side: 'studio' | 'bare') => ({
        seconds: times[side],
        medianSeconds: median(times[side]),
        mibPerSecond: mib(size) / median(times[side]),
        rssBeforeMiB: mib(before[side].currentBytes),
        rssPeakMiB: mib(after[side].peakBytes),
      });
      const ratio = median(times.studio) / median(times.bare);
      results.upload = {
        bytes: size,
        runs: uploadRuns,
        studio: summary('studio'),
        bareTus: summary('bare'),
        ratio,
      };
      const describe = (side: 'studio' | 'bare') =>
        `${median(times[side]).toFixed(2)} s (${(mib(size) / median(times[side])).toFixed(0)} MiB/s), RSS peak ${mib(after[side].peakBytes).toFixed(0)} MiB (idle ${mib(before[side].currentBytes).toFixed(0)})`;
      rows.push(
        [
          `upload ${mib(size).toFixed(0)} MiB, studio /files/ (median of ${uploadRuns})`,
          describe('studio'),
        ],
        [
          `upload ${mib(size).toFixed(0)} MiB, bare @tus/server (median of ${uploadRuns})`,
          describe('bare'),
        ],
        ['upload time ratio studio / bare', ratio.toFixed(2)],
      );
    }

    if (!values['skip-processing']) {
      const clip = await makeClip(root, clipSeconds, values['clip-size']);
      const clipBytes = await readFile(clip);
      // Bare: the very commands the job runs, without queue or database: the one transcode run
      // (MP4, speech track, poster), and the poster's own run only where the job needs it too.
      const bareTimes: number[] = [];
      const runBare = async () => {
        const out = await mkdtemp(path.join(root, 'bare-ffmpeg-'));
        const started = performance.now();
        await runMediaTool(FFMPEG, buildTranscodeArgs(clip, out));
        if (needsPosterRun(clipSeconds)) {
          await runMediaTool(
            FFMPEG,
            buildPosterArgs(path.join(out, 'video.mp4'), out, clipSeconds),
          );
        }
        bareTimes.push((performance.now() - started) / 1000);
        await rm(out, { recursive: true, force: true });
      };
      let next = 1;
      // Clips go with their real bytes in one PATCH (the raw client above sends filler).
      const uploadRealClip = async () => {
        const questionId = studio.questionIds[next++]!;
        const created = await fetch(`${studio.baseUrl}/files/`, {
          method: 'POST',
          headers: {
            ...studio.headers,
            'tus-resumable': '1.0.0',
            'upload-length': String(clipBytes.length),
            'upload-metadata': encodeTusMetadata(
              buildVideoUploadMetadata({
                storyfileId: studio.storyfileId,
                target: { questionId },
                filename: 'clip.mp4',
                filetype: 'video/mp4',
              }),
            ),
          },
        });
        const url = created.headers.get('location')!;
        const patched = await fetch(url, {
          method: 'PATCH',
          headers: {
            ...studio.headers,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          body: clipBytes,
        });
        if (patched.status !== 204) {
          throw new Error(`clip PATCH answered ${patched.status}`);
        }
        return getUploadIdFromUrl(url);
      };

      const worker = startWorker(studio);
      await sleep(3000);
      const endToEnd: number[] = [];
      const processedIds: string[] = [];
      const runStudio = async () => {
        const id = await uploadRealClip();
        processedIds.push(id);
        endToEnd.push(await waitForEnd(studio, id, 10));
      };
      // Bare and studio runs alternate, so a change in the machine's load (it may be shared)
      // weighs on both sides alike rather than on whichever side ran during it.
      for (let run = 0; run < repeats; run += 1) {
        if (run % 2 === 0) {
          await runBare();
          await runStudio();
        } else {
          await runStudio();
          await runBare();
        }
      }
      await stopChild(worker);
      const { handlerSeconds } = await readJobTimes(studio, processedIds);
      results.processing = {
        clipSeconds,
        clipSize: values['clip-size'],
        bareFfmpegSeconds: bareTimes,
        studioJobSeconds: handlerSeconds,
        studioLastByteToEndSeconds: endToEnd,
        ratio: median(handlerSeconds) / median(bareTimes),
        // What the person waits for: the queue's hand-over and the status call included.
        lastByteToEndRatio: median(endToEnd) / median(bareTimes),
      };
      rows.push(
        [
          `processing one ${clipSeconds} s ${values['clip-size']} clip, bare ffmpeg (median of ${repeats})`,
          `${median(bareTimes).toFixed(2)} s`,
        ],
        [
          `processing one clip, studio job start -> commit (median of ${repeats})`,
          `${median(handlerSeconds).toFixed(2)} s`,
        ],
        [
          'processing time ratio studio job / bare ffmpeg',
          (median(handlerSeconds) / median(bareTimes)).toFixed(2),
        ],
        [
          'processing one clip, last byte -> status END, queue hand-over included (median)',
          `${median(endToEnd).toFixed(2)} s`,
        ],
        [
          'processing time ratio last byte -> END / bare ffmpeg',
          (median(endToEnd) / median(bareTimes)).toFixed(2),
        ],
      );

      const drain: Record<string, number> = {};
      for (const workers of [1, 2]) {
        const ids: string[] = [];
        for (let index = 0; index < clips; index += 1) {
          next = 1 + repeats + index;
          ids.push(await uploadRealClip());
        }
        const running = Array.from({ length: workers }, () => startWorker(studio));
        await waitForAll(studio, ids, 100);
        await Promise.all(running.map(stopChild));
        // From the first job's start to the last one's end: worker start-up is not counted.
        drain[`${workers}`] = (await readJobTimes(studio, ids)).spanSeconds;
        rows.push([
          `queue drain, ${clips} clips, ${workers} worker process${workers > 1 ? 'es' : ''}`,
          `${drain[`${workers}`]!.toFixed(1)} s`,
        ]);
      }
      results.drain = { clips, secondsByWorkers: drain };
    }
  } finally {
    await studio.database.close();
    for (const child of [...children]) {
      await stopChild(child);
    }
    await rm(root, { recursive: true, force: true });
  }

  (results.machine as Record<string, unknown>).loadAverageAtEnd = os.loadavg();
  rows.push([
    'load average at start / end (1 min)',
    `${(results.machine as { loadAverageAtStart: number[] }).loadAverageAtStart[0]!.toFixed(1)} / ${os.loadavg()[0]!.toFixed(1)}`,
  ]);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('');
  for (const [label, value] of rows) {
    console.log(`${label.padEnd(width)}  ${value}`);
  }
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${values.out}`);
}

if (process.argv[2] === '--serve-bare') {
  await serveBare(process.argv[3]!, Number(process.argv[4]));
} else {
  await main();
}
