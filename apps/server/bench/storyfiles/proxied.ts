// bench:storyfiles --web N (issue 69 item 3): the storyfiles served by N web processes of
// `src/main.ts` on the bench's PostgreSQL, behind Debian's nginx with docs/deploy.md's
// configuration as written there (test/deploy-nginx.ts), which sends each storyfile to one process
// by a consistent hash of its slug. The three phases of bench/storyfiles.ts ask through nginx;
// each process's own figures come from its /metrics (matchers held, RSS, asks) and where each
// storyfile went from nginx's X-Conversa-Upstream. Then asks go on while the last process is
// stopped with SIGTERM and started again, twice: as it is, and drained first (marked `down` in
// nginx and reloaded): what the other answers, and the errors.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startNginx, type RunningNginx } from '../../test/deploy-nginx.ts';
import {
  spawnStudio,
  waitUntil,
  waitUntilHealthy,
  type StudioProcess,
} from '../../test/studio-process.ts';
import { getFreePort } from '../../test/studio.ts';
import { BENCH_ADMIN, writeBenchResults } from '../support.ts';
import { askPublic, readCacheFigures, type AskTiming } from './asks.ts';
import { runPhases, type PhaseOptions } from './phases.ts';
import {
  reportProxied,
  type ProcessFigures,
  type RestartFigures,
  type RestartStage,
} from './proxied-report.ts';

interface WebProcess {
  /** host:port, as nginx names it. */
  address: string;
  url: string;
  studio: StudioProcess;
}

/** A web process's RSS (prom-client's default metric) and its asks, from its /metrics. */
async function readProcessFigures(url: string): Promise<ProcessFigures> {
  const text = await (await fetch(new URL('/metrics', url))).text();
  const rss = /^conversa_process_resident_memory_bytes (\S+)$/m.exec(text);
  let asks = 0;
  for (const [, value] of text.matchAll(/^conversa_asks_total\{[^}]*\} (\S+)$/gm)) {
    asks += Number(value);
  }
  return { rss: Number(rss?.[1] ?? 0), asks, cache: await readCacheFigures(url) };
}

/** Until the process answers /healthz and its sentence model is loaded (or there is none). */
async function waitUntilReady(web: WebProcess): Promise<void> {
  await waitUntilHealthy(web.studio, web.url);
  await waitUntil(
    async () => {
      const health = (await (await fetch(`${web.url}/healthz`)).json()) as {
        embedder?: { status: string };
      };
      return !health.embedder || health.embedder.status === 'ready';
    },
    180_000,
    `${web.url}'s sentence model`,
  );
}

export async function runProxied(options: {
  databaseUrl: string;
  env: Record<string, string>;
  count: number;
  /** nginx's port, the processes' the next ones; 0: free ports. */
  port: number;
  /** The template storyfile's slug: each process's scorer threads are warmed on it. */
  template: string;
  phases: PhaseOptions;
  cacheMb: number;
  answers: number;
  embedder: string;
  restartSeconds: number;
  loadBefore: number;
}): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'conversa-storyfiles-web-'));
  const processes: WebProcess[] = [];
  let nginx: RunningNginx | undefined;
  const portOf = async (index: number) =>
    options.port ? options.port + index : await getFreePort();
  const spawnWeb = (index: number, port: number): WebProcess => ({
    address: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    studio: spawnStudio({
      ...options.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, `web-${index}`),
      STUDIO_ADMIN_EMAIL: BENCH_ADMIN.email,
      STUDIO_ADMIN_PASSWORD: BENCH_ADMIN.password,
      STUDIO_DEFAULT_NAMESPACE: '',
      NODE_ENV: 'production',
      ...(process.env.MATCHER_WORKERS ? { MATCHER_WORKERS: process.env.MATCHER_WORKERS } : {}),
    }),
  });
  try {
    const started = performance.now();
    for (let index = 1; index <= options.count; index += 1) {
      processes.push(spawnWeb(index, await portOf(index)));
    }
    await Promise.all(processes.map(waitUntilReady));
    // Each process's scorer threads build the template's matcher (its trained state stored).
    const workers = Number(process.env.MATCHER_WORKERS ?? availableParallelism());
    const question = options.phases.questions[0]!;
    for (const web of processes) {
      const warm = await Promise.all(
        Array.from({ length: Math.max(1, workers) * 2 }, () =>
          askPublic(web.url, options.template, question),
        ),
      );
      if (warm.some(({ status }) => status !== 200)) {
        throw new Error(`warming ${web.url}: ${JSON.stringify(warm.map((t) => t.status))}`);
      }
    }
    console.log(
      `${processes.length} web processes started and warmed in ${((performance.now() - started) / 1000).toFixed(1)} s: ${processes.map(({ address }) => address).join(', ')}`,
    );
    const base = await Promise.all(processes.map(({ url }) => readProcessFigures(url)));
    nginx = await startNginx({
      dir,
      port: await portOf(0),
      upstreams: processes.map(({ address }) => address),
      readyPath: '/healthz',
    });
    console.log(`nginx (docs/deploy.md's configuration) on ${nginx.url}`);

    let afterSpread: ProcessFigures[] = [];
    const phases = await runPhases({ ...options.phases, url: nginx.url }, async () => {
      afterSpread = await Promise.all(processes.map(({ url }) => readProcessFigures(url)));
    });
    const afterEvicted = await Promise.all(processes.map(({ url }) => readProcessFigures(url)));
    const restarts =
      options.restartSeconds > 0
        ? [
            await restartOne(nginx, false, options, processes, spawnWeb),
            await restartOne(nginx, true, options, processes, spawnWeb),
          ]
        : [];
    const figures = {
      storyfiles: options.phases.slugs.length,
      answers: options.answers,
      cacheMb: options.cacheMb,
      embedder: options.embedder,
      concurrency: options.phases.concurrency,
      loadAverage: { before: options.loadBefore, after: loadavg()[0]! },
      processes: processes.map(({ address }) => address),
      base,
      afterSpread,
      afterEvicted,
      phases,
      restarts,
    };
    reportProxied(figures);
    console.log(`Figures written to ${writeBenchResults('storyfiles-web', figures)}`);
  } finally {
    await nginx?.stop();
    await Promise.all(
      processes.map(async ({ studio }) => {
        studio.child.kill('SIGTERM');
        await studio.exited;
      }),
    );
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Asks storyfiles drawn at random through nginx for 5 s, then stops the last process (SIGTERM),
 * starts it again on its port and asks until `restartSeconds` after it answers /healthz again.
 * `drained`: nginx is first reloaded with the process marked `down` (3 s for its asks to finish),
 * and again without once it is back. Each ask is counted in the stage it started in.
 */
async function restartOne(
  nginx: RunningNginx,
  drained: boolean,
  options: { phases: PhaseOptions; restartSeconds: number },
  processes: WebProcess[],
  spawnWeb: (index: number, port: number) => WebProcess,
): Promise<RestartFigures> {
  const { slugs, questions, concurrency } = options.phases;
  const stages: Record<RestartStage, AskTiming[]> = {
    before: [],
    draining: [],
    stopping: [],
    down: [],
    back: [],
  };
  let stage: RestartStage = 'before';
  let done = false;
  let asked = 0;
  const errorsBefore = (await nginx.errors()).length;
  const asking = Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!done) {
        const slug = slugs[Math.floor(Math.random() * slugs.length)]!;
        const at = stage;
        const question = questions[(asked += 1) % questions.length]!;
        stages[at].push(await askPublic(nginx.url, slug, question));
      }
    }),
  );
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const index = processes.length - 1;
  const stopped = processes[index]!;
  const timeline: Record<string, number> = {};
  const started = performance.now();
  const mark = (name: string) => (timeline[name] = (performance.now() - started) / 1000);
  await sleep(5_000);
  if (drained) {
    stage = 'draining';
    mark('marked down');
    await nginx.reload([stopped.address]);
    await sleep(3_000);
  }
  stage = 'stopping';
  mark('SIGTERM');
  stopped.studio.child.kill('SIGTERM');
  const exitCode = await stopped.studio.exited;
  mark('exited');
  stage = 'down';
  const port = Number(stopped.address.split(':')[1]);
  processes[index] = spawnWeb(index + 1, port);
  await waitUntilReady(processes[index]);
  mark('ready again');
  if (drained) {
    await nginx.reload([]);
    mark('marked up');
  }
  stage = 'back';
  await sleep(options.restartSeconds * 1000);
  done = true;
  await asking;
  mark('end');
  return {
    drained,
    stopped: stopped.address,
    exitCode,
    timeline,
    stages: (Object.keys(stages) as RestartStage[])
      .filter((name) => drained || name !== 'draining')
      .map((name) => ({ stage: name, asks: stages[name] })),
    nginxErrors: (await nginx.errors()).slice(errorsBefore),
  };
}
