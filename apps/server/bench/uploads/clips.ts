import path from 'node:path';
import { runMediaTool } from '../../src/media/ffmpeg.ts';

export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/** A test-pattern clip with a tone, encoded fast: the video every upload and job measures. */
export async function makeClip(dir: string, seconds: number, size: string): Promise<string> {
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
