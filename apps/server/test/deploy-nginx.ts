// docs/deploy.md's nginx configuration, run as it is written: its ```nginx block with the example
// addresses replaced by the processes' and its `listen 443 ssl;` by a loopback port, inside the
// few top-level lines a private nginx needs (its own pid, logs and temporary folders). Used by
// `bench:storyfiles -- --web 2` (Debian's nginx in front of real web processes) and by
// src/deploy-proxy.test.ts (`nginx -t`, and nginx in front of stand-in processes).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitUntil } from './studio-process.ts';

export const NGINX = '/usr/sbin/nginx';

const DEPLOY_GUIDE = fileURLToPath(new URL('../../../docs/deploy.md', import.meta.url));

/** The example's upstream servers: `server 10.0.0.N:3000 <parameters>;`. */
const EXAMPLE_SERVER = /^(\s*)server 10\.0\.0\.\d+:3000( [^;]*)?;$/;
const EXAMPLE_LISTEN = /^(\s*)listen 443 ssl;$/;

/** The guide's ```nginx block (the one with the storyfiles' consistent hash), as written. */
export function readDeployNginxBlock(guide = readFileSync(DEPLOY_GUIDE, 'utf8')): string {
  const blocks = [...guide.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map(([, block]) => block!);
  const block = blocks.find((text) => text.includes('hash $storyfile_key consistent;'));
  if (!block) {
    throw new Error(`${DEPLOY_GUIDE} has no nginx block with "hash $storyfile_key consistent;"`);
  }
  return block;
}

/**
 * The guide's block with each upstream's example servers replaced by `upstreams` (host:port, the
 * same parameters) and the TLS listen by `listen`; throws when either is not where it was.
 */
export function localizeNginxBlock(
  block: string,
  upstreams: readonly string[],
  listen: string,
  down: readonly string[] = [],
): string {
  const lines: string[] = [];
  let servers = 0;
  let listens = 0;
  let previousWasServer = false;
  for (const line of block.split('\n')) {
    const server = EXAMPLE_SERVER.exec(line);
    const tls = EXAMPLE_LISTEN.exec(line);
    // An upstream's first example server stands for all of them: the processes, its parameters.
    if (server && !previousWasServer) {
      lines.push(
        ...upstreams.map(
          (address) =>
            `${server[1]}server ${address}${server[2] ?? ''}${down.includes(address) ? ' down' : ''};`,
        ),
      );
    } else if (tls) {
      lines.push(`${tls[1]}listen ${listen};`);
    } else if (!server) {
      lines.push(line);
    }
    servers += server ? 1 : 0;
    listens += tls ? 1 : 0;
    previousWasServer = Boolean(server);
  }
  if (servers === 0 || listens !== 1) {
    throw new Error(
      `the guide's nginx block changed: ${servers} example servers, ${listens} "listen 443 ssl;"`,
    );
  }
  return lines.join('\n');
}

/**
 * A whole nginx.conf around the guide's block, for a private nginx under `dir`. Each response
 * says which process answered it (`X-Conversa-Upstream`, set at the http level, so the guide's
 * block is unchanged): the bench counts where each storyfile went.
 */
export function nginxConfigFromGuide(options: {
  dir: string;
  port: number;
  upstreams: readonly string[];
  /** Upstreams marked `down` (drained before a restart). */
  down?: readonly string[];
  block?: string;
}): string {
  const block = localizeNginxBlock(
    options.block ?? readDeployNginxBlock(),
    options.upstreams,
    `127.0.0.1:${options.port}`,
    options.down,
  );
  return privateNginxConfig(
    options.dir,
    `add_header X-Conversa-Upstream $upstream_addr always;\n${block}`,
  );
}

/**
 * A whole nginx.conf for a private nginx under `dir` (its pid, logs and temporary files there,
 * in the foreground) around `http`, the inside of its `http { }` block.
 */
export function privateNginxConfig(dir: string, http: string): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
access_log off;
client_body_temp_path ${dir}/body;
proxy_temp_path ${dir}/proxy;
fastcgi_temp_path ${dir}/fastcgi;
uwsgi_temp_path ${dir}/uwsgi;
scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/** `nginx -t` of a configuration file: its output, or an error with it. */
export function testNginxConfig(file: string, dir: string): string {
  const result = spawnSync(
    NGINX,
    ['-t', '-c', file, '-p', dir, '-e', path.join(dir, 'error.log')],
    {
      encoding: 'utf8',
    },
  );
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) {
    throw new Error(`nginx -t failed: ${output}`);
  }
  return output;
}

export interface RunningNginx {
  url: string;
  child: ChildProcess;
  /** Writes the configuration again with `down` marked and reloads it (SIGHUP). */
  reload(down: readonly string[]): Promise<void>;
  /** The lines of nginx's error log. */
  errors(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Writes the configuration under `dir` and starts nginx on it; resolves once it answers. */
export async function startNginx(options: {
  dir: string;
  port: number;
  upstreams: readonly string[];
  /** A path every upstream answers (200) through the proxy, to know it is up. */
  readyPath: string;
}): Promise<RunningNginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`Debian's nginx is needed at ${NGINX}: apt-get install nginx-light`);
  }
  const file = path.join(options.dir, 'nginx.conf');
  await writeFile(file, nginxConfigFromGuide(options));
  testNginxConfig(file, options.dir);
  let output = '';
  const child = spawn(
    NGINX,
    ['-c', file, '-p', options.dir, '-e', path.join(options.dir, 'error.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  await waitUntil(
    async () => (await fetch(`${url}${options.readyPath}`)).ok,
    30_000,
    'nginx in front of the web processes',
  ).catch(async (error: Error) => {
    await stop();
    throw new Error(`${error.message}; nginx said: ${output}`);
  });
  const reload = async (down: readonly string[]) => {
    await writeFile(file, nginxConfigFromGuide({ ...options, down }));
    testNginxConfig(file, options.dir);
    child.kill('SIGHUP');
    // The new workers take over within a moment; the old ones finish what they have.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  };
  const errors = async () =>
    (await readFile(path.join(options.dir, 'error.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean);
  return { url, child, reload, errors, stop };
}
