import { execFile } from 'node:child_process';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_DURATION_SECONDS, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { buildSrt, makeTempDir, makeTestVideo, TEST_FFMPEG } from '../../test/upload.fixtures.ts';
import {
  buildCaptionsArgs,
  buildTranscodeArgs,
  processVideoFile,
  VideoRejectedError,
} from './transcode.ts';
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
    expect(args).not.toContain('0:s:');
    expect(args).not.toContain('captions.vtt');
  });

  it('make WebVTT captions of the chosen subtitle stream in a run of their own, cut at the same limit', () => {
    const args = buildCaptionsArgs('/in/film.mkv', '/out', { index: 2, codec: 'subrip' });
    expect(args.join(' ')).toMatch(
      new RegExp(
        `-i /in/film\\.mkv -t ${VIDEO_MAX_DURATION_SECONDS + 1} -map 0:s:2 -c:s webvtt /out/captions\\.vtt$`,
      ),
    );
    expect(args).not.toContain('libx264');
  });
});

const CUE_TEXT = 'Hello from the captions';
const SUBTITLES = [
  { startSeconds: 0, endSeconds: 1, text: CUE_TEXT },
  { startSeconds: 1, endSeconds: 2, text: 'And goodbye' },
];

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

  it('writes captions.vtt from a mov_text subtitle stream', async () => {
    const dir = await makeTempDir('conversa-transcode-');
    const input = await makeTestVideo(dir, { subtitles: SUBTITLES });
    const out = await makeTempDir('conversa-transcode-out-');
    const result = await processVideoFile(binaries, input, out);
    expect(result.durationMs).toBeGreaterThan(1900);
    expect((await readdir(out)).sort()).toEqual([
      'audio.wav',
      'captions.vtt',
      'poster.jpg',
      'video.mp4',
    ]);
    const vtt = await readFile(`${out}/captions.vtt`, 'utf8');
    expect(vtt).toMatch(/^WEBVTT/);
    expect(vtt).toMatch(new RegExp(`00:00\\.000 --> 00:01\\.000\\s+${CUE_TEXT}`));
    expect(vtt).toContain('And goodbye');
    expect(result.files.captions).toEqual({
      name: 'captions.vtt',
      contentType: 'text/vtt',
      sizeBytes: Buffer.byteLength(vtt),
    });
    // The MP4 carries no subtitle stream of its own: captions are served beside it.
    expect((await probeMedia(binaries, `${out}/video.mp4`))!.subtitle).toBeNull();
  });

  it('takes the first text stream of an MKV (ASS here), keeping its words and not its styling', async () => {
    const dir = await makeTempDir('conversa-transcode-');
    const first = `${dir}/first.srt`;
    const second = `${dir}/second.srt`;
    await writeFile(
      first,
      buildSrt([{ startSeconds: 0, endSeconds: 2, text: `<i>${CUE_TEXT}</i>` }]),
    );
    await writeFile(second, buildSrt([{ startSeconds: 0, endSeconds: 2, text: 'Second track' }]));
    const input = `${dir}/film.mkv`;
    await promisify(execFile)(TEST_FFMPEG, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=duration=2', '-i', first, '-i', second],
      ...['-map', '0', '-map', '1', '-map', '2', '-map', '3'],
      ...['-c:v', 'libvpx', '-c:a', 'libopus', '-c:s:0', 'ass', '-c:s:1', 'subrip', input],
    ]);
    const out = await makeTempDir('conversa-transcode-out-');
    const result = await processVideoFile(binaries, input, out);
    expect(result.files.captions).toMatchObject({ name: 'captions.vtt' });
    const vtt = await readFile(`${out}/captions.vtt`, 'utf8');
    expect(vtt).toContain(CUE_TEXT);
    expect(vtt).not.toContain('Second track');
    // ASS override codes ({\i1}) and event fields never reach the captions.
    expect(vtt).not.toMatch(/Dialogue:|\{\\/);
  });

  it('makes no captions for a video without subtitles', async () => {
    const dir = await makeTempDir('conversa-transcode-');
    const input = await makeTestVideo(dir);
    const out = await makeTempDir('conversa-transcode-out-');
    const result = await processVideoFile(binaries, input, out);
    expect(result.files.captions).toBeUndefined();
    expect(await readdir(out)).not.toContain('captions.vtt');
  });

  it('keeps the video when its subtitle stream will not convert, and says so in the log', async () => {
    const dir = await makeTempDir('conversa-transcode-');
    const input = await makeTestVideo(dir, { subtitles: SUBTITLES });
    // An ffmpeg whose WebVTT encoder fails: whatever breaks the captions must not break the video.
    const brokenCaptions = `${dir}/ffmpeg-without-webvtt.sh`;
    await writeFile(
      brokenCaptions,
      `#!/bin/sh\ncase "$*" in *webvtt*) echo "webvtt: broken" >&2; exit 1;; esac\nexec ${installedFfmpeg} "$@"\n`,
    );
    await chmod(brokenCaptions, 0o755);
    const out = await makeTempDir('conversa-transcode-out-');
    const logged: string[] = [];
    const result = await processVideoFile(
      { ...binaries, ffmpeg: brokenCaptions },
      input,
      out,
      undefined,
      (message) => logged.push(message),
    );
    expect((await readdir(out)).sort()).toEqual(['audio.wav', 'poster.jpg', 'video.mp4']);
    expect(result.files.captions).toBeUndefined();
    expect(result.durationMs).toBeGreaterThan(1900);
    expect(logged).toEqual([
      expect.stringMatching(
        /^captions from subtitle stream 0 \(mov_text\) failed, going on without: /,
      ),
    ]);
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
