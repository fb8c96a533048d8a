import { copyFile, mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runMediaTool } from '../../../media/ffmpeg.ts';
import { splitIntoWords } from '../language-model.ts';
import { POCKETSPHINX_DEFAULTS } from '../pocketsphinx.ts';
import { pronounceWithEspeak, readDictionary, type Pronunciations } from '../pronunciations.ts';
import { writeMixtureWeights } from './mixture-weights.ts';

/**
 * Adapts pocketsphinx's acoustic model to one speaker from recordings whose words are known (the
 * answers an author corrected), by CMUSphinx's adaptation recipe with Debian's sphinxbase-utils
 * and sphinxtrain: `sphinx_fe` (features, with the model's own `feat.params`) → `bw` (the counts
 * of the model's Gaussians on those recordings, forced to their words) → `mllr_solve` (one MLLR
 * transform, passed to the decoder as `-mllr`) or `map_adapt` (a MAP copy of the model's means and
 * variances). Every tool runs as a child process, at the CPU niceness asked for (drafts': 19).
 */

export const SPHINXTRAIN_TOOLS = {
  featureExtractor: '/usr/bin/sphinx_fe',
  mdefConverter: '/usr/bin/pocketsphinx_mdef_convert',
  baumWelch: '/usr/lib/sphinxtrain/bw',
  mllrSolve: '/usr/lib/sphinxtrain/mllr_solve',
  mapAdapt: '/usr/lib/sphinxtrain/map_adapt',
} as const;

export type AdaptationMethod = 'mllr' | 'map';

export interface CorrectedRecording {
  /** A name of letters, digits, `-` and `_` (the tools' utterance id). */
  id: string;
  /** 16 kHz mono 16-bit WAV. */
  wavFile: string;
  /** The words spoken, as the author corrected them. */
  text: string;
}

export interface SpeakerAdaptation {
  method: AdaptationMethod;
  /** The acoustic model to decode with (`-hmm`): the base one for MLLR, the adapted copy for MAP. */
  acousticModel: string;
  /** The MLLR transform (`-mllr`), or null. */
  mllrFile: string | null;
  /** Recordings used (those whose every word could be pronounced). */
  recordings: number;
  /** Wall seconds of each stage. */
  seconds: { features: number; counts: number; solve: number; total: number };
}

/**
 * MAP's prior weight (`map_adapt -fixedtau yes -tau`): how many frames of the speaker a Gaussian
 * needs before its mean moves halfway to theirs. sphinxtrain's default (a Bayesian tau per
 * Gaussian) over-fitted 5-20 short answers (word error up from 0.364 to 0.373-0.418); 100 was
 * best of 30, 100 and 300 by hand (docs/experiments/transcripts.md).
 */
export const MAP_TAU = 100;

/** The base model's feature settings that `bw` must be given as the model was trained. */
const BW_FEATURE_ARGS = [
  '-feat',
  '1s_c_d_dd',
  '-svspec',
  '0-12/13-25/26-38',
  '-cmn',
  'batch',
  '-agc',
  'none',
];

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const begun = performance.now();
  const value = await work();
  return [value, (performance.now() - begun) / 1000];
}

/** The dictionary lines of every word of the recordings; recordings with an unsayable word are left out. */
async function pronounceRecordings(
  recordings: readonly CorrectedRecording[],
  dictionary: Pronunciations,
): Promise<{ lines: string[]; usable: { recording: CorrectedRecording; words: string[] }[] }> {
  const split = recordings.map((recording) => ({
    recording,
    words: splitIntoWords(recording.text),
  }));
  const unknown = [...new Set(split.flatMap((entry) => entry.words))].filter(
    (word) => !dictionary.has(word),
  );
  const spoken = await pronounceWithEspeak(unknown).catch(() => new Map<string, string>());
  const pronounce = (word: string) =>
    dictionary.get(word) ?? (spoken.has(word) ? [spoken.get(word)!] : []);
  const usable = split.filter(
    (entry) => entry.words.length > 0 && entry.words.every((word) => pronounce(word).length > 0),
  );
  const lines = [...new Set(usable.flatMap((entry) => entry.words))]
    .sort()
    .flatMap((word) =>
      pronounce(word).map(
        (phones, index) => `${index === 0 ? word : `${word}(${index + 1})`} ${phones}`,
      ),
    );
  return { lines, usable };
}

/**
 * Adapts `baseModel` (pocketsphinx's en-us by default) to the speaker of `recordings`, writing
 * everything in `workDir` (created; its previous contents replaced).
 */
export async function adaptToSpeaker(
  recordings: readonly CorrectedRecording[],
  options: {
    workDir: string;
    method: AdaptationMethod;
    baseModel?: string;
    dictionary?: Pronunciations;
    /** The tools' CPU niceness (`runMediaTool`'s `niceness`). */
    niceness?: number;
    signal?: AbortSignal;
  },
): Promise<SpeakerAdaptation> {
  const begun = performance.now();
  const base = options.baseModel ?? POCKETSPHINX_DEFAULTS.acousticModel;
  const work = path.resolve(options.workDir);
  const run = (binary: string, args: string[]) =>
    runMediaTool(binary, args, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.niceness ? { niceness: options.niceness } : {}),
    });
  await rm(work, { recursive: true, force: true });
  const [audioDir, featureDir, countDir] = ['audio', 'features', 'counts'].map((name) =>
    path.join(work, name),
  );
  await Promise.all(
    [audioDir, featureDir, countDir].map((dir) => mkdir(dir!, { recursive: true })),
  );

  const dictionary = options.dictionary ?? (await readDictionary(POCKETSPHINX_DEFAULTS.dictionary));
  const { lines, usable } = await pronounceRecordings(recordings, dictionary);
  if (usable.length === 0) {
    throw new Error('No corrected recording has words the recognizer can pronounce.');
  }
  const ids = usable.map((entry) => entry.recording.id);
  await Promise.all(
    usable.map((entry) =>
      symlink(
        path.resolve(entry.recording.wavFile),
        path.join(audioDir!, `${entry.recording.id}.wav`),
      ),
    ),
  );
  const fileIds = path.join(work, 'adapt.fileids');
  const transcription = path.join(work, 'adapt.transcription');
  const dictionaryFile = path.join(work, 'adapt.dict');
  await writeFile(fileIds, `${ids.join('\n')}\n`);
  await writeFile(
    transcription,
    usable.map((entry) => `<s> ${entry.words.join(' ')} </s> (${entry.recording.id})\n`).join(''),
  );
  await writeFile(dictionaryFile, `${lines.join('\n')}\n`);

  const [, featureSeconds] = await timed(() =>
    run(SPHINXTRAIN_TOOLS.featureExtractor, [
      ...['-argfile', path.join(base, 'feat.params'), '-samprate', '16000'],
      ...[
        '-c',
        fileIds,
        '-di',
        audioDir!,
        '-do',
        featureDir!,
        '-ei',
        'wav',
        '-eo',
        'mfc',
        '-mswav',
        'yes',
      ],
    ]),
  );

  const [{ mdefText, mixtureWeights }, countSeconds] = await timed(async () => {
    const mdefText = path.join(work, 'mdef.txt');
    await run(SPHINXTRAIN_TOOLS.mdefConverter, ['-text', path.join(base, 'mdef'), mdefText]);
    const baseFiles = await readdir(base);
    const mixtureWeights = baseFiles.includes('mixture_weights')
      ? path.join(base, 'mixture_weights')
      : path.join(work, 'mixture_weights');
    if (!baseFiles.includes('mixture_weights')) {
      await writeMixtureWeights(path.join(base, 'sendump'), mixtureWeights);
    }
    await run(SPHINXTRAIN_TOOLS.baumWelch, [
      ...['-moddeffn', mdefText, '-ts2cbfn', '.ptm.', '-mixwfn', mixtureWeights],
      ...['-meanfn', path.join(base, 'means'), '-varfn', path.join(base, 'variances')],
      ...['-tmatfn', path.join(base, 'transition_matrices'), ...BW_FEATURE_ARGS],
      ...['-dictfn', dictionaryFile, '-fdictfn', path.join(base, 'noisedict')],
      ...['-ctlfn', fileIds, '-lsnfn', transcription, '-accumdir', countDir!],
      ...['-cepdir', featureDir!, '-cepext', 'mfc'],
    ]);
    return { mdefText, mixtureWeights };
  });

  let acousticModel = base;
  let mllrFile: string | null = null;
  const [, solveSeconds] = await timed(async () => {
    if (options.method === 'mllr') {
      mllrFile = path.join(work, 'mllr_matrix');
      await run(SPHINXTRAIN_TOOLS.mllrSolve, [
        ...['-meanfn', path.join(base, 'means'), '-varfn', path.join(base, 'variances')],
        ...['-outmllrfn', mllrFile, '-accumdir', countDir!],
      ]);
      return;
    }
    // MAP: a copy of the model with the speaker's means and variances; the mixture weights and
    // transitions stay the base model's (its `sendump`), which 20 recordings cannot re-estimate.
    acousticModel = path.join(work, 'model');
    await mkdir(acousticModel, { recursive: true });
    for (const file of await readdir(base)) {
      await copyFile(path.join(base, file), path.join(acousticModel, file));
    }
    const scratch = path.join(work, 'map-scratch');
    await mkdir(scratch, { recursive: true });
    await run(SPHINXTRAIN_TOOLS.mapAdapt, [
      ...['-moddeffn', mdefText, '-ts2cbfn', '.ptm.'],
      ...['-meanfn', path.join(base, 'means'), '-varfn', path.join(base, 'variances')],
      ...['-mixwfn', mixtureWeights, '-tmatfn', path.join(base, 'transition_matrices')],
      ...['-accumdir', countDir!, '-fixedtau', 'yes', '-tau', String(MAP_TAU)],
      ...[
        '-mapmeanfn',
        path.join(acousticModel, 'means'),
        '-mapvarfn',
        path.join(acousticModel, 'variances'),
      ],
      ...[
        '-mapmixwfn',
        path.join(scratch, 'mixture_weights'),
        '-maptmatfn',
        path.join(scratch, 'transition_matrices'),
      ],
    ]);
  });
  return {
    method: options.method,
    acousticModel,
    mllrFile,
    recordings: usable.length,
    seconds: {
      features: featureSeconds,
      counts: countSeconds,
      solve: solveSeconds,
      total: (performance.now() - begun) / 1000,
    },
  };
}
