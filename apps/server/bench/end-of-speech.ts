// The browser's end of speech (issue 42, item 3), measured off-line: a person reading (the LibriVox
// sentences and spoken card names Debian's pocketsphinx-testdata ships, if installed), and the files
// the speech bench makes: espeak-ng questions with pauses inside them (commas, two clauses), in
// quiet, pink noise at 20 dB and brown noise at 15 dB. Each is run through the same Silero VAD v5 model and
// onnxruntime-web the browser loads, 512 samples at a time, and through apps/web's endpointer.
// Prints the longest pause the VAD hears inside a question (what the hangover must exceed), the
// time from the last word to the question's end with the VAD and with the level rule it replaces,
// and the VAD's CPU per frame. Not a test: `npm run bench:end-of-speech`.
//
// With `--recognize` it also times the studio's recognition after the end (issue 42, item 3),
// for every third espeak-ng recording in quiet and in pink noise: a studio (its own embedded
// PostgreSQL, port BENCH_POSTGRES_PORT or 54377, or DATABASE_URL) with the Life Story template's
// storyfile hears, one at a time, the recording as the hook sends it without speculation (all of
// it up to the VAD's end, WebM/Opus) and with it (the part up to where the last pause began, sent
// then). Prints the last word → recognized text both ways, side by side, with the load average.
//
// Options in end-of-speech/options.ts, the recordings in recordings.ts, the VAD and endpointer in
// vad.ts, the studio's recognition in recognizer.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as ort from 'onnxruntime-web';
import {
  END_OF_SPEECH_HANGOVER_MS,
  NON_SPEECH_PROBABILITY,
  SPEECH_PROBABILITY,
} from '../../web/src/lib/recorded-speech.ts';
import { splitIntoWords } from '../src/modules/speech/language-model.ts';
import { wordEdits } from './speech/measures.ts';
import { WORDS_PER_MINUTE } from './speech/recordings.ts';
import {
  RECOGNIZED_CONDITIONS,
  RECOGNIZE_EVERY,
  FRAME_MS,
  LEVEL_STEP_MS,
  SENTENCES,
  CONDITIONS,
  args,
} from './end-of-speech/options.ts';
import { makeRecordings } from './end-of-speech/recordings.ts';
import {
  loadSilero,
  speechProbabilities,
  lastSpeechEndMs,
  longestInnerPauseMs,
  speculatedAtMs,
  endedAtMs,
  levelsOf,
  median,
} from './end-of-speech/vad.ts';
import { encodeWebm, type Recognizer, startRecognizer } from './end-of-speech/recognizer.ts';

async function main(): Promise<void> {
  console.log(
    `End of speech: a person's readings, then ${SENTENCES.length} questions × 3 voices × ${WORDS_PER_MINUTE.length} rates per condition; Silero VAD v5 (onnxruntime-web ${ort.env.versions.web}, WebAssembly, 1 thread); speech from ${SPEECH_PROBABILITY}, non-speech under ${NON_SPEECH_PROBABILITY}, hangover ${END_OF_SPEECH_HANGOVER_MS} ms`,
  );
  console.log(
    `Load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')} (${availableParallelism()} cores)`,
  );
  const session = await loadSilero();
  const workRoot = await mkdtemp(path.join(tmpdir(), 'conversa-bench-end-of-speech-'));
  const allFrameMs: number[] = [];
  let recognizer: Recognizer | undefined;
  try {
    if (args.recognize) {
      console.log('Preparing the database and the studio (--recognize)');
      recognizer = await startRecognizer();
    }
    for (const condition of CONDITIONS) {
      const recordings = await makeRecordings(condition, workRoot);
      if (recordings.length === 0) {
        console.log(`\n${condition.name}: none (apt-get install pocketsphinx-testdata)`);
        continue;
      }
      const innerPauses: { ms: number; label: string }[] = [];
      const vadDelays: number[] = [];
      const levelDelays: number[] = [];
      let cut = 0;
      let vadNeverEnded = 0;
      let levelNeverEnded = 0;
      const recognized: {
        whole: number;
        speculative: number;
        sameWords: boolean;
        spokeAgain: boolean;
        words: number;
        wholeEdits: number;
        speculativeEdits: number;
      }[] = [];
      const isRecognized = recognizer !== undefined && RECOGNIZED_CONDITIONS.has(condition.name);
      if (isRecognized) {
        // The storyfile's language model is built on its first recording: built before timing.
        await recognizer!.hear(
          await encodeWebm(recordings[0]!.samples, 2_000, path.join(workRoot, 'warm.webm')),
        );
      }
      for (const [index, recording] of recordings.entries()) {
        const { probabilities, msPerFrame } = await speechProbabilities(session, recording.samples);
        allFrameMs.push(...msPerFrame);
        innerPauses.push({ ms: longestInnerPauseMs(probabilities), label: recording.label });
        const lastSpeechMs = lastSpeechEndMs(probabilities);
        const speechEndMs = recording.speechEndMs ?? lastSpeechMs;
        const vadEnd = endedAtMs(function* (endpointer) {
          endpointer.useVoiceActivity();
          for (const [frame, probability] of probabilities.entries()) {
            endpointer.pushSpeechProbability(probability, FRAME_MS);
            yield (frame + 1) * FRAME_MS;
          }
        });
        const levelEnd = endedAtMs(function* (endpointer) {
          for (const [step, level] of levelsOf(recording.samples).entries()) {
            endpointer.pushLevel(level, LEVEL_STEP_MS);
            yield (step + 1) * LEVEL_STEP_MS;
          }
        });
        if (vadEnd === null) {
          vadNeverEnded += 1;
        } else if (vadEnd < Math.min(speechEndMs, lastSpeechMs)) {
          cut += 1;
        } else {
          vadDelays.push(vadEnd - speechEndMs);
        }
        if (levelEnd === null) {
          levelNeverEnded += 1;
        } else {
          levelDelays.push(levelEnd - speechEndMs);
        }
        if (isRecognized && vadEnd !== null && index % RECOGNIZE_EVERY === 0) {
          const speculatedAt = speculatedAtMs(probabilities);
          const file = (name: string) => path.join(workRoot, `${index}-${name}.webm`);
          // One at a time, each on its own: the whole recording the hook sends without
          // speculation at the VAD's end, and the part it sends when the last pause began.
          const whole = await recognizer!.hear(
            await encodeWebm(recording.samples, vadEnd, file('whole')),
          );
          const part =
            speculatedAt === null
              ? null
              : await recognizer!.hear(
                  await encodeWebm(recording.samples, speculatedAt, file('part')),
                );
          const reference = splitIntoWords(recording.sentence ?? '');
          const edits = (text: string) => wordEdits(reference, splitIntoWords(text));
          recognized.push({
            words: reference.length,
            wholeEdits: edits(whole.text),
            speculativeEdits: edits((part ?? whole).text),
            whole: vadEnd - speechEndMs + whole.ms,
            // Awaited at the end if still in flight; without one, the whole recording at the end.
            speculative:
              part === null
                ? vadEnd - speechEndMs + whole.ms
                : Math.max(vadEnd, speculatedAt! + part.ms) - speechEndMs,
            sameWords: part === null || part.text === whole.text,
            spokeAgain: part === null,
          });
        }
      }
      const longest = innerPauses.reduce((a, b) => (b.ms > a.ms ? b : a));
      const voices = condition.voices.length > 0 ? ` (${condition.voices.join(', ')})` : '';
      console.log(`\n${condition.name}${voices}, ${recordings.length} recordings:`);
      console.log(
        `  longest pause the VAD hears inside one: ${Math.round(longest.ms)} ms (${longest.label}); median of each one's longest ${Math.round(median(innerPauses.map((entry) => entry.ms)))} ms`,
      );
      console.log(
        `  cut before the last word with a ${END_OF_SPEECH_HANGOVER_MS} ms hangover: ${cut}; not ended within the recording: ${vadNeverEnded}`,
      );
      console.log(
        `  last word → question ended: VAD median ${Math.round(median(vadDelays))} ms (max ${Math.round(Math.max(...vadDelays))}); level rule median ${Math.round(median(levelDelays))} ms (not ended: ${levelNeverEnded})`,
      );
      if (recognized.length > 0) {
        const whole = recognized.map((entry) => entry.whole);
        const speculative = recognized.map((entry) => entry.speculative);
        console.log(
          `  last word → recognized text (${recognized.length} recordings, one at a time; load average ${loadavg()
            .map((value) => value.toFixed(2))
            .join(', ')}):`,
        );
        console.log(
          `    without speculation (whole recording sent at the VAD's end): median ${Math.round(median(whole))} ms (max ${Math.round(Math.max(...whole))})`,
        );
        console.log(
          `    with speculation (sent when the last pause began):          median ${Math.round(median(speculative))} ms (max ${Math.round(Math.max(...speculative))}); same words as the whole: ${recognized.filter((entry) => entry.sameWords).length} of ${recognized.length}; no speculation to use: ${recognized.filter((entry) => entry.spokeAgain).length}`,
        );
        const words = recognized.reduce((total, entry) => total + entry.words, 0);
        const rate = (key: 'wholeEdits' | 'speculativeEdits') =>
          (recognized.reduce((total, entry) => total + entry[key], 0) / words).toFixed(2);
        console.log(
          `    word error rate: whole ${rate('wholeEdits')}, speculative ${rate('speculativeEdits')} (${words} words)`,
        );
      }
    }
    console.log(
      `\nVAD CPU: median ${median(allFrameMs).toFixed(2)} ms per ${FRAME_MS} ms frame (${((median(allFrameMs) / FRAME_MS) * 100).toFixed(1)}% of one core), ${allFrameMs.length} frames; load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await recognizer?.stop();
    await rm(workRoot, { recursive: true, force: true });
    await session.release();
  }
}

await main();
