import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MAX_DURATION_SECONDS, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { makeTempDir, makeTestVideo, TEST_FFMPEG } from '../../test/upload.fixtures.ts';
import {
  findDurationProblem,
  findInputProblem,
  parseFfmpegReport,
  parseFfprobeJson,
  probeMedia,
  type MediaProbe,
} from './probe.ts';

const run = promisify(execFile);

describe('input rules (messages a person understands)', () => {
  const probe = (overrides: Partial<MediaProbe>): MediaProbe => ({
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    durationSeconds: 12,
    video: { codec: 'h264', width: 1280, height: 720 },
    hasAudio: true,
    subtitle: null,
    ...overrides,
  });

  it.each([
    ['nothing readable', null, VIDEO_PROCESSING_MESSAGES.notAVideo],
    ['no picture', probe({ video: null }), VIDEO_PROCESSING_MESSAGES.notAVideo],
    [
      'a still image',
      probe({ formatName: 'png_pipe', durationSeconds: null }),
      VIDEO_PROCESSING_MESSAGES.notAVideo,
    ],
    ['no sound', probe({ hasAudio: false }), VIDEO_PROCESSING_MESSAGES.noAudio],
    ['zero seconds', probe({ durationSeconds: 0 }), VIDEO_PROCESSING_MESSAGES.empty],
    [
      'ten minutes and a second',
      probe({ durationSeconds: VIDEO_MAX_DURATION_SECONDS + 1 }),
      VIDEO_PROCESSING_MESSAGES.tooLong,
    ],
    ['exactly ten minutes', probe({ durationSeconds: VIDEO_MAX_DURATION_SECONDS }), null],
    ['an unknown length (MediaRecorder WebM)', probe({ durationSeconds: null }), null],
    ['a good answer', probe({}), null],
  ])('%s', (_label, input, expected) => {
    expect(findInputProblem(input)).toBe(expected);
  });

  it('words the limits as docs/uploads.md documents them', () => {
    expect(VIDEO_PROCESSING_MESSAGES.tooLong).toBe(
      'This video is longer than 10 minutes; answers should be short.',
    );
    expect(findDurationProblem(0.01)).toBe('This video is empty (0 seconds).');
  });
});

describe('probing real files, with ffprobe and with ffmpeg alone', () => {
  let dir: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    dir = await makeTempDir('conversa-probe-');
    files.mp4 = await makeTestVideo(dir);
    files.silent = await makeTestVideo(dir, { hasAudio: false, name: 'silent.mp4' });
    files.text = path.join(dir, 'notes.txt');
    await writeFile(files.text, 'not a video\n');
    files.webm = path.join(dir, 'take.webm');
    files.cover = path.join(dir, 'song.mp3');
    files.captioned = await makeTestVideo(dir, {
      name: 'captioned.mp4',
      subtitles: [{ startSeconds: 0, endSeconds: 2, text: 'Hello from the captions' }],
    });
    await run(TEST_FFMPEG, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:v',
      'libvpx',
      '-c:a',
      'libopus',
      '-shortest',
      files.webm,
    ]);
    // An audio file with cover art: its "video" stream is one attached picture.
    await run(TEST_FFMPEG, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:duration=0.04',
      '-map',
      '0',
      '-map',
      '1',
      '-c:a',
      'libmp3lame',
      '-c:v',
      'mjpeg',
      '-disposition:v',
      'attached_pic',
      files.cover,
    ]);
  });

  const binaries = {
    ffprobe: { ffmpeg: TEST_FFMPEG, source: 'PATH' as const, ffprobe: '/usr/bin/ffprobe' },
    'ffmpeg alone': { ffmpeg: TEST_FFMPEG, source: 'PATH' as const, ffprobe: null },
  };

  it.each(Object.keys(binaries) as Array<keyof typeof binaries>)('with %s', async (mode) => {
    const found = async (name: string) => probeMedia(binaries[mode], files[name]!);
    expect(await found('mp4')).toMatchObject({
      video: { codec: 'h264', width: 320, height: 240 },
      hasAudio: true,
    });
    expect((await found('mp4'))!.durationSeconds).toBeCloseTo(2, 0);
    expect(await found('webm')).toMatchObject({ video: { codec: 'vp8' }, hasAudio: true });
    expect(findInputProblem(await found('silent'))).toBe(VIDEO_PROCESSING_MESSAGES.noAudio);
    expect(await found('text')).toBeNull();
    expect((await found('mp4'))!.subtitle).toBeNull();
    expect((await found('captioned'))!.subtitle).toEqual({ index: 0, codec: 'mov_text' });
    expect(findInputProblem(await found('cover'))).toBe(VIDEO_PROCESSING_MESSAGES.notAVideo);
  });

  it('reads an ffmpeg report with no duration', () => {
    expect(
      parseFfmpegReport(
        "Input #0, png_pipe, from 'a.png':\n  Duration: N/A, bitrate: N/A\n  Stream #0:0: Video: png, rgb24(pc), 32x32 [SAR 1:1 DAR 1:1], 25 fps\n",
      ),
    ).toEqual({
      formatName: 'png_pipe',
      durationSeconds: null,
      video: { codec: 'png', width: 32, height: 32 },
      hasAudio: false,
      subtitle: null,
    });
  });
});

describe('a probe stopped by a signal', () => {
  it('fails the run instead of calling the file unreadable (which would delete the upload)', async () => {
    const dir = await makeTempDir('conversa-probe-killed-');
    const killed = path.join(dir, 'killed-probe.sh');
    await writeFile(killed, '#!/bin/sh\nkill -TERM $$\n', { mode: 0o755 });
    const video = await makeTestVideo(dir);
    for (const binaries of [
      { ffmpeg: TEST_FFMPEG, ffprobe: killed, source: 'FFMPEG_PATH' as const },
      { ffmpeg: killed, ffprobe: null, source: 'FFMPEG_PATH' as const },
    ]) {
      await expect(probeMedia(binaries, video)).rejects.toThrow(
        'killed-probe.sh was stopped by a signal before it finished',
      );
    }
  });
});

describe('the first text subtitle stream (the source of captions)', () => {
  const VIDEO_LINES = [
    "Input #0, matroska,webm, from 'in.mkv':",
    '  Duration: 00:00:02.00, start: 0.000000, bitrate: 100 kb/s',
    '  Stream #0:0: Video: vp8, yuv420p(tv, progressive), 320x240, SAR 1:1 DAR 4:3, 25 fps',
    '  Stream #0:1: Audio: opus, 48000 Hz, mono, fltp',
  ];
  const reportLine = (stream: number, codec: string) =>
    `  Stream #0:${stream}(eng): Subtitle: ${codec}`;
  const ffprobeJson = (codecs: string[]) =>
    JSON.stringify({
      format: { format_name: 'matroska,webm', duration: '2.000000' },
      streams: [
        { codec_type: 'video', codec_name: 'vp8', width: 320, height: 240 },
        { codec_type: 'audio', codec_name: 'opus' },
        ...codecs.map((codec) => ({ codec_type: 'subtitle', codec_name: codec })),
      ],
    });
  const ffmpegReport = (codecs: string[]) =>
    [...VIDEO_LINES, ...codecs.map((codec, index) => reportLine(index + 2, codec))].join('\n');

  it.each([
    ['no subtitle streams', [], null],
    [
      'MP4 timed text',
      ['mov_text (tx3g / 0x67337874), 0 kb/s (default)'],
      { index: 0, codec: 'mov_text' },
    ],
    ['SubRip in MKV', ['subrip'], { index: 0, codec: 'subrip' }],
    ['WebVTT in WebM', ['webvtt (default)'], { index: 0, codec: 'webvtt' }],
    ['ASS', ['ass'], { index: 0, codec: 'ass' }],
    ['SSA', ['ssa'], { index: 0, codec: 'ssa' }],
    ['plain text', ['text'], { index: 0, codec: 'text' }],
    ['a DVD bitmap track only', ['dvd_subtitle'], null],
    [
      'Blu-ray and DVB bitmaps before a text track (counted in the index)',
      ['hdmv_pgs_subtitle (pgssub)', 'dvb_subtitle', 'subrip'],
      { index: 2, codec: 'subrip' },
    ],
    ['the first of two text tracks', ['ass', 'subrip (default)'], { index: 0, codec: 'ass' }],
  ])('%s', (_label, streams, expected) => {
    const codecs = streams.map((stream) => stream.split(' ')[0]!);
    expect(parseFfprobeJson(ffprobeJson(codecs))!.subtitle).toEqual(expected);
    expect(parseFfmpegReport(ffmpegReport(streams))!.subtitle).toEqual(expected);
  });
});
