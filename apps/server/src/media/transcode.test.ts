import { execFile } from 'node:child_process';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { VIDEO_MAX_DURATION_SECONDS, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { buildSrt, makeTempDir, makeTestVideo, TEST_FFMPEG } from '../../test/upload.fixtures.ts';
import {
  buildCaptionsArgs,
  buildPosterArgs,
  buildTranscodeArgs,
  needsPosterRun,
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

  it('write the poster from the same decode (first frame at or after 1 s, scaled like the MP4) and print the input report', () => {
    const args = buildTranscodeArgs('/in/take.webm', '/out');
    const scale = args[args.indexOf('-vf') + 1]!;
    expect(scale).toMatch(/^scale=/);
    expect(args.join(' ')).toMatch(
      /pcm_s16le \/out\/audio\.wav -map 0:v:0 -vf select='gte\(t,1\)',scale=\S+ -frames:v 1 -q:v 3 \/out\/poster\.jpg$/,
    );
    expect(args[args.lastIndexOf('-vf') + 1]).toBe(`select='gte(t,1)',${scale}`);
    // The input report (the probe) is printed at info level; progress lines are not.
    expect(args.slice(0, args.indexOf('-i')).join(' ')).toMatch(/-nostats .*-v info/);
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
  });

  it('leave only a video under two seconds to a poster run of its own', () => {
    expect(needsPosterRun(1.99)).toBe(true);
    expect(needsPosterRun(0.5)).toBe(true);
    expect(needsPosterRun(2)).toBe(false);
    expect(buildPosterArgs('/out/video.mp4', '/out', 1.5).join(' ')).toContain(
      '-ss 0.750 -i /out/video.mp4 -frames:v 1',
    );
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

  it('takes the poster a second in, or halfway through a video under two seconds', async () => {
    const dir = await makeTempDir('conversa-poster-');
    /** PSNR of the poster against the MP4's own frame `seconds` in (higher: more alike). */
    const likeness = async (out: string, seconds: number) => {
      const frame = `${out}/frame-${seconds}.png`;
      await promisify(execFile)(TEST_FFMPEG, [
        ...['-v', 'error', '-y', '-ss', seconds.toFixed(3), '-i', `${out}/video.mp4`],
        ...['-frames:v', '1', frame],
      ]);
      const { stderr } = await promisify(execFile)(TEST_FFMPEG, [
        ...['-hide_banner', '-i', `${out}/poster.jpg`, '-i', frame],
        ...['-lavfi', 'psnr', '-f', 'null', '-'],
      ]);
      const average = /PSNR .*average:(\S+)/.exec(stderr)![1]!;
      return average === 'inf' ? Infinity : Number(average);
    };
    for (const [seconds, at] of [
      [3, 1],
      [1.2, 0.6],
      [0.6, 0.3],
    ] as const) {
      const input = await makeTestVideo(dir, { seconds, name: `poster-${seconds}.mp4` });
      const out = await makeTempDir('conversa-poster-out-');
      const result = await processVideoFile(binaries, input, out);
      expect(result.files.poster.sizeBytes).toBeGreaterThan(0);
      const atPoster = await likeness(out, at);
      // The expected frame (JPEG against H.264: alike, not equal), unlike the frames around it.
      expect(atPoster).toBeGreaterThan(30);
      expect(atPoster).toBeGreaterThan((await likeness(out, at - 0.2)) + 3);
      expect(atPoster).toBeGreaterThan((await likeness(out, at + 0.2)) + 3);
    }
  });

  it('takes the first frame when the picture ends before a second and the sound runs on (a recorded take)', async () => {
    const dir = await makeTempDir('conversa-short-picture-');
    const input = `${dir}/short-picture.mp4`;
    await promisify(execFile)(TEST_FFMPEG, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=0.4:size=320x240:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', input],
    ]);
    const out = await makeTempDir('conversa-short-picture-out-');
    const result = await processVideoFile(binaries, input, out);
    expect(result.durationMs).toBeGreaterThan(2500);
    expect(result.files.poster.sizeBytes).toBeGreaterThan(0);
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
