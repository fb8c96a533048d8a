// Benchmark of the speech2text gateway (issue 29; not a test). A storyfile seeded from the shipped
// Life Story template; its questions, paraphrases of them, and off-topic questions spoken by
// espeak-ng (3 voices × 2 speaking rates, one voice and rate per sentence in turn unless
// --every-voice), pink noise mixed with sox at 20 dB SNR, encoded as Chromium's MediaRecorder sends
// (WebM/Opus). Each recording goes through the studio's gateway (the storyfile's own language
// model) and through Debian's general model alone; each transcript is then asked as a spoken
// question, and each sentence typed. Prints side by side: word error rate, the right answers
// spoken against typed, off-topic questions answered, seconds of CPU per second of audio, and
// the time from the end of a 4-second question to its answer, beside the issue's goals. Writes
// bench-results/speech.json.
//
// Usage: npm run bench:speech [-- --questions 16 --paraphrases 8 --off-topic 8 --every-voice
//                                  --latency-runs 3 --parallel 2 --embedder none --unseen
//                                  --snr 15 --hearing-only --heard bench-results/speech.json
//                                  --recognizer whisper --window fit]
//   --questions N|all  the template's questions spoken (spread over its topics; all = every
//                      question and alternate)
//   --every-voice      each sentence in all 3 voices × 2 rates (6 times the recordings)
//   --snr DB           the noise's level (20 dB pink by default, 15 dB brown with --unseen)
//   --hearing-only     no general model, no question shapes, no latency runs: the answers alone
//   --heard FILE       ask again the readings a previous run heard (its bench-results/speech.json):
//                      the decision rule measured without recognizing again
//   --recognizer       the studio's embedded recognizer: pocketsphinx (the storyfile's own language
//                      model) or whisper (tiny.en with the storyfile's words as its prompt, the
//                      default); --window full|fit: the window Whisper encodes (its 30 s, or the
//                      recording and 1 s); --beams N: Whisper's beams (3); --prompt script|words
//   --embedder         the matcher's sentence model (none: words only, as the e2e suite runs;
//                      use-lite: the studio's default, which loads a model first)
//   DATABASE_URL       any PostgreSQL (a database `conversa_bench_speech` is created there); unset
//                      starts the bench's own embedded PostgreSQL under .data-bench/speech/ (port
//                      BENCH_POSTGRES_PORT, default 54375)
// Options in speech/options.ts; the latency runs in speech/latency.ts; the figures in speech/report.ts.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { AskResponse, SpeechToTextResponse } from '@conversa/contracts';
import type { EmbeddedDatabase } from '../src/db/embedded.ts';
import { LIFE_STORY_TEMPLATE } from '../src/modules/library/templates/life-story.ts';
import { createEmbeddedEngine } from '../src/modules/speech/embedded-engine.ts';
import { POCKETSPHINX_DEFAULTS, runPocketsphinx } from '../src/modules/speech/pocketsphinx.ts';
import { SPEECH_STAGES_CHANNEL, type SpeechStages } from '../src/modules/speech/speech-gateway.ts';
import type { RunningStudio } from '../src/server.ts';
import { readHeard } from './speech/heard.ts';
import { measureLatency } from './speech/latency.ts';
import {
  call,
  childCpuSeconds,
  mapLimit,
  type Outcome,
  type SpokenOutcome,
} from './speech/measures.ts';
import {
  args,
  NOISE,
  OFF_TOPIC_COUNT,
  PARALLEL,
  PARAPHRASE_COUNT,
  QUESTION_COUNT,
  SCRIPT_SENTENCES,
  SENTENCES,
  SPEAKING_VOICES,
  VOICINGS,
} from './speech/options.ts';
import {
  makeRecording,
  type Recording,
  readEndOfSpeechPauseSeconds,
  run,
  WORDS_PER_MINUTE,
} from './speech/recordings.ts';
import { reportSpeech } from './speech/report.ts';
import type { Sentence } from './speech/sentences.ts';
import { prepareBenchDatabase, seedPublishedStoryfile, startBenchStudio } from './support.ts';

async function main(): Promise<void> {
  const endOfSpeechPause = readEndOfSpeechPauseSeconds();
  const loadBefore = loadavg();
  console.log(
    `Speech bench: ${SENTENCES.length} sentences (${QUESTION_COUNT} ${args.questions === 'all' ? 'script phrasings' : 'script questions'}, ${PARAPHRASE_COUNT} paraphrases, ${OFF_TOPIC_COUNT} off-topic) of the "${LIFE_STORY_TEMPLATE.name}" template, ${args['every-voice'] ? 'each in' : 'in turn over'} ${SPEAKING_VOICES.length} voices × ${WORDS_PER_MINUTE.length} rates (${SPEAKING_VOICES.join(', ')}; ${WORDS_PER_MINUTE.join(' and ')} words a minute), ${NOISE.noise === 'brownnoise' ? 'brown' : 'pink'} noise at ${NOISE.snrDb} dB SNR, WebM/Opus; matcher sentence model: ${args.embedder}; studio's recognizer: ${args.recognizer}${args.recognizer === 'whisper' ? ` (window ${args.window}, ${args.beams} beams, prompt ${args.prompt})` : ''}; ${PARALLEL} at a time`,
  );
  console.log(
    `Load average before: ${loadBefore.map((value) => value.toFixed(2)).join(', ')} (${availableParallelism()} cores)`,
  );
  const workRoot = await mkdtemp(path.join(tmpdir(), 'conversa-bench-speech-'));
  let embedded: EmbeddedDatabase | undefined;
  let studio: RunningStudio | undefined;
  try {
    // --heard: the readings a previous run heard, asked again (the decision rule alone changed).
    const reused = args.heard ? readHeard(args.heard) : undefined;
    const jobs: { sentence: Sentence; voicing: { voice: string; wordsPerMinute: number } }[] =
      reused ??
      SENTENCES.flatMap((sentence, index) =>
        args['every-voice']
          ? VOICINGS.map((voicing) => ({ sentence, voicing }))
          : [{ sentence, voicing: VOICINGS[index % VOICINGS.length]! }],
      );
    let started = performance.now();
    const recordings: Recording[] = reused
      ? []
      : await mapLimit(jobs, PARALLEL, async (job, index) => {
          const dir = path.join(workRoot, String(index));
          await run('mkdir', ['-p', dir]);
          return makeRecording(dir, job.sentence.text, job.voicing, NOISE);
        });
    console.log(
      reused
        ? `Asking again the ${jobs.length} readings heard in ${args.heard}`
        : `Made ${recordings.length} recordings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    console.log('Preparing the database and the studio');
    const prepared = await prepareBenchDatabase('conversa_bench_speech', 'speech');
    embedded = prepared.embedded;
    studio = await startBenchStudio(prepared.url, 'speech', {
      MATCHER_EMBEDDER: args.embedder,
      SPEECH_CONCURRENCY: String(PARALLEL),
      SPEECH_RECOGNIZER: args.recognizer,
      SPEECH_WHISPER_WINDOW: args.window,
      SPEECH_WHISPER_BEAMS: args.beams,
      SPEECH_WHISPER_PROMPT: args.prompt,
      ...(args['warm-decoders'] === undefined
        ? {}
        : { SPEECH_WARM_DECODERS: args['warm-decoders'] }),
    });
    const storyfile = await seedPublishedStoryfile(studio, {
      name: LIFE_STORY_TEMPLATE.name,
      topics: LIFE_STORY_TEMPLATE.topics,
    });
    const { owner } = storyfile;
    const speechUrl = `/v1/conversa/speech2text?storyfileId=${storyfile.id}`;
    const askUrl = `/v1/conversa/storyfiles/${storyfile.id}/ask`;
    const ask = async (
      text: string,
      inputMode: 'typed' | 'spoken',
      heard: Partial<Pick<SpeechToTextResponse, 'alternatives' | 'confidence'>> = {},
    ) =>
      (
        await call<AskResponse>(owner, askUrl, {
          body: JSON.stringify({
            text,
            inputMode,
            ...(heard.alternatives ? { alternatives: heard.alternatives } : {}),
            ...(heard.confidence === undefined ? {} : { speechConfidence: heard.confidence }),
          }),
        })
      ).decision;
    const toSpoken = (decision: AskResponse['decision']): SpokenOutcome => ({
      questionId: decision.kind === 'answer' ? decision.questionId : null,
      reason: decision.kind === 'fallback' ? decision.reason : null,
    });
    const hear = (webm: Buffer) =>
      call<SpeechToTextResponse>(owner, speechUrl, {
        body: webm,
        headers: { 'content-type': 'audio/webm;codecs=opus' },
      });

    // Each recording's stages inside the gateway (its diagnostics channel; the studio runs here).
    // A decoder kept waiting is no ended child of this process: its CPU is its own count.
    let lastStages: SpeechStages | undefined;
    let warmDecoderCpu = 0;
    const onStages = (message: unknown) => {
      lastStages = message as SpeechStages;
      if (lastStages.decoder?.isKeptRunning) {
        warmDecoderCpu += lastStages.decoder.searchCpuSeconds ?? 0;
      }
    };
    subscribe(SPEECH_STAGES_CHANNEL, onStages);
    const allChildCpu = () => childCpuSeconds() + warmDecoderCpu;

    // The storyfile's model is built on its first recording (and again only when its script
    // changes): built here, before the timed runs, as a studio has it after its first question.
    started = performance.now();
    if (!reused) {
      await hear(recordings[0]!.webm);
    }
    console.log(
      `Storyfile language model built and first recording heard in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // The storyfile's model, through the gateway (ffmpeg + pocketsphinx in the studio's process).
    let cpu = allChildCpu();
    started = performance.now();
    const heard: Pick<SpeechToTextResponse, 'text' | 'confidence' | 'alternatives'>[] = reused
      ? reused.map((job) => job.heard)
      : await mapLimit(recordings, PARALLEL, (recording) => hear(recording.webm));
    const storyfileCpu = allChildCpu() - cpu;
    const storyfileWall = (performance.now() - started) / 1000;
    const audioSeconds = reused
      ? reused.reduce((total, job) => total + job.audioSeconds, 0)
      : (heard as SpeechToTextResponse[]).reduce((total, result) => total + result.audioSeconds, 0);

    // Debian's general model alone, on the gateway's own conversion of the same recordings, and
    // (issue 42, item 4) the storyfile's model with the general shapes of questions (the script's
    // phrasings, the shapes and the general words); --hearing-only and --heard skip both.
    const isHearingOnly = args['hearing-only'] || reused !== undefined;
    cpu = childCpuSeconds();
    started = performance.now();
    const general = isHearingOnly
      ? jobs.map(() => ({ text: '' }))
      : await mapLimit(recordings, PARALLEL, (recording) =>
          runPocketsphinx(recording.wavFile, {
            languageModel: POCKETSPHINX_DEFAULTS.generalLanguageModel,
            dictionary: POCKETSPHINX_DEFAULTS.dictionary,
          }),
        );
    const generalCpu = childCpuSeconds() - cpu;
    const generalWall = (performance.now() - started) / 1000;
    const withShapes = isHearingOnly
      ? undefined
      : await createEmbeddedEngine({
          modelsDir: path.join(workRoot, 'models'),
          hasQuestionShapes: true,
        }).getModel({
          storyfileId: 'bench-with-shapes',
          phrasings: SCRIPT_SENTENCES.map((sentence) => sentence.text),
          terms: [],
        });
    const shaped = withShapes
      ? await mapLimit(recordings, PARALLEL, (recording) =>
          runPocketsphinx(recording.wavFile, withShapes),
        )
      : jobs.map(() => ({ text: '' }));

    const typed = new Map<string, Awaited<ReturnType<typeof ask>>>();
    for (const { sentence } of jobs) {
      if (!typed.has(sentence.text)) {
        typed.set(sentence.text, await ask(sentence.text, 'typed'));
      }
    }
    const outcomes: Outcome[] = [];
    for (const [index, job] of jobs.entries()) {
      const expected = job.sentence.asks ? storyfile.questionIds.get(job.sentence.asks) : undefined;
      const isRight = (decision: AskResponse['decision']) =>
        decision.kind === 'answer' && decision.questionId === expected;
      const isAnswered = (decision: AskResponse['decision']) => decision.kind === 'answer';
      const generalDecision = await ask(general[index]!.text, 'spoken');
      const firstReading = await ask(heard[index]!.text, 'spoken');
      const storyfileDecision = await ask(heard[index]!.text, 'spoken', heard[index]);
      const asTyped = await ask(heard[index]!.text, 'typed');
      const typedDecision = typed.get(job.sentence.text)!;
      outcomes.push({
        sentence: job.sentence,
        voicing: `${job.voicing.voice} ${job.voicing.wordsPerMinute}`,
        audioSeconds: reused
          ? reused[index]!.audioSeconds
          : (heard[index] as SpeechToTextResponse).audioSeconds,
        general: general[index]!.text,
        withShapes: shaped[index]!.text,
        storyfile: heard[index]!.text,
        typedRight: isRight(typedDecision),
        typedAnswered: isAnswered(typedDecision),
        generalRight: isRight(generalDecision),
        generalAnswered: isAnswered(generalDecision),
        storyfileRight: isRight(storyfileDecision),
        storyfileAnswered: isAnswered(storyfileDecision),
        typedQuestionId: typedDecision.kind === 'answer' ? typedDecision.questionId : null,
        firstReading: toSpoken(firstReading),
        readings: toSpoken(storyfileDecision),
        asTyped: toSpoken(asTyped),
        heard: {
          text: heard[index]!.text,
          confidence: heard[index]!.confidence,
          alternatives: heard[index]!.alternatives,
        },
      });
    }

    const { pauseRuns, stopRuns, sideBySide } = isHearingOnly
      ? { pauseRuns: [], stopRuns: [], sideBySide: [] }
      : await measureLatency(
          {
            owner,
            studioUrl: studio.url,
            streamPath: `/v1/conversa/speech2text/stream?storyfileId=${storyfile.id}`,
            questionIds: storyfile.questionIds,
            hear,
            ask,
            allChildCpu,
            clearStages: () => {
              lastStages = undefined;
            },
            takeStages: () => lastStages,
          },
          workRoot,
          endOfSpeechPause,
        );
    unsubscribe(SPEECH_STAGES_CHANNEL, onStages);
    reportSpeech({
      outcomes,
      pauseRuns,
      stopRuns,
      sideBySide,
      endOfSpeechPause,
      audioSeconds,
      generalCpu,
      generalWall,
      storyfileCpu,
      storyfileWall,
      loadBefore,
      loadAfter: loadavg(),
    });
  } finally {
    await studio?.stop();
    await embedded?.stop();
    await rm(workRoot, { recursive: true, force: true });
  }
}

await main();
