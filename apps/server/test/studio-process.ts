// A studio as a real process (`src/main.ts`), for the crash tests: kill -9, SIGTERM, restart.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StudioProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** kill -9 of the process group: the studio and its ffmpeg, as a crashed machine would. */
  killHard(): Promise<void>;
}

const running = new Set<StudioProcess>();

/**
 * Starts `src/main.ts` in a process group of its own with only the variables given (plus PATH and
 * the run's TMPDIR, where a killed process leaves its work folders). The sentence model stays off
 * unless a test asks for it: these processes are about crashes, uploads and the database, and each
 * start would otherwise load ~200 MB of model beside the suite's other work.
 */
export function spawnStudio(env: Record<string, string>, args: string[] = []): StudioProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: serverRoot,
    detached: true,
    env: {
      PATH: process.env.PATH,
      TMPDIR: process.env.TMPDIR,
      LOG_LEVEL: 'warn',
      MATCHER_EMBEDDER: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const studio: StudioProcess = {
    child,
    output: () => output,
    exited,
    async killHard() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, 'SIGKILL');
      }
      await exited;
    },
  };
  running.add(studio);
  void exited.then(() => running.delete(studio));
  return studio;
}

/** For afterAll: kill -9 whatever the file's tests left running. */
export async function killStudioProcesses(): Promise<void> {
  await Promise.all([...running].map((studio) => studio.killHard()));
}

export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the process answers /healthz with 200 (its output in the error otherwise). A start
 * takes seconds on a quiet machine and over a minute on a loaded one (tsx compiling the sources,
 * migrations), so the default wait is long: it bounds a hang, it does not time a start.
 */
export async function waitUntilHealthy(
  studio: StudioProcess,
  baseUrl: string,
  timeoutMs = 180_000,
): Promise<void> {
  await waitUntil(
    async () => (await fetch(`${baseUrl}/healthz`)).ok,
    timeoutMs,
    `${baseUrl}/healthz`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; studio output:\n${studio.output()}`);
  });
}
