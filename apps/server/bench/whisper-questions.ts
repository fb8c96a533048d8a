// Benchmark of Whisper alone on spoken questions (issue 65; not a test): the speech bench's
// recordings (the same sentences, voices and noise, `bench/speech/options.ts`), converted as the
// gateway converts them, heard by `recognize` in this process with the Life Story template's
// script as the prompt, as the studio's Whisper engine hears a question. No database, no studio,
// no browser: each recording's decoder steps, its milliseconds (median of --latency-runs), whether
// it was heard again in a full window, and its reading, then the medians and the word error.
//
// Usage: npm run bench:whisper-questions [-- --questions 16 --paraphrases 8 --off-topic 8
//                                             --unseen --latency-runs 3 --window fit --beams 3
//                                             --prompt script|words]
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { loadWhisperModel, recognize, whisperModelDir } from '@conversa/whisper';
import { LIFE_STORY_TEMPLATE } from '../src/modules/library/templates/life-story.ts';
import { readPcmWav } from '../src/modules/speech/pauses.ts';
import { hasVoice } from '../src/modules/speech/voice.ts';
import { buildStoryfileVocabulary } from '../src/modules/speech/vocabulary.ts';
import { toSpokenWords } from '../src/modules/speech/whisper-engine.ts';
import { buildWhisperPrompt } from '../src/modules/speech/whisper-prompt.ts';
import { fixed, mapLimit, median, wordEdits } from './speech/measures.ts';
import { args, LATENCY_RUNS, NOISE, SENTENCES, VOICINGS } from './speech/options.ts';
import { makeRecording, run } from './speech/recordings.ts';

const window = args.window === 'full' ? 'full' : 'fit';
const beams = Number(args.beams);
// As the gateway's Whisper engine hears a question (`hearsQuestions`; a recognizer without
// `endsAtQuestion` ignores it and times words).
const asQuestion = { beams, window, endsAtQuestion: true, wordTimes: false } as const;
const vocabulary = buildStoryfileVocabulary({
  storyfileId: 'bench',
  answers: LIFE_STORY_TEMPLATE.topics.flatMap((topic) =>
    topic.questions.map((question) => ({
      text: question.text,
      alternates: question.alternates ?? [],
    })),
  ),
  categories: [],
  heardAsRules: [],
  terms: [],
});
const prompt = buildWhisperPrompt(
  vocabulary.terms,
  args.prompt === 'words' ? [] : vocabulary.phrasings,
);

async function main(): Promise<void> {
  const loadBefore = loadavg();
  console.log(
    `Whisper alone: ${SENTENCES.length} sentences, ${NOISE.noise} at ${NOISE.snrDb} dB, window ${window}, ${beams} beams, prompt ${prompt.length} characters, median of ${LATENCY_RUNS} runs; load before ${loadBefore.map((value) => value.toFixed(2)).join(', ')}`,
  );
  const work = await mkdtemp(path.join(tmpdir(), 'conversa-bench-whisper-'));
  const model = await loadWhisperModel(whisperModelDir('tiny.en'));
  try {
    const recordings = await mapLimit(SENTENCES, 2, async (sentence, index) => {
      const dir = path.join(work, String(index));
      await run('mkdir', ['-p', dir]);
      const { wavFile } = await makeRecording(
        dir,
        sentence.text,
        VOICINGS[index % VOICINGS.length]!,
        NOISE,
      );
      return readPcmWav(await readFile(wavFile));
    });
    // One recognition first: onnxruntime's first runs are slower than the rest.
    await recognize(
      model,
      Float32Array.from(recordings[0]!.samples, (s) => s / 32_768),
      {
        prompt,
        ...asQuestion,
      },
    );
    const rows = [];
    let edits = 0;
    let words = 0;
    for (const [index, sentence] of SENTENCES.entries()) {
      const audio = recordings[index]!;
      const samples = Float32Array.from(audio.samples, (sample) => sample / 32_768);
      const times: number[] = [];
      let heard: Awaited<ReturnType<typeof recognize>> | undefined;
      for (let runIndex = 0; runIndex < LATENCY_RUNS; runIndex += 1) {
        const started = performance.now();
        heard = hasVoice(audio)
          ? await recognize(model, samples, { ...(prompt ? { prompt } : {}), ...asQuestion })
          : undefined;
        times.push(performance.now() - started);
      }
      const text = toSpokenWords(heard?.text ?? '');
      const reference = toSpokenWords(sentence.text).split(' ');
      edits += wordEdits(reference, text === '' ? [] : text.split(' '));
      words += reference.length;
      const row = {
        seconds: samples.length / 16_000,
        ms: median(times),
        steps: heard?.timing.steps ?? 0,
        again: heard?.isHeardAgain === true,
        text,
      };
      rows.push(row);
      console.log(
        `${fixed(row.seconds, 1)} s  ${String(Math.round(row.ms)).padStart(5)} ms  ${String(row.steps).padStart(3)} steps${row.again ? '  heard again' : ''}  ${sentence.group}: "${text}"`,
      );
    }
    console.log(
      `Median ${Math.round(median(rows.map((row) => row.ms)))} ms a question (max ${Math.round(Math.max(...rows.map((row) => row.ms)))}), ${median(rows.map((row) => row.steps))} decoder steps (max ${Math.max(...rows.map((row) => row.steps))}), heard again ${rows.filter((row) => row.again).length}/${rows.length}, word error ${fixed(edits / words, 3)}; load after ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await Promise.all([model.encoder.release(), model.decoder.release()]);
    await rm(work, { recursive: true, force: true });
  }
}

await main();
