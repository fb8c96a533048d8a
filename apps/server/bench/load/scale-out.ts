// bench:load --web N: the deployment docs/deploy.md describes, on this machine. The bench's own
// studio and N-1 more web processes (`src/main.ts`, STUDIO_ROLE=web) on one PostgreSQL, behind
// Debian's nginx balancing them as the guide balances requests without a storyfile (least_conn, no
// sticky sessions), all on loopback: the guide's consistent hash (issue 69) would put this bench's
// one storyfile on one process; bench:storyfiles --web runs that. Each process keeps its own
// caches and scorer threads; nothing else is shared but the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NGINX, privateNginxConfig } from '../../test/deploy-nginx.ts';
import { spawnStudio, waitUntil, waitUntilHealthy } from '../../test/studio-process.ts';
import { getFreePort } from '../../test/studio.ts';
import { askPublic } from '../storyfiles/asks.ts';
import { BENCH_ADMIN } from '../support.ts';

export interface ScaleOut {
  /** The proxy's address: what the visitors ask. */
  url: string;
  /** The web processes' addresses, the bench's own first. */
  upstreams: string[];
  stop(): Promise<void>;
}

/** nginx's configuration: the guide's upstream and proxy headers, in a folder of its own. */
function nginxConfig(dir: string, port: number, upstreams: readonly string[]): string {
  const servers = upstreams
    .map((url) => `    server ${new URL(url).host} max_fails=3 fail_timeout=10s;`)
    .join('\n');
  return privateNginxConfig(
    dir,
    `  upstream conversa_web {
    least_conn;
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://conversa_web;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`,
  );
}

/**
 * Starts `count - 1` web processes beside the bench's studio (`firstUrl`) on `databaseUrl`, and
 * nginx in front of all of them. `env` is what the bench's own studio was started with.
 */
export async function startScaleOut(options: {
  databaseUrl: string;
  firstUrl: string;
  count: number;
  env: Record<string, string>;
}): Promise<ScaleOut> {
  if (!existsSync(NGINX)) {
    throw new Error(`--web needs Debian's nginx at ${NGINX}: apt-get install nginx-light`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'conversa-scale-out-'));
  const processes: ReturnType<typeof spawnStudio>[] = [];
  let proxy: ChildProcess | undefined;
  const stop = async () => {
    proxy?.kill('SIGTERM');
    await Promise.all(
      processes.map(async (studio) => {
        studio.child.kill('SIGTERM');
        await studio.exited;
      }),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const upstreams = [options.firstUrl];
    for (let index = 1; index < options.count; index += 1) {
      const port = await getFreePort();
      const url = `http://127.0.0.1:${port}`;
      const studio = spawnStudio({
        ...options.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, `web-${index}`),
        STUDIO_ADMIN_EMAIL: BENCH_ADMIN.email,
        STUDIO_ADMIN_PASSWORD: BENCH_ADMIN.password,
        STUDIO_DEFAULT_NAMESPACE: '',
        MATCHER_EMBEDDER: 'use-lite',
        NODE_ENV: 'production',
        ...(process.env.MATCHER_WORKERS ? { MATCHER_WORKERS: process.env.MATCHER_WORKERS } : {}),
      });
      processes.push(studio);
      await waitUntilHealthy(studio, url);
      upstreams.push(url);
    }
    const port = await getFreePort();
    const config = path.join(dir, 'nginx.conf');
    await writeFile(config, nginxConfig(dir, port, upstreams));
    let output = '';
    proxy = spawn(NGINX, ['-c', config, '-p', dir, '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proxy.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => (await fetch(`${url}/healthz`)).ok,
      30_000,
      'nginx in front of the web processes',
    ).catch((error: Error) => {
      throw new Error(`${error.message}; nginx said: ${output}`);
    });
    return { url, upstreams, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Asks through the proxy, one at a time and a visitor each, so that every process has answered
 * a few (its sentence model loaded, its matcher and scorer threads built) before the load.
 */
export async function warmThroughProxy(
  url: string,
  slug: string,
  question: string,
  asks: number,
): Promise<void> {
  for (let index = 0; index < asks; index += 1) {
    const { status } = await askPublic(url, slug, question);
    if (status !== 200) {
      throw new Error(`warming through the proxy: an ask answered ${status}`);
    }
  }
}
