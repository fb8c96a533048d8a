import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/upload.fixtures.ts';
import {
  BACKGROUND_NICENESS,
  describeFfmpeg,
  FfmpegError,
  findParentDeathWrapper,
  resolveFfmpeg,
  runMediaTool,
} from './ffmpeg.ts';

async function executable(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, '#!/bin/sh\nexit 0\n');
  await chmod(file, 0o755);
  return file;
}

describe('which ffmpeg runs (FFMPEG_PATH, else PATH, else @ffmpeg-installer/ffmpeg)', () => {
  let root: string;
  beforeAll(async () => {
    root = await makeTempDir('conversa-ffmpeg-');
    await executable(path.join(root, 'configured', 'ffmpeg'));
    await executable(path.join(root, 'configured', 'ffprobe'));
    await executable(path.join(root, 'bin', 'ffmpeg'));
    await executable(path.join(root, 'probe-bin', 'ffprobe'));
    await executable(path.join(root, 'installer', 'ffmpeg'));
  });
  const installed = () => path.join(root, 'installer', 'ffmpeg');

  it('takes FFMPEG_PATH first, with the ffprobe beside it', async () => {
    const found = await resolveFfmpeg({
      ffmpegPath: path.join(root, 'configured', 'ffmpeg'),
      searchPath: path.join(root, 'bin'),
      findInstalled: installed,
    });
    expect(found).toEqual({
      ffmpeg: path.join(root, 'configured', 'ffmpeg'),
      source: 'FFMPEG_PATH',
      ffprobe: path.join(root, 'configured', 'ffprobe'),
    });
    expect(describeFfmpeg(found)).toContain('(from FFMPEG_PATH)');
  });

  it('takes the one on PATH next, and ffprobe from PATH', async () => {
    const found = await resolveFfmpeg({
      searchPath: [path.join(root, 'bin'), path.join(root, 'probe-bin')].join(path.delimiter),
      findInstalled: installed,
    });
    expect(found).toEqual({
      ffmpeg: path.join(root, 'bin', 'ffmpeg'),
      source: 'PATH',
      ffprobe: path.join(root, 'probe-bin', 'ffprobe'),
    });
  });

  it('falls back to @ffmpeg-installer/ffmpeg, probing with ffmpeg itself when no ffprobe exists', async () => {
    const found = await resolveFfmpeg({
      searchPath: path.join(root, 'nothing'),
      findInstalled: installed,
    });
    expect(found).toEqual({
      ffmpeg: installed(),
      source: '@ffmpeg-installer/ffmpeg',
      ffprobe: null,
    });
    expect(describeFfmpeg(found)).toContain("none (ffmpeg's report is parsed)");
  });

  it('stops start-up on a FFMPEG_PATH that is not executable', async () => {
    await expect(resolveFfmpeg({ ffmpegPath: path.join(root, 'missing') })).rejects.toThrow(
      'is not an executable file',
    );
  });
});

describe('running a media tool', () => {
  it('rejects with the exit code and the end of stderr', async () => {
    const error = await runMediaTool('/bin/sh', ['-c', 'echo broken input >&2; exit 3']).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).exitCode).toBe(3);
    expect((error as FfmpegError).message).toContain('broken input');
  });

  it('kills the child when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const running = runMediaTool('/bin/sleep', ['30'], { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stopping')), 50);
    await expect(running).rejects.toThrow('stopping');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('runs background work (a transcript draft) at the niceness it is given, 19 by default', async () => {
    // coreutils' nice without a command prints the niceness it runs at; `nice -n` adds to ours.
    const own = Number((await runMediaTool('nice', [])).stdout.trim());
    expect(own).toBeLessThan(BACKGROUND_NICENESS);
    const background = await runMediaTool('nice', [], { niceness: BACKGROUND_NICENESS });
    expect(background.stdout.trim()).toBe(String(BACKGROUND_NICENESS));
    expect(BACKGROUND_NICENESS).toBe(19);
    const milder = await runMediaTool('nice', [], { niceness: 5 });
    expect(Number(milder.stdout.trim())).toBe(Math.min(own + 5, 19));
    const unset = await runMediaTool('nice', [], { niceness: 0 });
    expect(Number(unset.stdout.trim())).toBe(own);
  });
});

/** Whether a process of that id still runs (a zombie, dead but not yet reaped, does not). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

// Issue 43, item 8: a studio killed mid-transcode (kill -9) left its ffmpeg running beside the
// job's retry. The tool now gets the kernel's parent-death signal (setpriv --pdeathsig).
describe.runIf(findParentDeathWrapper() !== null)('a media tool of a killed process', () => {
  it('dies with the process that started it, even by kill -9', async () => {
    // A process that starts a long "tool" through runMediaTool and reports the tool's pid.
    const script = [
      `const { runMediaTool } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'ffmpeg.ts'))});`,
      "runMediaTool('/bin/sh', ['-c', 'echo $$ >&2; exec sleep 600'], {",
      '  onStderr: (chunk) => process.stdout.write(chunk),',
      '});',
    ].join('\n');
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const toolPid = await new Promise<number>((resolve, reject) => {
      let output = '';
      parent.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const match = /^(\d+)\n/.exec(output);
        if (match) {
          resolve(Number(match[1]));
        }
      });
      parent.once('exit', () => reject(new Error(`The parent ended first: ${output}`)));
    });
    expect(isRunning(toolPid)).toBe(true);
    const exited = new Promise((resolve) => parent.once('exit', resolve));
    parent.kill('SIGKILL');
    await exited;
    try {
      // The limit bounds a hang; the kernel signals the tool as its parent exits.
      await expect.poll(() => isRunning(toolPid), { timeout: 10_000 }).toBe(false);
    } finally {
      if (isRunning(toolPid)) {
        process.kill(toolPid, 'SIGKILL');
      }
    }
  });
});
