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
import { runMediaTool, type FfmpegBinaries } from './ffmpeg.ts';
import { readMp4Info } from './mp4-info.ts';
import { findDurationProblem, findInputProblem, probeMedia, type MediaProbe } from './probe.ts';

/** The longer side of the MP4 is at most this many pixels (1080p landscape or portrait). */
export const MAX_VIDEO_SIDE = 1920;

// Landscape: width capped, height follows; portrait: the other way round. -2 keeps the aspect
// ratio with an even size, which yuv420p needs; trunc(x/2)*2 makes the capped side even too.
const SCALE_FILTER =
  `scale=w='if(gte(iw,ih),min(${MAX_VIDEO_SIDE},trunc(iw/2)*2),-2)'` +
  `:h='if(gte(iw,ih),-2,min(${MAX_VIDEO_SIDE},trunc(ih/2)*2))'`;

/**
 * One ffmpeg run that reads the input once and writes the H.264/AAC MP4 with fast start (what
 * every browser and phone plays) and the speech track (16 kHz mono PCM, what speech recognisers
 * take). Every output is cut one second past the duration limit, so an input whose container does
 * not state its length cannot keep a worker busy for hours before the limit is checked. It starts
 * beside the input's probe, before the probe has said whether there are subtitles: captions are a
 * run of their own (buildCaptionsArgs).
 */
export function buildTranscodeArgs(input: string, outputDir: string): string[] {
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

/** A poster frame from the finished MP4, a second in (or halfway through a shorter video). */
export function buildPosterArgs(
  video: string,
  outputDir: string,
  durationSeconds: number,
): string[] {
  const at = Math.min(1, durationSeconds / 2).toFixed(3);
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

/**
 * Validates the input (not a video, no sound, empty, too long), transcodes it and takes the
 * poster, writing everything into `outputDir`; captions too when the input has a text subtitle
 * stream. Throws VideoRejectedError for inputs a person must fix, anything else for failures worth
 * retrying.
 *
 * Where the time goes (issue 21: at most 1.1x the bare ffmpeg commands): the input's probe runs
 * beside the transcode, which is stopped and its files removed if the probe refuses the input;
 * the MP4's duration and size are read in process from its moov box (readMp4Info), not by a second
 * ffprobe; the poster and the captions run side by side.
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
  const transcoding = runMediaTool(binaries.ffmpeg, buildTranscodeArgs(input, outputDir), {
    signal: transcodeSignal,
  });
  // Awaited below on every path; this only keeps an early failure from going unhandled meanwhile.
  transcoding.catch(() => undefined);
  let probe: MediaProbe | null;
  try {
    probe = await probeMedia(binaries, input, signal);
  } catch (error) {
    stopTranscode.abort(error);
    await transcoding.catch(() => undefined);
    throw error;
  }
  const inputProblem = findInputProblem(probe);
  if (inputProblem) {
    const rejection = new VideoRejectedError(inputProblem);
    stopTranscode.abort(rejection);
    await transcoding.catch(() => undefined);
    await removeOutputs(outputDir);
    throw rejection;
  }
  await transcoding;
  const videoFile = path.join(outputDir, MEDIA_FILES.video.name);
  const output = await readMp4Info(videoFile);
  if (!output?.video) {
    throw new VideoRejectedError(VIDEO_PROCESSING_MESSAGES.notAVideo);
  }
  const { durationSeconds } = output;
  const durationProblem = findDurationProblem(durationSeconds);
  if (durationProblem) {
    throw new VideoRejectedError(durationProblem);
  }
  const subtitle = probe?.subtitle ?? null;
  const [hasCaptions] = await Promise.all([
    subtitle ? makeCaptions(binaries, input, outputDir, subtitle, signal, log) : false,
    runMediaTool(binaries.ffmpeg, buildPosterArgs(videoFile, outputDir, durationSeconds), {
      signal,
    }),
  ]);
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
