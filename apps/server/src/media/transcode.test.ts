import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_DURATION_SECONDS, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { makeTempDir, makeTestVideo } from '../modules/uploads/upload.fixtures.ts';
import { buildTranscodeArgs, processVideoFile, VideoRejectedError } from './transcode.ts';
import { probeMedia } from './probe.ts';

const installedFfmpeg = (
  createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }
).path;

describe('transcode arguments', () => {
  it('make an H.264/AAC MP4 with fast start and a 16 kHz mono speech track, cut past the limit', () => {
    const args = buildTranscodeArgs('/in/take.webm', '/out').join(' ');
    expect(args).toContain('-c:v libx264');
    expect(args).toContain('-pix_fmt yuv420p');
    expect(args).toContain('-c:a aac');
    expect(args).toContain('-movflags +faststart /out/video.mp4');
    expect(args).toContain('-ac 1 -ar 16000 -c:a pcm_s16le /out/audio.wav');
    expect(args.match(new RegExp(`-t ${VIDEO_MAX_DURATION_SECONDS + 1} `, 'g'))).toHaveLength(2);
  });
});

describe('processing with the ffmpeg of @ffmpeg-installer/ffmpeg and no ffprobe', () => {
  const binaries = {
    ffmpeg: installedFfmpeg,
    source: '@ffmpeg-installer/ffmpeg' as const,
    ffprobe: null,
  };

  it('makes the MP4, poster and speech track, scaled to even sizes', async () => {
    const dir = await makeTempDir('conversa-transcode-');
    const input = await makeTestVideo(dir, { size: '321x241' });
    const out = await makeTempDir('conversa-transcode-out-');
    const result = await processVideoFile(binaries, input, out);
    expect((await readdir(out)).sort()).toEqual(['audio.wav', 'poster.jpg', 'video.mp4']);
    expect(result).toMatchObject({ width: 320, height: 240 });
    expect(result.durationMs).toBeGreaterThan(1900);
    expect(result.files.video).toMatchObject({ name: 'video.mp4', contentType: 'video/mp4' });
    expect(await probeMedia(binaries, `${out}/audio.wav`)).toMatchObject({
      hasAudio: true,
      video: null,
    });
  });

  it('rejects a silent video before transcoding', async () => {
    const dir = await makeTempDir('conversa-transcode-');
    const input = await makeTestVideo(dir, { hasAudio: false });
    const out = await makeTempDir('conversa-transcode-out-');
    await expect(processVideoFile(binaries, input, out)).rejects.toEqual(
      new VideoRejectedError(VIDEO_PROCESSING_MESSAGES.noAudio),
    );
    expect(await readdir(out)).toEqual([]);
  });
});
