import { stat } from 'node:fs/promises';
import path from 'node:path';
import { MAX_SPEECH_BYTES, MAX_SPEECH_SECONDS } from '@conversa/contracts';
import { AppError } from '../../http/errors.ts';
import { FfmpegError, runMediaTool } from '../../media/ffmpeg.ts';

/** The recognizers' input: 16 kHz mono 16-bit PCM. */
const SAMPLE_RATE = 16_000;
const WAV_HEADER_BYTES = 44;

export const SPEECH_EMPTY_MESSAGE =
  'No recording was received. Hold the microphone button and speak.';
export const SPEECH_NOT_AUDIO_MESSAGE =
  'This recording is not audio the studio can read (send WebM or Ogg with Opus, or WAV).';
export const SPEECH_TOO_LONG_MESSAGE = `A spoken question can be at most ${MAX_SPEECH_SECONDS} seconds long.`;
export const SPEECH_TOO_LARGE_MESSAGE = `A spoken question can be at most ${MAX_SPEECH_BYTES / 1024 / 1024} MB.`;

/** The content types a recording may be sent as (what MediaRecorder produces, and WAV). */
export const SPEECH_CONTENT_TYPES = [
  'audio/webm',
  'audio/ogg',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/mpeg',
  'audio/mp4',
  'video/webm',
  'application/octet-stream',
] as const;

/**
 * ffmpeg's arguments turning `input`'s first audio stream into the recognizers' samples (16 kHz
 * mono 16-bit, at most MAX_SPEECH_SECONDS and a second), written as `output` says: the upload's
 * WAV file, or a stream's raw samples on a pipe (speech-stream.ts).
 */
export function speechConversionArgs(input: string[], output: string[]): string[] {
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', ...input],
    ...['-map', '0:a:0', '-vn', '-t', String(MAX_SPEECH_SECONDS + 1)],
    ...['-ac', '1', '-ar', String(SAMPLE_RATE), '-c:a', 'pcm_s16le', ...output],
  ];
}

/**
 * Converts a recording to the recognizers' 16 kHz mono WAV with ffmpeg (a child process). An
 * input ffmpeg cannot read, or without an audio stream, is 415; past 30 seconds, 413. Only the
 * first 30 s and a little are decoded, so a long recording costs no more than a short one.
 */
export async function convertToSpeechWav(
  ffmpeg: string,
  inputFile: string,
  workDir: string,
  signal: AbortSignal,
): Promise<{ wavFile: string; seconds: number }> {
  const wavFile = path.join(workDir, 'speech.wav');
  try {
    await runMediaTool(
      ffmpeg,
      speechConversionArgs(
        ['-i', inputFile],
        [
          // A plain 44-byte header (no LIST chunk naming the encoder): a waiting decoder skips
          // exactly that many bytes (warm-decoder.ts).
          '-fflags',
          '+bitexact',
          '-map_metadata',
          '-1',
          '-f',
          'wav',
          '-y',
          wavFile,
        ],
      ),
      { signal },
    );
  } catch (error) {
    if (error instanceof FfmpegError) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', SPEECH_NOT_AUDIO_MESSAGE);
    }
    throw error;
  }
  const { size } = await stat(wavFile);
  const seconds = Math.max(0, size - WAV_HEADER_BYTES) / (SAMPLE_RATE * 2);
  if (seconds > MAX_SPEECH_SECONDS) {
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', SPEECH_TOO_LONG_MESSAGE);
  }
  if (seconds === 0) {
    throw new AppError(400, 'BAD_REQUEST', SPEECH_EMPTY_MESSAGE);
  }
  return { wavFile, seconds };
}
