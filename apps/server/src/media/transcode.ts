import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  MEDIA_FILES,
  OPTIONAL_MEDIA_FILES,
  VIDEO_MAX_DURATION_SECONDS,
  VIDEO_PROCESSING_MESSAGES,
  type MediaFileRole,
  type MediaFiles,
} from '@conversa/contracts';
import { FfmpegError, runMediaTool, type FfmpegBinaries } from './ffmpeg.ts';
import { readMp4Info } from './mp4-info.ts';
import {
  findDurationProblem,
  findInputProblem,
  parseFfmpegReport,
  type MediaProbe,
} from './probe.ts';

/** The longer side of the MP4 is at most this many pixels (1080p landscape or portrait). */
export const MAX_VIDEO_SIDE = 1920;

// Landscape: width capped, height follows; portrait: the other way round. -2 keeps the aspect
// ratio with an even size, which yuv420p needs; trunc(x/2)*2 makes the capped side even too.
const SCALE_FILTER =
  `scale=w='if(gte(iw,ih),min(${MAX_VIDEO_SIDE},trunc(iw/2)*2),-2)'` +
  `:h='if(gte(iw,ih),-2,min(${MAX_VIDEO_SIDE},trunc(ih/2)*2))'`;

/**
 * Where the poster is taken: a second in, or halfway through a video shorter than two seconds.
 * The transcode's own poster output (below) takes the first frame at or after one second; a
 * shorter video gets its poster from the finished MP4 in a run of its own (buildPosterArgs).
 */
const POSTER_SECONDS = 1;

/** True when the transcode's poster is not the right frame (or none): a video under 2 s. */
export function needsPosterRun(durationSeconds: number): boolean {
  return durationSeconds < POSTER_SECONDS * 2;
}

/**
 * One ffmpeg run that reads and decodes the input once and writes the H.264/AAC MP4 with fast
 * start (what every browser and phone plays), the speech track (16 kHz mono PCM, what speech
 * recognisers take) and the poster (the first frame at or after one second, scaled as the MP4 is;
 * `select` comes first so only that frame is scaled). Every output is cut one second past the
 * duration limit, so an input whose container does not state its length cannot keep a worker
 * busy for hours before the limit is checked.
 *
 * At `-v info` ffmpeg prints its report of the input first (format, duration, streams): that is
 * the probe (parseFfmpegReport), read while the transcode runs, so no ffprobe process competes
 * with the encoder for the CPU. Captions are a run of their own (buildCaptionsArgs), started as
 * soon as that report names a text subtitle stream: a stream that will not convert must not fail
 * the video.
 */
export function buildTranscodeArgs(input: string, outputDir: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-y',
    '-v',
    'info',
    '-i',
    input,
    '-t',
    String(VIDEO_MAX_DURATION_SECONDS + 1),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0',
    '-vf',
    SCALE_FILTER,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-movflags',
    '+faststart',
    path.join(outputDir, MEDIA_FILES.video.name),
    '-t',
    String(VIDEO_MAX_DURATION_SECONDS + 1),
    '-map',
    '0:a:0',
    '-vn',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    path.join(outputDir, MEDIA_FILES.audio.name),
    '-map',
    '0:v:0',
    '-vf',
    `select='gte(t,${POSTER_SECONDS})',${SCALE_FILTER}`,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    path.join(outputDir, MEDIA_FILES.poster.name),
  ];
}

/** WebVTT captions of the input's chosen text subtitle stream, cut at the same limit. */
export function buildCaptionsArgs(
  input: string,
  outputDir: string,
  subtitle: NonNullable<MediaProbe['subtitle']>,
): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-i',
    input,
    '-t',
    String(VIDEO_MAX_DURATION_SECONDS + 1),
    '-map',
    `0:s:${subtitle.index}`,
    '-c:s',
    'webvtt',
    path.join(outputDir, OPTIONAL_MEDIA_FILES.captions.name),
  ];
}

/**
 * A poster frame from the finished MP4, halfway through a video shorter than two seconds (a
 * second in otherwise; the transcode writes that one itself, see needsPosterRun).
 */
export function buildPosterArgs(
  video: string,
  outputDir: string,
  durationSeconds: number,
): string[] {
  const at = Math.min(POSTER_SECONDS, durationSeconds / 2).toFixed(3);
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-v',
    'error',
    '-ss',
    at,
    '-i',
    video,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    path.join(outputDir, MEDIA_FILES.poster.name),
  ];
}

/** A video a person cannot use as an answer; the message is shown to them as it is. */
export class VideoRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoRejectedError';
  }
}

export interface ProcessedVideo {
  durationMs: number;
  width: number;
  height: number;
  files: MediaFiles<{ name: string; contentType: string; sizeBytes: number }>;
}

/** A WebVTT file with at least one cue; a subtitle track with no text makes no captions. */
async function hasCues(file: string): Promise<boolean> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.startsWith('WEBVTT') && text.includes('-->');
}

/** Removes what an abandoned transcode may have written, so a refused input leaves nothing. */
async function removeOutputs(outputDir: string): Promise<void> {
  const names = [
    ...Object.values(MEDIA_FILES).map((file) => file.name),
    OPTIONAL_MEDIA_FILES.captions.name,
  ];
  await Promise.all(names.map((name) => rm(path.join(outputDir, name), { force: true })));
}

/**
 * Captions from the input's text subtitle stream; false (logged) when the stream will not
 * convert or holds no cue: captions are a bonus, never a reason to fail the video.
 */
async function makeCaptions(
  binaries: FfmpegBinaries,
  input: string,
  outputDir: string,
  subtitle: NonNullable<MediaProbe['subtitle']>,
  signal: AbortSignal | undefined,
  log: (message: string) => void,
): Promise<boolean> {
  const captionsFile = path.join(outputDir, OPTIONAL_MEDIA_FILES.captions.name);
  try {
    await runMediaTool(binaries.ffmpeg, buildCaptionsArgs(input, outputDir, subtitle), { signal });
  } catch (error) {
    if (signal?.aborted) {
      throw error;
    }
    log(
      `captions from subtitle stream ${subtitle.index} (${subtitle.codec}) failed, going on without: ${(error as Error).message}`,
    );
    await rm(captionsFile, { force: true });
    return false;
  }
  if (!(await hasCues(captionsFile))) {
    await rm(captionsFile, { force: true });
    return false;
  }
  return true;
}

/** ffmpeg prints this right after its report of the inputs, before it starts encoding. */
const END_OF_INPUT_REPORT = /^Stream mapping:/m;
/** The head of stderr kept for the input report (a report is a few KiB, metadata included). */
const REPORT_LIMIT = 256 * 1024;

/**
 * Validates the input (not a video, no sound, empty, too long), transcodes it and takes the
 * poster, writing everything into `outputDir`; captions too when the input has a text subtitle
 * stream. Throws VideoRejectedError for inputs a person must fix, anything else for failures worth
 * retrying.
 *
 * Where the time goes (issue 21: at most 1.1x the bare ffmpeg command): one ffmpeg process does
 * the work (buildTranscodeArgs: MP4, speech track and poster from one decode). Its own report of
 * the input is the probe: read as soon as it is printed, it stops the transcode (files removed) if
 * the input cannot be an answer, and starts the captions' run beside the transcode when there is a
 * text subtitle stream. The MP4's duration and size are read in process from its moov box
 * (readMp4Info). Only a video shorter than two seconds takes a second run for its poster.
 */
export async function processVideoFile(
  binaries: FfmpegBinaries,
  input: string,
  outputDir: string,
  signal?: AbortSignal,
  log: (message: string) => void = () => undefined,
): Promise<ProcessedVideo> {
  const stopTranscode = new AbortController();
  const transcodeSignal = signal
    ? AbortSignal.any([signal, stopTranscode.signal])
    : stopTranscode.signal;
  // Captions stop with the transcode when it fails: the job fails (or is refused) as a whole.
  const stopCaptions = new AbortController();
  const captionsSignal = signal
    ? AbortSignal.any([signal, stopCaptions.signal])
    : stopCaptions.signal;
  let report = '';
  // Set from ffmpeg's stderr while the transcode runs (an object, so the checks below see them).
  const early: { rejection: VideoRejectedError | null; captioning: Promise<boolean> | null } = {
    rejection: null,
    captioning: null,
  };
  const readReport = () => {
    const probe = parseFfmpegReport(report);
    const problem = findInputProblem(probe);
    if (problem) {
      early.rejection = new VideoRejectedError(problem);
      stopTranscode.abort(early.rejection);
      return;
    }
    if (probe?.subtitle) {
      early.captioning = makeCaptions(
        binaries,
        input,
        outputDir,
        probe.subtitle,
        captionsSignal,
        log,
      );
      // Awaited below on every path; this only keeps an early failure unhandled meanwhile.
      early.captioning.catch(() => undefined);
    }
  };
  let isReportRead = false;
  const transcoding = runMediaTool(binaries.ffmpeg, buildTranscodeArgs(input, outputDir), {
    signal: transcodeSignal,
    onStderr: (chunk) => {
      if (isReportRead || report.length >= REPORT_LIMIT) {
        return;
      }
      report += chunk;
      if (END_OF_INPUT_REPORT.test(report)) {
        isReportRead = true;
        readReport();
      }
    },
  });
  try {
    await transcoding;
  } catch (error) {
    stopCaptions.abort(error);
    await early.captioning?.catch(() => undefined);
    if (early.rejection) {
      await removeOutputs(outputDir);
      throw early.rejection;
    }
    // ffmpeg exited on its own before encoding (no video or sound stream to map, not a media
    // file at all): its report says why. A run stopped by a signal says nothing about the file
    // and is retried rather than taken as unreadable, which would delete the person's upload.
    if (!isReportRead && error instanceof FfmpegError && error.exitCode !== null) {
      const problem = findInputProblem(parseFfmpegReport(report));
      if (problem) {
        await removeOutputs(outputDir);
        throw new VideoRejectedError(problem);
      }
    }
    throw error;
  }
  const videoFile = path.join(outputDir, MEDIA_FILES.video.name);
  const posterFile = path.join(outputDir, MEDIA_FILES.poster.name);
  const output = await readMp4Info(videoFile);
  if (!output?.video) {
    stopCaptions.abort();
    await early.captioning?.catch(() => undefined);
    throw new VideoRejectedError(VIDEO_PROCESSING_MESSAGES.notAVideo);
  }
  const { durationSeconds } = output;
  const durationProblem = findDurationProblem(durationSeconds);
  if (durationProblem) {
    stopCaptions.abort();
    await early.captioning?.catch(() => undefined);
    throw new VideoRejectedError(durationProblem);
  }
  const hasPoster = () =>
    stat(posterFile).then(
      (file) => file.size > 0,
      () => false,
    );
  // A video under two seconds, or one whose picture ends before a second (no frame reached the
  // poster output), takes its poster from the finished MP4. A picture that ends before the sound
  // does (a recorded take) has no frame at that point either: a seek past its last frame writes
  // nothing, so its first frame is the poster.
  const writePoster = async () => {
    if (!needsPosterRun(durationSeconds) && (await hasPoster())) {
      return;
    }
    await runMediaTool(binaries.ffmpeg, buildPosterArgs(videoFile, outputDir, durationSeconds), {
      signal,
    });
    if (!(await hasPoster())) {
      await runMediaTool(binaries.ffmpeg, buildPosterArgs(videoFile, outputDir, 0), { signal });
    }
  };
  const [hasCaptions] = await Promise.all([early.captioning ?? false, writePoster()]);
  const describe = async (file: { name: string; contentType: string }) => ({
    ...file,
    sizeBytes: (await stat(path.join(outputDir, file.name))).size,
  });
  const files = {} as ProcessedVideo['files'];
  for (const role of Object.keys(MEDIA_FILES) as MediaFileRole[]) {
    files[role] = await describe(MEDIA_FILES[role]);
  }
  if (hasCaptions) {
    files.captions = await describe(OPTIONAL_MEDIA_FILES.captions);
  }
  return {
    durationMs: Math.round(durationSeconds * 1000),
    width: output.video.width,
    height: output.video.height,
    files,
  };
}
