import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the ffmpeg in use came from; logged at start so an operator knows which one runs. */
export type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | '@ffmpeg-installer/ffmpeg';

export interface FfmpegBinaries {
  ffmpeg: string;
  source: FfmpegSource;
  /** Null when no ffprobe is found; probing then reads ffmpeg's own report of the input. */
  ffprobe: string | null;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function findOnPath(name: string, searchPath: string | undefined): Promise<string | null> {
  for (const dir of (searchPath ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) {
      return candidate;
    }
  }
  return null;
}

function findInstallerBinary(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const installed = require('@ffmpeg-installer/ffmpeg') as { path?: string };
    return installed.path ?? null;
  } catch {
    return null;
  }
}

export class FfmpegNotFoundError extends Error {
  constructor() {
    super(
      'No ffmpeg found: set FFMPEG_PATH, put ffmpeg on PATH, or install @ffmpeg-installer/ffmpeg.',
    );
    this.name = 'FfmpegNotFoundError';
  }
}

/**
 * Picks ffmpeg as ARCHITECTURE.md says: FFMPEG_PATH, else `ffmpeg` on PATH, else the binary of
 * @ffmpeg-installer/ffmpeg (a 2018 build: fine for MP4 and posters). ffprobe: FFPROBE_PATH, else
 * beside the chosen ffmpeg, else on PATH.
 */
export async function resolveFfmpeg(options: {
  ffmpegPath?: string | undefined;
  ffprobePath?: string | undefined;
  searchPath?: string | undefined;
  findInstalled?: () => string | null;
}): Promise<FfmpegBinaries> {
  const searchPath = options.searchPath ?? process.env.PATH;
  let ffmpeg: string | null;
  let source: FfmpegSource = 'FFMPEG_PATH';
  if (options.ffmpegPath) {
    if (!(await isExecutable(options.ffmpegPath))) {
      throw new Error(`FFMPEG_PATH (${options.ffmpegPath}) is not an executable file.`);
    }
    ffmpeg = options.ffmpegPath;
  } else {
    ffmpeg = await findOnPath('ffmpeg', searchPath);
    source = 'PATH';
    if (!ffmpeg) {
      ffmpeg = (options.findInstalled ?? findInstallerBinary)();
      source = '@ffmpeg-installer/ffmpeg';
    }
  }
  if (!ffmpeg) {
    throw new FfmpegNotFoundError();
  }
  let ffprobe: string | null;
  if (options.ffprobePath) {
    if (!(await isExecutable(options.ffprobePath))) {
      throw new Error(`FFPROBE_PATH (${options.ffprobePath}) is not an executable file.`);
    }
    ffprobe = options.ffprobePath;
  } else {
    const sibling = path.join(path.dirname(ffmpeg), 'ffprobe');
    ffprobe = (await isExecutable(sibling)) ? sibling : await findOnPath('ffprobe', searchPath);
  }
  return { ffmpeg, source, ffprobe };
}

/** One line for the start-up log. */
export function describeFfmpeg(binaries: FfmpegBinaries): string {
  return `ffmpeg: ${binaries.ffmpeg} (from ${binaries.source}); ffprobe: ${
    binaries.ffprobe ?? "none (ffmpeg's report is parsed)"
  }`;
}

export class FfmpegError extends Error {
  constructor(
    readonly binary: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(
      `${path.basename(binary)} exited with ${exitCode ?? 'a signal'}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
    );
    this.name = 'FfmpegError';
  }
}

const STDERR_LIMIT = 64 * 1024;

let parentDeathWrapper: string | null | undefined;

/**
 * util-linux's `setpriv`, when this is Linux and it is on PATH: run as `setpriv --pdeathsig KILL --
 * ffmpeg ...`, it sets the kernel's parent-death signal (prctl PR_SET_PDEATHSIG, which survives the
 * exec) and becomes ffmpeg, so ffmpeg is killed when the process that started it dies, by a crash
 * or kill -9 too (issue 43: a killed studio's ffmpeg kept transcoding beside the retried job).
 * Node has no prctl of its own. Null elsewhere: there an abort still kills the child, a kill -9 not.
 */
export function findParentDeathWrapper(searchPath = process.env.PATH): string | null {
  if (process.platform !== 'linux') {
    return null;
  }
  for (const folder of (searchPath ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(folder, 'setpriv');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** The command and arguments that run `binary` so it dies with this process where it can. */
export function withParentDeathSignal(
  binary: string,
  args: readonly string[],
): { command: string; args: string[] } {
  parentDeathWrapper ??= findParentDeathWrapper();
  return parentDeathWrapper
    ? { command: parentDeathWrapper, args: ['--pdeathsig', 'KILL', '--', binary, ...args] }
    : { command: binary, args: [...args] };
}

/**
 * The niceness of background tools by default (TRANSCRIBE_NICENESS): the lowest priority, run only
 * when nothing else wants a core.
 */
export const BACKGROUND_NICENESS = 19;

/**
 * Runs ffmpeg or ffprobe without a shell. Resolves with stdout and the tail of stderr; rejects with
 * FfmpegError on a non-zero exit, or with the signal's reason when aborted (the child is killed).
 * The child dies with this process too (withParentDeathSignal), however this process ends.
 */
export function runMediaTool(
  binary: string,
  args: readonly string[],
  options: {
    signal?: AbortSignal;
    allowFailure?: boolean;
    /** Each piece of stderr as it arrives (processing reads ffmpeg's input report early). */
    onStderr?: (chunk: string) => void;
    /**
     * Background work (a transcript draft, a voice's adaptation): the tool runs at this CPU
     * niceness (`nice -n`, coreutils; BACKGROUND_NICENESS, 19, is the lowest priority), so a video
     * being processed beside it gets the cores first. Unset or 0: the studio's own priority.
     */
    niceness?: number;
  } = {},
): Promise<{ stdout: string; stderr: string; exitCode: number | null }> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason as Error);
      return;
    }
    const command = options.niceness
      ? withParentDeathSignal('nice', ['-n', String(options.niceness), binary, ...args])
      : withParentDeathSignal(binary, args);
    const child = spawn(command.command, command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_LIMIT);
      options.onStderr?.(chunk);
    });
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.once('close', (exitCode) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (options.signal?.aborted) {
        reject(options.signal.reason as Error);
      } else if (exitCode === 0 || options.allowFailure) {
        resolve({ stdout, stderr, exitCode });
      } else {
        reject(new FfmpegError(binary, exitCode, stderr));
      }
    });
  });
}
