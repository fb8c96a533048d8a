import path from 'node:path';
import { VIDEO_MAX_DURATION_SECONDS, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { runMediaTool, type FfmpegBinaries } from './ffmpeg.ts';

/** What processing needs to know of an input file. */
export interface MediaProbe {
  formatName: string;
  /** Null when the container does not say (MediaRecorder's WebM often does not). */
  durationSeconds: number | null;
  video: { codec: string; width: number; height: number } | null;
  hasAudio: boolean;
  /**
   * The first text subtitle stream, by its index among the input's subtitle streams (what
   * `-map 0:s:<index>` counts); bitmap subtitles cannot become WebVTT and are skipped.
   */
  subtitle: { index: number; codec: string } | null;
}

/** Subtitle codecs ffmpeg can turn into WebVTT (MP4 `mov_text`; MKV/WebM text formats). */
export const TEXT_SUBTITLE_CODECS: ReadonlySet<string> = new Set([
  'mov_text',
  'subrip',
  'srt',
  'webvtt',
  'ass',
  'ssa',
  'text',
]);

function findTextSubtitle(codecs: readonly string[]): MediaProbe['subtitle'] {
  const index = codecs.findIndex((codec) => TEXT_SUBTITLE_CODECS.has(codec));
  return index === -1 ? null : { index, codec: codecs[index]! };
}

// Still images read as one-frame "videos"; a picture is not an answer.
const IMAGE_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|gif|webp)($|,)/;

function parseDuration(value: unknown): number | null {
  const seconds = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}

/** Reads ffprobe's JSON (`-show_format -show_streams`). */
export function parseFfprobeJson(json: string): MediaProbe | null {
  let parsed: { format?: { format_name?: string; duration?: string }; streams?: FfprobeStream[] };
  try {
    parsed = JSON.parse(json) as typeof parsed;
  } catch {
    return null;
  }
  if (!parsed.format?.format_name) {
    return null;
  }
  const streams = parsed.streams ?? [];
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const streamDurations = streams
    .map((stream) => parseDuration(stream.duration))
    .filter((value): value is number => value !== null);
  return {
    formatName: parsed.format.format_name,
    durationSeconds:
      parseDuration(parsed.format.duration) ??
      (streamDurations.length > 0 ? Math.max(...streamDurations) : null),
    video:
      video && video.width && video.height
        ? { codec: video.codec_name ?? 'unknown', width: video.width, height: video.height }
        : null,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    subtitle: findTextSubtitle(
      streams
        .filter((stream) => stream.codec_type === 'subtitle')
        .map((stream) => stream.codec_name ?? 'unknown'),
    ),
  };
}

/** Reads the input report ffmpeg prints with `-i` alone (when no ffprobe is installed). */
export function parseFfmpegReport(stderr: string): MediaProbe | null {
  const input = /Input #0, ([^,\s][^ ]*?), from /.exec(stderr);
  if (!input) {
    return null;
  }
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const videoLine = stderr
    .split('\n')
    .find((line) => /Stream #0:\d+.*: Video: /.test(line) && !line.includes('(attached pic)'));
  const videoMatch = videoLine ? /: Video: (\w+).*?, (\d{1,5})x(\d{1,5})/.exec(videoLine) : null;
  return {
    formatName: input[1]!,
    durationSeconds: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : null,
    video: videoMatch
      ? { codec: videoMatch[1]!, width: Number(videoMatch[2]), height: Number(videoMatch[3]) }
      : null,
    hasAudio: /Stream #0:\d+.*: Audio: /.test(stderr),
    subtitle: findTextSubtitle(
      [...stderr.matchAll(/Stream #0:\d+.*: Subtitle: (\w+)/g)].map((match) => match[1]!),
    ),
  };
}

/** Probes a file; null when it is nothing ffmpeg can read. */
export async function probeMedia(
  binaries: FfmpegBinaries,
  file: string,
  signal?: AbortSignal,
): Promise<MediaProbe | null> {
  if (binaries.ffprobe) {
    const result = await runMediaTool(
      binaries.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { signal, allowFailure: true },
    );
    assertNotKilled(result.exitCode, binaries.ffprobe);
    return result.exitCode === 0 ? parseFfprobeJson(result.stdout) : null;
  }
  // Without an output ffmpeg exits 1 after printing the input report; that is expected here.
  const result = await runMediaTool(binaries.ffmpeg, ['-hide_banner', '-nostdin', '-i', file], {
    signal,
    allowFailure: true,
  });
  assertNotKilled(result.exitCode, binaries.ffmpeg);
  return parseFfmpegReport(result.stderr);
}

/**
 * A probe killed by a signal (the studio's own stop signal reaching its process group, the
 * out-of-memory killer) says nothing about the file: that must not become "not a video we can
 * read", which deletes the person's upload. It fails the run instead, which is tried again.
 */
function assertNotKilled(exitCode: number | null, binary: string): void {
  if (exitCode === null) {
    throw new Error(`${path.basename(binary)} was stopped by a signal before it finished`);
  }
}

/** Slack above the limit, so a video of exactly ten minutes is not refused over rounding. */
const DURATION_TOLERANCE_SECONDS = 0.5;
/** Shorter than a frame at 25 fps counts as empty. */
const MIN_DURATION_SECONDS = 0.04;

/**
 * Why an input cannot become an answer video, or null when it can (so far: an unknown duration
 * is decided after transcoding, on the output).
 */
export function findInputProblem(probe: MediaProbe | null): string | null {
  if (!probe || !probe.video || IMAGE_FORMATS.test(probe.formatName)) {
    return VIDEO_PROCESSING_MESSAGES.notAVideo;
  }
  if (!probe.hasAudio) {
    return VIDEO_PROCESSING_MESSAGES.noAudio;
  }
  return findDurationProblem(probe.durationSeconds);
}

/** The duration rules alone; an unknown duration passes (the output is checked again). */
export function findDurationProblem(durationSeconds: number | null): string | null {
  if (durationSeconds === null) {
    return null;
  }
  if (durationSeconds < MIN_DURATION_SECONDS) {
    return VIDEO_PROCESSING_MESSAGES.empty;
  }
  if (durationSeconds > VIDEO_MAX_DURATION_SECONDS + DURATION_TOLERANCE_SECONDS) {
    return VIDEO_PROCESSING_MESSAGES.tooLong;
  }
  return null;
}
