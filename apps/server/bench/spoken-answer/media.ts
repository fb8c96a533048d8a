// bench:spoken-answer's data (bench/spoken-answer.ts): the answers' video, and each question spoken
// by espeak-ng as the fake microphone's file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mixNoise, run, UNSEEN_SNR_DB } from '../speech/recordings.ts';
import {
  type SENTENCES,
  LEAD_SECONDS,
  TRAIL_SECONDS,
  type SpokenQuestion,
  args,
} from './options.ts';

/** A 4-s test pattern with a tone, as processing would store it (H.264 and AAC in MP4). */
export async function makeAnswerMedia(dir: string): Promise<{ video: Buffer; poster: Buffer }> {
  const video = path.join(dir, 'answer.mp4');
  const poster = path.join(dir, 'poster.jpg');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-movflags', '+faststart', '-shortest', video],
  ]);
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', video, '-frames:v', '1', poster]);
  return { video: readFileSync(video), poster: readFileSync(poster) };
}

export async function speak(
  dir: string,
  sentence: (typeof SENTENCES)[number],
  voice: string,
): Promise<SpokenQuestion> {
  const base = path.join(dir, `${voice}-${sentence.text.replace(/\W+/g, '-')}`);
  await run('espeak-ng', ['-v', voice, '-s', '160', '-w', `${base}.raw.wav`, sentence.text]);
  // espeak's own quiet around the words is trimmed, so the file's speech ends where it says.
  await run('sox', [
    `${base}.raw.wav`,
    ...['-r', '16000', '-c', '1', '-b', '16', `${base}.speech.wav`],
    ...['silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse'],
  ]);
  const { stdout } = await run('soxi', ['-D', `${base}.speech.wav`]);
  await run('sox', [
    `${base}.speech.wav`,
    `${base}.padded.wav`,
    ...['gain', '-n', '-3', 'pad', String(LEAD_SECONDS), String(TRAIL_SECONDS)],
  ]);
  let spoken = `${base}.padded.wav`;
  if (args.unseen) {
    // The noise runs under the whole file, the quiet before and after the words too; its level
    // is set against the words' own loudness.
    const { stderr } = await run('sox', [`${base}.speech.wav`, '-n', 'gain', '-n', '-3', 'stat']);
    const speechRms = Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)?.[1]);
    await mixNoise(spoken, `${base}.noisy.wav`, {
      snrDb: UNSEEN_SNR_DB,
      noise: 'brownnoise',
      speechRms,
    });
    spoken = `${base}.noisy.wav`;
  }
  await run('sox', [spoken, ...['-r', '48000', '-c', '1', '-b', '16', `${base}.wav`]]);
  return {
    ...sentence,
    voice,
    wav: `${base}.wav`,
    lastWordSeconds: LEAD_SECONDS + Number(stdout.trim()),
  };
}
