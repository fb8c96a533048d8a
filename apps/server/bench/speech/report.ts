// The speech bench's report (bench/speech.ts): word error rates, right answers spoken against typed,
// CPU per second of audio, the 4-s question's latency and stages, and issue 42's hearing figures,
// printed beside their goals and written to bench-results/speech.json.
import { availableParallelism, loadavg } from 'node:os';
import { splitIntoWords } from '../../src/modules/speech/language-model.ts';
import { writeBenchResults } from '../support.ts';
import type { LatencyRun } from './latency.ts';
import { reportMisheard } from './misheard.ts';
import { fixed, median, percent, share, wordEdits, type Outcome } from './measures.ts';
import { args, GOALS, LATENCY_RUNS, SENTENCES } from './options.ts';
import type { Group } from './sentences.ts';

/** What the bench measured, for the report. */
export interface SpeechFigures {
  outcomes: Outcome[];
  pauseRuns: LatencyRun[];
  stopRuns: LatencyRun[];
  sideBySide: { uploaded: number; streamed: number; load: number; isSame: boolean }[];
  endOfSpeechPause: number;
  audioSeconds: number;
  generalCpu: number;
  generalWall: number;
  storyfileCpu: number;
  storyfileWall: number;
  loadBefore: number[];
  loadAfter: number[];
}

/** Prints the figures beside their goals and writes them to bench-results/speech.json. */
export function reportSpeech({
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
  loadAfter,
}: SpeechFigures): void {
  const groups: Group[] = ['script', 'paraphrase', 'off-topic'];
  const inGroup = (group: Group | 'answerable') =>
    outcomes.filter((outcome) =>
      group === 'answerable'
        ? outcome.sentence.group !== 'off-topic'
        : outcome.sentence.group === group,
    );
  const wer = (list: Outcome[], model: 'general' | 'storyfile' | 'withShapes') => {
    let edits = 0;
    let words = 0;
    for (const outcome of list) {
      const reference = splitIntoWords(outcome.sentence.text);
      edits += wordEdits(reference, splitIntoWords(outcome[model]));
      words += reference.length;
    }
    return share(edits, words);
  };
  const count = (list: Outcome[], key: keyof Outcome) =>
    list.filter((outcome) => outcome[key]).length;
  const answerable = inGroup('answerable');
  const offTopic = inGroup('off-topic');
  const typedRate = share(count(answerable, 'typedRight'), answerable.length);
  const spokenRate = share(count(answerable, 'storyfileRight'), answerable.length);
  const generalRate = share(count(answerable, 'generalRight'), answerable.length);
  const offTopicRate = share(count(offTopic, 'storyfileAnswered'), offTopic.length);
  const pauseMedian = median(pauseRuns.map((entry) => entry.seconds)) + endOfSpeechPause;
  const stopMedian = median(stopRuns.map((entry) => entry.seconds));
  const verdict = (isMet: boolean) => (isMet ? 'met' : 'NOT MET');

  const rows: [string, string, string, string, string][] = [];
  for (const group of groups) {
    const list = inGroup(group);
    if (list.length > 0) {
      rows.push([
        `WER, ${group} (${list.length})`,
        fixed(wer(list, 'general')),
        fixed(wer(list, 'storyfile')),
        '',
        '',
      ]);
    }
  }
  for (const group of ['script', 'paraphrase'] as const) {
    const list = inGroup(group);
    if (list.length > 0) {
      rows.push([
        `Right answer, ${group}`,
        `${count(list, 'generalRight')}/${list.length}`,
        `${count(list, 'storyfileRight')}/${list.length}`,
        `${count(list, 'typedRight')}/${list.length}`,
        '',
      ]);
    }
  }
  rows.push([
    'Right answer, all answerable',
    `${percent(generalRate)} (${percent(share(generalRate, typedRate))} of typed)`,
    `${percent(spokenRate)} (${percent(share(spokenRate, typedRate))} of typed)`,
    percent(typedRate),
    `spoken ≥ ${GOALS.spokenShareOfTyped * 100}% of typed: ${verdict(share(spokenRate, typedRate) >= GOALS.spokenShareOfTyped)}`,
  ]);
  rows.push([
    `Off-topic answered (${offTopic.length})`,
    percent(share(count(offTopic, 'generalAnswered'), offTopic.length)),
    percent(offTopicRate),
    percent(share(count(offTopic, 'typedAnswered'), offTopic.length)),
    `≤ ${GOALS.offTopicAnswered * 100}%: ${verdict(offTopicRate <= GOALS.offTopicAnswered)}`,
  ]);
  rows.push([
    'CPU s per s of audio (ffmpeg + decoder)',
    fixed(share(generalCpu, audioSeconds)),
    fixed(share(storyfileCpu, audioSeconds)),
    '',
    '',
  ]);
  rows.push([
    'Wall s per s of audio',
    fixed(share(generalWall, audioSeconds)),
    fixed(share(storyfileWall, audioSeconds)),
    '',
    '',
  ]);
  rows.push([
    `4-s question, end of speech → answer (median of ${LATENCY_RUNS})`,
    '',
    `${fixed(pauseMedian)} s (${endOfSpeechPause} s VAD hangover + ${fixed(pauseMedian - endOfSpeechPause)} s); pressed stop ${fixed(stopMedian)} s`,
    '',
    `≤ ${GOALS.fourSecondLatencySeconds} s: ${verdict(pauseMedian <= GOALS.fourSecondLatencySeconds)}${stopMedian <= GOALS.fourSecondLatencySeconds ? ' (pressed stop: met)' : ''}`,
  ]);
  const header: [string, string, string, string, string] = [
    '',
    'general model',
    "storyfile's model",
    'typed',
    'goal',
  ];
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]!.length)),
  );
  for (const row of [header, ...rows]) {
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  }
  const uploadedMedian = median(sideBySide.map((entry) => entry.uploaded));
  const streamedMedian = median(sideBySide.map((entry) => entry.streamed));
  const withHangover = (seconds: number) => Math.max(endOfSpeechPause, seconds);
  console.log(
    `4-s question, end of speech → recognized text, speculation at the pause's start, median of ${LATENCY_RUNS} (1-minute load average ${sideBySide.map((entry) => entry.load.toFixed(1)).join(', ')} on ${availableParallelism()} cores): uploaded ${fixed(uploadedMedian)} s, streamed ${fixed(streamedMedian)} s; used when the ${endOfSpeechPause} s hangover ends: uploaded ${fixed(withHangover(uploadedMedian))} s, streamed ${fixed(withHangover(streamedMedian))} s; streamed heard as uploaded ${sideBySide.filter((entry) => entry.isSame).length}/${LATENCY_RUNS}`,
  );
  console.log(
    `4-s question's CPU (studio process + ffmpeg + decoder, median): after the pause ${fixed(median(pauseRuns.map((entry) => entry.cpuSeconds)))} s, pressed stop ${fixed(median(stopRuns.map((entry) => entry.cpuSeconds)))} s`,
  );
  console.log(
    `Audio: ${fixed(audioSeconds, 1)} s in ${outcomes.length} recordings; latency runs right: ${pauseRuns.filter((entry) => entry.isRight).length + stopRuns.filter((entry) => entry.isRight).length}/${LATENCY_RUNS * 2}; recognition alone (server's processingSeconds, median): ${fixed(median(pauseRuns.map((entry) => entry.recognizeSeconds)))} s`,
  );
  const timedRuns = [...pauseRuns, ...stopRuns];
  const stageOf = (pick: (run: (typeof timedRuns)[number]) => number | null | undefined) =>
    fixed(median(timedRuns.map(pick).filter((value): value is number => value != null)));
  const decoders = timedRuns.map((entry) => entry.stages?.decoder);
  const coldRuns = decoders.filter((decoder) => decoder?.isCold).length;
  console.log(
    `4-s question's stages (median of ${timedRuns.length} runs, s; load average ${loadavg()[0]!.toFixed(2)}; decoder started per question in ${coldRuns}/${timedRuns.length}): upload and reply ${stageOf((entry) => entry.hearSeconds - (entry.stages?.totalSeconds ?? NaN))}, vocabulary ${stageOf((entry) => entry.stages?.vocabularySeconds)}, queue ${stageOf((entry) => entry.stages?.queuedSeconds)}, recording written ${stageOf((entry) => entry.stages?.writeSeconds)}, ffmpeg ${stageOf((entry) => entry.stages?.convertSeconds)}, decoder start, model load, n-best and files ${stageOf((entry) => (entry.stages?.decoder ? entry.stages.decoder.wallSeconds - (entry.stages.decoder.searchWallSeconds ?? NaN) : null))}, search ${stageOf((entry) => entry.stages?.decoder?.searchWallSeconds)} (CPU ${stageOf((entry) => entry.stages?.decoder?.searchCpuSeconds)}), readings read ${stageOf((entry) => (entry.stages ? entry.stages.recognizeSeconds - (entry.stages.decoder?.wallSeconds ?? NaN) : null))}, ask (reading choice, matcher) ${stageOf((entry) => entry.askSeconds)}; total ${stageOf((entry) => entry.seconds)}`,
  );
  if (args.stages) {
    for (const [index, entry] of timedRuns.entries()) {
      console.log(
        `  run ${index + 1} (${index < pauseRuns.length ? 'after the pause' : 'pressed stop'}): ${JSON.stringify({ ...entry.stages, hearSeconds: entry.hearSeconds, askSeconds: entry.askSeconds, total: entry.seconds })}`,
      );
    }
  }
  const hearing = (key: 'firstReading' | 'readings') => {
    const named = outcomes.filter(
      (outcome) =>
        outcome[key].questionId === outcome.typedQuestionId && outcome.typedQuestionId !== null,
    ).length;
    const typedNamed = outcomes.filter((outcome) => outcome.typedQuestionId !== null).length;
    const wrong = outcomes.filter(
      (outcome) =>
        outcome[key].questionId !== null && outcome[key].questionId !== outcome.typedQuestionId,
    ).length;
    return {
      namedAsTyped: share(named, typedNamed),
      named: `${named}/${typedNamed}`,
      wrongAnswer: share(wrong, outcomes.length),
      wrong: `${wrong}/${outcomes.length}`,
    };
  };
  const before = hearing('firstReading');
  const after = hearing('readings');
  console.log(
    `WER of the script's model (the studio's) → with the question shapes: ${groups
      .filter((group) => inGroup(group).length > 0)
      .map(
        (group) =>
          `${group} ${fixed(wer(inGroup(group), 'storyfile'))} → ${fixed(wer(inGroup(group), 'withShapes'))}`,
      )
      .join(', ')}`,
  );
  console.log('');
  console.log(
    "Issue 42, the storyfile's model (first reading alone → readings and please repeat):",
  );
  console.log(
    `  named as typed: ${before.named} (${percent(before.namedAsTyped)}) → ${after.named} (${percent(after.namedAsTyped)}); goal ≥ ${GOALS.namedAsTyped * 100}%: ${verdict(after.namedAsTyped >= GOALS.namedAsTyped)}`,
  );
  console.log(
    `  answered wrongly: ${before.wrong} (${percent(before.wrongAnswer)}) → ${after.wrong} (${percent(after.wrongAnswer)}); goal ≤ ${GOALS.wrongAnswer * 100}%: ${verdict(after.wrongAnswer <= GOALS.wrongAnswer)}`,
  );
  const misheard = reportMisheard(outcomes);
  console.log(`Load average after: ${loadAfter.map((value) => value.toFixed(2)).join(', ')}`);
  const misses = outcomes.filter((outcome) =>
    outcome.sentence.group === 'off-topic'
      ? outcome.storyfileAnswered
      : outcome.readings.questionId !== outcome.typedQuestionId,
  );
  if (misses.length > 0) {
    console.log("Misses with the storyfile's model (heard → said):");
    for (const miss of misses) {
      console.log(
        `  [${miss.sentence.group}, ${miss.voicing}] "${miss.storyfile}" ← "${miss.sentence.text}" (${miss.readings.reason ?? 'answered another'})`,
      );
    }
  }
  const file = writeBenchResults('speech', {
    sentences: SENTENCES.length,
    recordings: outcomes.length,
    embedder: args.embedder,
    loadAverage: { before: loadBefore, after: loadAfter },
    goals: GOALS,
    wer: Object.fromEntries(
      groups.map((group) => [
        group,
        { general: wer(inGroup(group), 'general'), storyfile: wer(inGroup(group), 'storyfile') },
      ]),
    ),
    rightAnswers: { typed: typedRate, general: generalRate, storyfile: spokenRate },
    offTopicAnswered: offTopicRate,
    hearing: { firstReading: before, readings: after },
    misheard,
    cpuSecondsPerAudioSecond: {
      general: share(generalCpu, audioSeconds),
      storyfile: share(storyfileCpu, audioSeconds),
    },
    fourSecondQuestion: {
      endOfSpeechPause,
      afterPause: pauseMedian,
      pressedStop: stopMedian,
      pauseRuns,
      stopRuns,
      streamedBesideUploaded: sideBySide,
    },
    outcomes,
  });
  console.log(`Figures written to ${file}`);
}
