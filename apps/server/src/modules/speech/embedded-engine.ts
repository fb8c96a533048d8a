import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildLanguageModel, splitIntoWords, type GeneralWord } from './language-model.ts';
import {
  POCKETSPHINX_DEFAULTS,
  readWavHeaderSize,
  runPocketsphinx,
  type DecoderModel,
} from './pocketsphinx.ts';
import { pronounceWithEspeak, readDictionary, type Pronunciations } from './pronunciations.ts';
import type { SpeechEngine, StoryfileVocabulary } from './speech-engine.ts';
import { createWarmDecoders, WARM_WAV_HEADER_BYTES } from './warm-decoder.ts';

/**
 * Share of the unigram mass the storyfile's own words get against the general words. Checked
 * with `npm run bench:speech` (see the module README): high enough that in-script questions are heard
 * in the script's words, low enough that off-script speech lands on general words.
 */
export const STORYFILE_LANGUAGE_WEIGHT = 0.7;
/** General words mixed in: the general model's most frequent ones (data/general-words.tsv). */
const GENERAL_WORD_COUNT = 10_000;
/** Bumped when the model's recipe changes, so models built by an older one are rebuilt. */
const MODEL_RECIPE = 2;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const GENERAL_WORDS_FILE = path.join(HERE, 'data', 'general-words.tsv');
const QUESTION_SHAPES_FILE = path.join(HERE, 'data', 'question-shapes.txt');

/**
 * The general shapes of visitors' questions ("can you tell me about", "what was it like"), one a
 * line (data/question-shapes.txt): mixed into every storyfile's model as phrasings of their own.
 */
export async function readQuestionShapes(
  file = findDataFile(QUESTION_SHAPES_FILE),
): Promise<string[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

async function readGeneralWords(file: string): Promise<GeneralWord[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.includes('\t'))
    .slice(0, GENERAL_WORD_COUNT)
    .map((line) => {
      const [word, probability] = line.split('\t');
      return { word: word!, log10Probability: Number(probability) };
    });
}

/** Finds a data file beside this source, or from the bundled server (apps/server/dist). */
function findDataFile(file: string): string {
  const candidates = [
    file,
    path.join(HERE, '..', 'src', 'modules', 'speech', 'data', path.basename(file)),
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? file;
}

export interface EmbeddedEngineOptions {
  /** Where storyfile models are written (DATA_DIR/speech/models). */
  modelsDir: string;
  binary?: string;
  acousticModel?: string;
  dictionary?: string;
  espeakPath?: string;
  storyfileWeight?: number;
  /**
   * Mix the general shapes of questions into each model (default false: measured by the bench,
   * they lowered paraphrases' word error rate but cost a custom word's "heard as" form its
   * recognition in speech.test.ts, so the studio does not use them yet).
   */
  hasQuestionShapes?: boolean;
  /** Decode with Debian's general model alone (the benchmark's baseline), no storyfile model. */
  isGeneralModelOnly?: boolean;
  /**
   * Keep every frame, silences included (`runPocketsphinx`'s `keepsSilence`): word times then
   * count from the start of the recording, as captions need. Off for questions.
   */
  keepsSilence?: boolean;
  /**
   * Decode at this CPU niceness (`runPocketsphinx`'s `niceness`; 19 is the lowest priority):
   * answers' drafts, which nobody waits for, yield the cores to videos being processed and to
   * visitors' questions. Unset: the studio's own priority, as questions are heard.
   */
  niceness?: number;
  /**
   * Keep up to this many decoders running with their storyfile's models loaded, each waiting for
   * its next recording (`warm-decoder.ts`; the gateway's `SPEECH_WARM_DECODERS`), instead of one
   * pocketsphinx_batch started per recording. 0 (default): started per recording, as drafts do.
   */
  warmDecoders?: number;
}

/**
 * pocketsphinx with each storyfile's own model: built from its vocabulary the first time it is
 * needed and again only when that vocabulary changes (the files are named by its hash, so
 * replicas and restarts reuse them); the previous model of the storyfile is deleted then.
 */
export function createEmbeddedEngine(options: EmbeddedEngineOptions): SpeechEngine & {
  getModel(vocabulary: StoryfileVocabulary): Promise<DecoderModel>;
} {
  const dictionaryFile = options.dictionary ?? POCKETSPHINX_DEFAULTS.dictionary;
  const storyfileWeight = options.storyfileWeight ?? STORYFILE_LANGUAGE_WEIGHT;
  let shared:
    | Promise<{ dictionary: Pronunciations; generalWords: GeneralWord[]; questionShapes: string[] }>
    | undefined;
  const spokenByEspeak = new Map<string, string | null>();
  const models = new Map<string, { key: string; model: Promise<DecoderModel> }>();

  function loadShared() {
    shared ??= Promise.all([
      readDictionary(dictionaryFile),
      readGeneralWords(findDataFile(GENERAL_WORDS_FILE)),
      options.hasQuestionShapes === true ? readQuestionShapes() : [],
    ])
      .then(([dictionary, generalWords, questionShapes]) => ({
        dictionary,
        questionShapes,
        generalWords: generalWords.filter((entry) => dictionary.has(entry.word)),
      }))
      .catch((error: unknown) => {
        shared = undefined;
        throw error;
      });
    return shared;
  }

  async function buildModel(
    vocabulary: StoryfileVocabulary,
    directory: string,
    key: string,
  ): Promise<DecoderModel> {
    const { dictionary, generalWords, questionShapes } = await loadShared();
    const sentences = [...vocabulary.phrasings, ...questionShapes].map(splitIntoWords);
    const unknown = [
      ...new Set(
        sentences.flat().filter((word) => !dictionary.has(word) && !spokenByEspeak.has(word)),
      ),
    ];
    if (unknown.length > 0) {
      const spoken = await pronounceWithEspeak(unknown, {
        ...(options.espeakPath ? { espeakPath: options.espeakPath } : {}),
      }).catch(() => new Map<string, string>());
      for (const word of unknown) {
        spokenByEspeak.set(word, spoken.get(word) ?? null);
      }
    }
    const pronounce = (word: string): string[] => {
      const listed = dictionary.get(word);
      if (listed) {
        return listed;
      }
      const spoken = spokenByEspeak.get(word);
      return spoken ? [spoken] : [];
    };
    // A word nobody can pronounce is left out of its phrasing rather than failing the model.
    const usable = sentences.map((sentence) =>
      sentence.filter((word) => pronounce(word).length > 0),
    );
    const arpa = buildLanguageModel({ sentences: usable, generalWords, storyfileWeight });
    const words = new Set([...usable.flat(), ...generalWords.map((entry) => entry.word)]);
    const dictionaryLines: string[] = [];
    for (const word of [...words].sort()) {
      pronounce(word).forEach((phones, index) => {
        dictionaryLines.push(`${index === 0 ? word : `${word}(${index + 1})`} ${phones}`);
      });
    }
    await mkdir(directory, { recursive: true });
    const model = {
      languageModel: path.join(directory, `${key}.lm`),
      dictionary: path.join(directory, `${key}.dict`),
    };
    // Written aside and renamed, so a decoder never reads half a file.
    const partial = `.${process.pid}-${Date.now()}`;
    await writeFile(model.languageModel + partial, arpa);
    await writeFile(model.dictionary + partial, `${dictionaryLines.join('\n')}\n`);
    await rename(model.languageModel + partial, model.languageModel);
    await rename(model.dictionary + partial, model.dictionary);
    const stale = (await readdir(directory)).filter((file) => !file.startsWith(key));
    await Promise.all(stale.map((file) => rm(path.join(directory, file), { force: true })));
    return model;
  }

  function getModel(vocabulary: StoryfileVocabulary): Promise<DecoderModel> {
    if (options.isGeneralModelOnly) {
      return Promise.resolve({
        languageModel: POCKETSPHINX_DEFAULTS.generalLanguageModel,
        dictionary: dictionaryFile,
      });
    }
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          MODEL_RECIPE,
          storyfileWeight,
          options.hasQuestionShapes === true,
          vocabulary.phrasings,
        ]),
      )
      .digest('hex')
      .slice(0, 24);
    const cached = models.get(vocabulary.storyfileId);
    if (cached?.key === key) {
      return cached.model;
    }
    const directory = path.join(options.modelsDir, vocabulary.storyfileId);
    const languageModel = path.join(directory, `${key}.lm`);
    const dictionary = path.join(directory, `${key}.dict`);
    const model =
      existsSync(languageModel) && existsSync(dictionary)
        ? Promise.resolve({ languageModel, dictionary })
        : buildModel(vocabulary, directory, key);
    const entry = { key, model };
    models.set(vocabulary.storyfileId, entry);
    model.catch(() => {
      if (models.get(vocabulary.storyfileId) === entry) {
        models.delete(vocabulary.storyfileId);
      }
    });
    return model;
  }

  const warm =
    (options.warmDecoders ?? 0) > 0 && !options.keepsSilence && options.niceness === undefined
      ? createWarmDecoders({
          limit: options.warmDecoders!,
          ...(options.binary ? { binary: options.binary } : {}),
          ...(options.acousticModel ? { acousticModel: options.acousticModel } : {}),
        })
      : undefined;

  return {
    name: 'pocketsphinx',
    getModel,
    async prepare(vocabulary) {
      if (warm) {
        await warm.prepare(await getModel(vocabulary));
      }
    },
    async close() {
      await warm?.close();
    },
    async transcribe(wavFile, vocabulary, signal, voice) {
      const model = await getModel(vocabulary);
      // A warm decoder reads a fixed header: a WAV of another shape is decoded the old way.
      if (!voice && warm && (await readWavHeaderSize(wavFile)) === WARM_WAV_HEADER_BYTES) {
        return warm.decode(model, wavFile, signal);
      }
      const acousticModel = voice?.acousticModel ?? options.acousticModel;
      return runPocketsphinx(wavFile, model, {
        signal,
        ...(options.binary ? { binary: options.binary } : {}),
        ...(acousticModel ? { acousticModel } : {}),
        ...(voice?.mllrFile ? { mllrFile: voice.mllrFile } : {}),
        ...(options.keepsSilence ? { keepsSilence: true } : {}),
        ...(options.niceness ? { niceness: options.niceness } : {}),
      });
    },
  };
}
