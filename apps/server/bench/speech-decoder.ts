// Benchmark of pocketsphinx_batch's search options for spoken questions (issue 42: an answer within
// a second of the last word; not a test). The recordings of bench:speech (the same sentences,
// voices and noise: its default set and its --unseen set), decoded with the storyfile's model (the
// Life Story template's phrasings) under each option set in one decoder process per set, models
// loaded once: prints, per set, the decoder's CPU per second of audio (its own count) and the word
// error rate per group, and how many best readings differ from the first set's. The accuracy
// figures that matter (named as typed, answered wrongly, please-repeat) are bench:speech's: this
// picks the sets worth running it with.
//
// Usage: npm run bench:speech-decoder [-- --sets 'name=-opt value -opt value' ...]
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LIFE_STORY_TEMPLATE } from '../src/modules/library/templates/life-story.ts';
import { createEmbeddedEngine } from '../src/modules/speech/embedded-engine.ts';
import { splitIntoWords } from '../src/modules/speech/language-model.ts';
import {
  decoderArgs,
  parseCtm,
  POCKETSPHINX_DEFAULTS,
  SEARCH_OPTIONS,
} from '../src/modules/speech/pocketsphinx.ts';
import { fixed, mapLimit, share, wordEdits } from './speech/measures.ts';
import {
  makeRecording,
  run,
  SNR_DB,
  UNSEEN_SNR_DB,
  UNSEEN_VOICES,
  VOICES,
  WORDS_PER_MINUTE,
} from './speech/recordings.ts';
import { OFF_TOPIC, PARAPHRASES, spread, type Sentence } from './speech/sentences.ts';

const { values: args } = parseArgs({
  options: {
    sets: { type: 'string', multiple: true },
    parallel: { type: 'string', default: String(availableParallelism()) },
  },
});

/** Option sets: the decoder's own defaults, the studio's, and faster ones to weigh. */
const DEFAULT_SETS: Record<string, string[]> = {
  'pocketsphinx defaults': [],
  studio: [...SEARCH_OPTIONS],
  'ds 2 topn 2': ['-ds', '2', '-topn', '2'],
  'fwdflat no': ['-fwdflat', 'no'],
  'ds 2 topn 2 fwdflat no': ['-ds', '2', '-topn', '2', '-fwdflat', 'no'],
  'maxhmmpf 3000': ['-maxhmmpf', '3000'],
  'beam 1e-40 wbeam 1e-24': ['-beam', '1e-40', '-pbeam', '1e-40', '-wbeam', '1e-24'],
  'ds 2 topn 2 maxhmmpf 3000': ['-ds', '2', '-topn', '2', '-maxhmmpf', '3000'],
};
const SETS: [string, string[]][] = args.sets
  ? args.sets.map((entry) => {
      const [name, options = ''] = entry.split('=');
      return [name!, options.split(/\s+/).filter(Boolean)];
    })
  : Object.entries(DEFAULT_SETS);

const TEMPLATE_QUESTIONS = LIFE_STORY_TEMPLATE.topics.flatMap((topic) => topic.questions);
const SENTENCES: Sentence[] = [
  ...spread(TEMPLATE_QUESTIONS, 16).map((question) => ({
    group: 'script' as const,
    text: question.text,
    asks: question.text,
  })),
  ...PARAPHRASES.slice(0, 8).map((sentence) => ({ group: 'paraphrase' as const, ...sentence })),
  ...OFF_TOPIC.slice(0, 8).map((text) => ({ group: 'off-topic' as const, text, asks: undefined })),
];
const SETTINGS = [
  { name: 'default', voices: VOICES, snrDb: SNR_DB, noise: 'pinknoise' as const },
  { name: 'unseen', voices: UNSEEN_VOICES, snrDb: UNSEEN_SNR_DB, noise: 'brownnoise' as const },
];

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const workRoot = await mkdtemp(path.join(tmpdir(), 'conversa-bench-decoder-'));
  try {
    const jobs = SETTINGS.flatMap((setting) => {
      const voicings = setting.voices.flatMap((voice) =>
        WORDS_PER_MINUTE.map((wordsPerMinute) => ({ voice, wordsPerMinute })),
      );
      return SENTENCES.map((sentence, index) => ({
        setting,
        sentence,
        voicing: voicings[index % voicings.length]!,
      }));
    });
    const audioDir = path.join(workRoot, 'audio');
    await mkdir(audioDir);
    let started = performance.now();
    await mapLimit(jobs, Number(args.parallel), async (job, index) => {
      const dir = path.join(workRoot, String(index));
      await mkdir(dir);
      const { wavFile } = await makeRecording(dir, job.sentence.text, job.voicing, job.setting);
      // The decoder reads headerless samples here, as the gateway's conversion writes them.
      await run('sox', [wavFile, '-t', 'raw', path.join(audioDir, `${index}.raw`)]);
    });
    console.log(
      `Made ${jobs.length} recordings (bench:speech's default and --unseen sets) in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadBefore.map((value) => value.toFixed(2)).join(', ')} (${availableParallelism()} cores)`,
    );
    const model = await createEmbeddedEngine({ modelsDir: path.join(workRoot, 'models') }).getModel(
      {
        storyfileId: 'bench-decoder',
        phrasings: TEMPLATE_QUESTIONS.flatMap((question) => [
          question.text,
          ...(question.alternates ?? []),
        ]),
        terms: [],
      },
    );
    const control = path.join(workRoot, 'control');
    await writeFile(control, jobs.map((_, index) => `${index}\n`).join(''));

    let baseline: string[] | undefined;
    console.log(
      'set | CPU s per s of audio | WER script, paraphrase, off-topic (default set) | same (unseen set) | best readings unlike the first set',
    );
    for (const [name, options] of SETS) {
      const outDir = path.join(workRoot, `out-${name.replace(/\W+/g, '-')}`);
      await mkdir(outDir);
      const logFile = path.join(outDir, 'log');
      started = performance.now();
      await run(POCKETSPHINX_DEFAULTS.binary, [
        ...decoderArgs({
          control,
          inputDir: audioDir,
          model,
          outDir,
          searchOptions: options,
        }).filter((_, index, all) => all[index] !== '-logfn' && all[index - 1] !== '-logfn'),
        '-logfn',
        logFile,
      ]);
      const wall = (performance.now() - started) / 1000;
      const log = await readFile(logFile, 'utf8');
      const total = /TOTAL ([\d.]+) seconds speech, ([\d.]+) seconds CPU/.exec(log);
      const ctm = await readFile(path.join(outDir, 'words.ctm'), 'utf8');
      const byUtterance = new Map<string, string[]>();
      for (const line of ctm.split('\n')) {
        const id = line.split(' ')[0]!;
        byUtterance.set(id, [...(byUtterance.get(id) ?? []), line]);
      }
      const heard = jobs.map(
        (_, index) => parseCtm((byUtterance.get(String(index)) ?? []).join('\n')).text,
      );
      baseline ??= heard;
      const differ = heard.filter((text, index) => text !== baseline![index]).length;
      const wer = (setting: string) =>
        (['script', 'paraphrase', 'off-topic'] as const)
          .map((group) => {
            let edits = 0;
            let words = 0;
            jobs.forEach((job, index) => {
              if (job.setting.name === setting && job.sentence.group === group) {
                const reference = splitIntoWords(job.sentence.text);
                edits += wordEdits(reference, splitIntoWords(heard[index]!));
                words += reference.length;
              }
            });
            return fixed(share(edits, words));
          })
          .join(', ');
      const nbestFiles = (await readdir(outDir)).filter((file) => file.endsWith('.hyp')).length;
      console.log(
        `${name} [${options.join(' ')}] | ${total ? fixed(share(Number(total[2]), Number(total[1]))) : '?'} (wall ${wall.toFixed(1)} s, ${total?.[1] ?? '?'} s of audio, ${nbestFiles} n-best lists) | ${wer('default')} | ${wer('unseen')} | ${differ}/${jobs.length}`,
      );
    }
    console.log(
      `Load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await rm(workRoot, { recursive: true, force: true });
  }
}

await main();
