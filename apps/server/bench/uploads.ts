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
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  buildVideoUploadMetadata,
  getUploadIdFromUrl,
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  type UploadStatus,
} from '@conversa/contracts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { JOB_SCHEMA, PROCESS_VIDEO_QUEUE } from '../src/jobs/queue-definition.ts';
import { createNamespace } from '../src/modules/namespaces/index.ts';
import { runMediaTool } from '../src/media/ffmpeg.ts';
import { buildPosterArgs, buildTranscodeArgs, needsPosterRun } from '../src/media/transcode.ts';
import { encodeTusMetadata } from '../test/upload.fixtures.ts';
import { getFreePort, signIn, TestBrowser } from '../test/studio.ts';

const serverRoot = fileURLToPath(new URL('../', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };

function parseSize(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kib|mib|gib|kb|mb|gb)?$/i.exec(value.trim());
  if (!match) {
    throw new Error(`--size: cannot read ${value}`);
  }
  const units: Record<string, number> = {
    b: 1,
    kb: 1e3,
    mb: 1e6,
    gb: 1e9,
    kib: 1024,
    mib: 1024 ** 2,
    gib: 1024 ** 3,
  };
  return Math.round(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]!);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mib = (bytes: number) => bytes / 1024 ** 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Peak and current resident memory of a process, from /proc (Linux). */
async function readMemory(pid: number): Promise<{ peakBytes: number; currentBytes: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const read = (key: string) =>
    Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { peakBytes: read('VmHWM'), currentBytes: read('VmRSS') };
}

// --- child processes ------------------------------------------------------------------------

const children = new Set<ChildProcess>();

function startChild(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', (code) => {
    children.delete(child);
    if (code !== 0 && code !== null) {
      console.error(`child ${args.join(' ')} exited with ${code}:\n${output}`);
    }
  });
  children.add(child);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000).then(() => child.kill('SIGKILL'))]);
}

async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the process serving ${url} exited`);
    }
    try {
      const response = await fetch(url);
      if (response.status < 500) {
        return;
      }
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

/** `--serve-bare <dir> <port>`: a bare @tus/server with a FileStore, nothing else. */
async function serveBare(dir: string, port: number): Promise<void> {
  const { Server } = await import('@tus/server');
  const { FileStore } = await import('@tus/file-store');
  const server = new Server({ path: '/files', datastore: new FileStore({ directory: dir }) });
  http.createServer((req, res) => void server.handle(req, res)).listen(port, '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}

// --- a raw tus client -----------------------------------------------------------------------

const BLOCK = randomBytes(1024 * 1024);

/** One PATCH of `length` bytes made of a repeated random block, written with backpressure. */
function patchStream(
  url: string,
  offset: number,
  length: number,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(length),
      },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      response.resume();
      response.once('end', () =>
        response.statusCode === 204
          ? resolve(Number(response.headers['upload-offset']))
          : reject(new Error(`PATCH answered ${response.statusCode}`)),
      );
    });
    let left = length;
    const write = () => {
      while (left > 0) {
        const piece = left >= BLOCK.length ? BLOCK : BLOCK.subarray(0, left);
        left -= piece.length;
        if (!request.write(piece)) {
          request.once('drain', write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

async function tusUpload(options: {
  endpoint: string;
  size: number;
  chunk: number;
  headers: Record<string, string>;
  metadata: Record<string, string>;
}): Promise<{ url: string; seconds: number }> {
  const started = performance.now();
  const created = await fetch(options.endpoint, {
    method: 'POST',
    headers: {
      ...options.headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(options.size),
      'upload-metadata': encodeTusMetadata(options.metadata),
    },
  });
  if (created.status !== 201) {
    throw new Error(`create answered ${created.status}: ${await created.text()}`);
  }
  const url = new URL(created.headers.get('location')!, options.endpoint).href;
  let offset = 0;
  while (offset < options.size) {
    offset = await patchStream(
      url,
      offset,
      Math.min(options.chunk, options.size - offset),
      options.headers,
    );
  }
  return { url, seconds: (performance.now() - started) / 1000 };
}

// --- the studio -----------------------------------------------------------------------------

interface Studio {
  child: ChildProcess;
  baseUrl: string;
  env: Record<string, string>;
  browser: TestBrowser;
  headers: Record<string, string>;
  storyfileId: string;
  questionIds: string[];
  dataDir: string;
  database: DatabaseHandle;
}

async function startBenchStudio(root: string, questions: number): Promise<Studio> {
  const port = await getFreePort();
  const dataDir = path.join(root, 'studio');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    STUDIO_ADMIN_EMAIL: ADMIN.email,
    STUDIO_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    FFMPEG_PATH: FFMPEG,
    JOB_MAINTENANCE_INTERVAL_SECONDS: '5',
  };
  const child = startChild(['src/main.ts'], { ...env, PORT: String(port), STUDIO_ROLE: 'web' });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/healthz`, 120_000, child);

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    embeddedPort: Number(env.EMBEDDED_POSTGRES_PORT),
  });
  const namespace = await createNamespace(database.db, { label: `bench-${Date.now()}` });

  const browser = new TestBrowser(baseUrl);
  await signIn(browser, ADMIN.email, ADMIN.password);
  const call = async <T>(method: string, url: string, body: unknown): Promise<T> => {
    const response = await browser.api(url, { method, body: JSON.stringify(body) });
    if (!response.ok) {
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as T;
  };
  const storyfile = await call<{ id: string }>('POST', '/v1/conversa/storyfiles', {
    namespaceId: namespace.id,
    name: 'Benchmark',
  });
  const topic = await call<{ id: string }>(
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/topics`,
    {
      name: 'Bench',
    },
  );
  const questionIds: string[] = [];
  for (let index = 0; index < questions; index += 1) {
    const question = await call<{ id: string }>(
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/questions`,
      { topicId: topic.id, text: `Benchmark question number ${index + 1}?` },
    );
    questionIds.push(question.id);
  }
  return {
    child,
    baseUrl,
    env,
    browser,
    headers: { cookie: browser.cookieHeader(), [SYSTEM_ID_HEADER]: SYSTEM_ID },
    storyfileId: storyfile.id,
    questionIds,
    dataDir,
    database,
  };
}

/** What the queue recorded of the uploads' jobs: when they started and ended, in seconds. */
async function readJobTimes(studio: Studio, uploadIds: string[]) {
  const result = await studio.database.pool.query<{ started: number; completed: number }>(
    `select extract(epoch from started_on)::float8 as started,
            extract(epoch from completed_on)::float8 as completed
       from ${JOB_SCHEMA}.job
      where name = $1 and singleton_key = any($2) and state = 'completed'`,
    [PROCESS_VIDEO_QUEUE, uploadIds],
  );
  if (result.rows.length !== uploadIds.length) {
    throw new Error(`${uploadIds.length - result.rows.length} job(s) did not complete`);
  }
  return {
    handlerSeconds: result.rows.map((row) => row.completed - row.started),
    spanSeconds:
      Math.max(...result.rows.map((row) => row.completed)) -
      Math.min(...result.rows.map((row) => row.started)),
  };
}

function startWorker(studio: Studio): ChildProcess {
  return startChild(['src/main.ts', '--role', 'worker'], {
    ...studio.env,
    WORKER_CONCURRENCY: '1',
  });
}

async function statusOf(studio: Studio, id: string): Promise<UploadStatus> {
  const response = await studio.browser.api(
    `/v1/conversa/upload/status?uploadObjectKey=${encodeURIComponent(id)}`,
  );
  return (await response.json()) as UploadStatus;
}

async function waitForAll(studio: Studio, ids: string[], pollMs: number): Promise<number> {
  const started = performance.now();
  const pending = new Set(ids);
  while (pending.size > 0) {
    for (const id of [...pending]) {
      const status = await statusOf(studio, id);
      if (status.status === 'FAIL') {
        throw new Error(`upload ${id} failed: ${status.error}`);
      }
      if (status.status === 'END') {
        pending.delete(id);
      }
    }
    if (pending.size > 0) {
      await sleep(pollMs);
    }
  }
  return (performance.now() - started) / 1000;
}

/**
 * Last byte -> status END for one upload. The upload's row is watched through the bench's own
 * connection every `pollMs` (a primary-key read); once it has left `processing`, the status call
 * a person's browser makes says END (its time counted). Calling the status endpoint itself every
 * 25 ms would spend the studio's CPU, which ffmpeg shares, on the measuring.
 */
async function waitForEnd(studio: Studio, id: string, pollMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await studio.database.pool.query<{ phase: string }>(
      'select phase from uploads where id = $1',
      [id],
    );
    if (rows[0] && rows[0].phase !== 'processing' && rows[0].phase !== 'uploading') {
      break;
    }
    await sleep(pollMs);
  }
  const status = await statusOf(studio, id);
  if (status.status !== 'END') {
    throw new Error(`upload ${id} ended ${status.status}: ${status.error}`);
  }
  return (performance.now() - started) / 1000;
}

async function makeClip(dir: string, seconds: number, size: string): Promise<string> {
  const file = path.join(dir, `clip-${seconds}s-${size}.mp4`);
  await runMediaTool(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=duration=${seconds}:size=${size}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

// --- main -----------------------------------------------------------------------------------

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
