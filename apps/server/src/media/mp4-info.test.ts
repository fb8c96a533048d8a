import { execFile } from 'node:child_process';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeTempDir, makeTestVideo, TEST_FFMPEG } from '../../test/upload.fixtures.ts';
import { readMp4Info } from './mp4-info.ts';
import { probeMedia } from './probe.ts';

const run = promisify(execFile);

/** An MP4 of the given size and length, moov first (fast start) or last (ffmpeg's default). */
async function makeMp4(dir: string, size: string, seconds: number, fastStart: boolean) {
  const file = path.join(dir, `${size}-${seconds}-${fastStart ? 'fast' : 'plain'}.mp4`);
  await run(TEST_FFMPEG, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...(fastStart ? ['-movflags', '+faststart'] : []),
    file,
  ]);
  return file;
}

describe('reading an MP4 in process', () => {
  it('finds the duration and picture size ffmpeg reports, with moov first or last', async () => {
    const dir = await makeTempDir('conversa-mp4-info-');
    for (const [size, seconds, fastStart] of [
      ['640x360', 3, true],
      ['240x320', 1.5, false],
    ] as const) {
      const file = await makeMp4(dir, size, seconds, fastStart);
      const [width, height] = size.split('x').map(Number);
      const info = await readMp4Info(file);
      expect(info?.video).toEqual({ width, height });
      const probed = await probeMedia(
        { ffmpeg: TEST_FFMPEG, source: 'FFMPEG_PATH', ffprobe: null },
        file,
      );
      // Whole milliseconds, as processing stores them; ffmpeg's report rounds to centiseconds and may take the longest stream.
      expect(Math.abs(info!.durationSeconds - probed!.durationSeconds!)).toBeLessThanOrEqual(0.05);
    }
  });

  it('reads no video in a sound-only MP4, and nothing in a file that is no MP4', async () => {
    const dir = await makeTempDir('conversa-mp4-info-');
    const video = await makeTestVideo(dir, { name: 'source.mp4' });
    const audioOnly = path.join(dir, 'sound.mp4');
    await run(TEST_FFMPEG, ['-v', 'error', '-y', '-i', video, '-vn', '-c:a', 'aac', audioOnly]);
    expect(await readMp4Info(audioOnly)).toMatchObject({ video: null });
    const text = path.join(dir, 'notes.mp4');
    await writeFile(text, 'these are not the boxes you are looking for');
    expect(await readMp4Info(text)).toBeNull();
  });
});
