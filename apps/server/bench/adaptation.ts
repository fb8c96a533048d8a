// Drafts that improve with the storyfile (issue 52 item 1): word error of a real speaker's later
// answers before and after adapting pocketsphinx's acoustic model to that speaker from the first
// answers an author corrected (their audio and words), and the time the adaptation takes.
//
// The speaker: 32 utterances of LJ Speech (public domain; benchmarks/speech/ljspeech-lj001, with
// its README). The first `--corrected` of them (5 and 20) play the corrected answers, the last 12
// the later answers that are drafted again. Adaptation is CMUSphinx's recipe with Debian's
// sphinxbase-utils and sphinxtrain (speech/adaptation/speaker-adaptation.ts): MLLR and MAP. The
// language side decodes the later answers with a model built from the corrected words as a
// storyfile's phrasings (speech/language-model.ts) instead of the general trigram model.
//
//   npm run bench:adaptation [-- --corrected 5,20 --methods mllr,map --language]
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { BACKGROUND_NICENESS, runMediaTool } from '../src/media/ffmpeg.ts';
import {
  adaptToSpeaker,
  type AdaptationMethod,
  type SpeakerAdaptation,
} from '../src/modules/speech/adaptation/speaker-adaptation.ts';
import { createEmbeddedEngine } from '../src/modules/speech/embedded-engine.ts';
import { buildDraftVocabulary } from '../src/modules/speech/draft-vocabulary.ts';
import { createWhisperEngine } from '../src/modules/speech/whisper-engine.ts';
import { splitIntoWords } from '../src/modules/speech/language-model.ts';
import {
  decoderArgs,
  parseCtm,
  POCKETSPHINX_DEFAULTS,
  type DecoderModel,
} from '../src/modules/speech/pocketsphinx.ts';
import { readDictionary } from '../src/modules/speech/pronunciations.ts';
import { childCpuSeconds, fixed, spellNumbers, wordEdits } from './speech/measures.ts';
import { repoRoot, writeBenchResults } from './support.ts';

const run = promisify(execFile);
const DATA_DIR = path.join(repoRoot, 'benchmarks', 'speech', 'ljspeech-lj001');
const LATER_COUNT = 12;

const { values } = parseArgs({
  options: {
    corrected: { type: 'string', default: '5,20' },
    methods: { type: 'string', default: 'mllr,map' },
    language: { type: 'boolean', default: true },
    'storyfile-weight': { type: 'string', default: '0.3' },
    whisper: { type: 'boolean', default: true },
  },
});
const correctedCounts = values.corrected.split(',').map(Number);
const methods = values.methods.split(',').filter(Boolean) as AdaptationMethod[];

interface Utterance {
  id: string;
  text: string;
  wavFile: string;
}

async function loadSpeaker(workDir: string): Promise<Utterance[]> {
  const lines = (await readFile(path.join(DATA_DIR, 'transcripts.txt'), 'utf8'))
    .split('\n')
    .filter(Boolean);
  const audio = path.join(workDir, 'audio');
  await mkdir(audio, { recursive: true });
  return Promise.all(
    lines.map(async (line) => {
      const [id, ...words] = line.split(' ');
      const wavFile = path.join(audio, `${id}.wav`);
      // 16 kHz mono WAV with a bare 44-byte header (no metadata chunks).
      await run('ffmpeg', [
        ...['-loglevel', 'error', '-y', '-i', path.join(DATA_DIR, `${id}.flac`)],
        ...['-ac', '1', '-ar', '16000', '-map_metadata', '-1', '-fflags', '+bitexact', wavFile],
      ]);
      return { id: id!, text: words.join(' '), wavFile };
    }),
  );
}

interface Scored {
  wordError: number;
  edits: number;
  words: number;
  /** The word error with the numbers heard as digits spelled out (`spellNumbers`). */
  wordErrorSpelled: number;
}

/** The word error of drafts against their truth, as written and with numbers spelled. */
function score(drafts: readonly { truth: string; heard: string }[]): Scored {
  let [edits, spelledEdits, words] = [0, 0, 0];
  for (const { truth, heard } of drafts) {
    const [reference, hypothesis] = [splitIntoWords(truth), splitIntoWords(heard)];
    edits += wordEdits(reference, hypothesis);
    spelledEdits += wordEdits(reference, spellNumbers(hypothesis));
    words += reference.length;
  }
  return { wordError: edits / words, edits, words, wordErrorSpelled: spelledEdits / words };
}

/** Decodes the later answers in one pocketsphinx_batch run; the word error over all of them. */
async function decodeLater(
  later: readonly Utterance[],
  workDir: string,
  setting: { model: DecoderModel; adaptation?: SpeakerAdaptation },
): Promise<Scored & { cpuSeconds: number }> {
  const outDir = await mkdtemp(path.join(workDir, 'decode-'));
  const control = path.join(outDir, 'control');
  await writeFile(control, `${later.map((utterance) => utterance.id).join('\n')}\n`);
  const cpuBefore = childCpuSeconds();
  const { adaptation } = setting;
  await runMediaTool(
    POCKETSPHINX_DEFAULTS.binary,
    decoderArgs({
      control,
      inputDir: path.dirname(later[0]!.wavFile),
      extension: '.wav',
      headerBytes: 44,
      model: setting.model,
      outDir,
      ...(adaptation ? { acousticModel: adaptation.acousticModel } : {}),
      ...(adaptation?.mllrFile ? { mllrFile: adaptation.mllrFile } : {}),
    }),
    { niceness: BACKGROUND_NICENESS },
  );
  const cpuSeconds = childCpuSeconds() - cpuBefore;
  const ctm = await readFile(path.join(outDir, 'words.ctm'), 'utf8');
  const scored = score(
    later.map((utterance) => {
      const lines = ctm.split('\n').filter((line) => line.startsWith(`${utterance.id} `));
      return { truth: utterance.text, heard: parseCtm(lines.join('\n')).text };
    }),
  );
  return { ...scored, cpuSeconds };
}

/**
 * The later answers drafted by Whisper tiny.en as the studio drafts (its thread at the lowest
 * CPU priority, no speaker adaptation); with `prompt`, the corrected answers' words before each
 * (the storyfile's language, as its questions get).
 */
async function draftLaterWithWhisper(later: readonly Utterance[], prompt: readonly string[]) {
  const engine = createWhisperEngine({ niceness: BACKGROUND_NICENESS });
  await engine.load();
  const drafts: { truth: string; heard: string }[] = [];
  let audioSeconds = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const utterance of later) {
    const heard = await engine.transcribe(
      utterance.wavFile,
      // As the studio's drafts: its corrected answers, the most recent first.
      buildDraftVocabulary('bench', [...prompt].reverse()),
      new AbortController().signal,
    );
    drafts.push({ truth: utterance.text, heard: heard.text });
    audioSeconds += ((await readFile(utterance.wavFile)).length - 44) / 32_000;
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await engine.close?.();
  return {
    ...score(drafts),
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    realTimeFactor: wallSeconds / audioSeconds,
  };
}

const workDir = await mkdtemp(path.join(tmpdir(), 'bench-adaptation-'));
try {
  const speaker = await loadSpeaker(workDir);
  const later = speaker.slice(-LATER_COUNT);
  const general: DecoderModel = {
    languageModel: POCKETSPHINX_DEFAULTS.generalLanguageModel,
    dictionary: POCKETSPHINX_DEFAULTS.dictionary,
  };
  const dictionary = await readDictionary(POCKETSPHINX_DEFAULTS.dictionary);
  console.log(
    `LJ Speech LJ001: ${speaker.length} utterances of one speaker; later answers: ${later.length} (${later[0]!.id}…), load ${loadavg()
      .map((load) => fixed(load, 1))
      .join(' ')}`,
  );
  const rows: Record<string, unknown>[] = [];
  const report = (row: Record<string, unknown> & Scored) => {
    rows.push(row);
    const adaptSeconds =
      typeof row.adaptSeconds === 'number' ? `${fixed(row.adaptSeconds, 1)} s` : '-';
    console.log(
      `${String(row.corrected).padStart(3)} corrected  ${String(row.method).padEnd(5)} ${String(row.language).padEnd(9)} word error ${fixed(row.wordError, 3)} (numbers spelled ${fixed(row.wordErrorSpelled, 3)})  adaptation ${adaptSeconds}`,
    );
  };

  const before = await decodeLater(later, workDir, { model: general });
  report({ corrected: 0, method: 'none', language: 'general', ...before });

  if (values.whisper) {
    // Issue 65: the modern recognizer, with no correction, then with the corrected words as its
    // prompt (Whisper is not adapted to a speaker: MLLR and MAP are pocketsphinx's).
    const plain = await draftLaterWithWhisper(later, []);
    report({ corrected: 0, method: 'whisper', language: 'none', ...plain });
    console.log(
      `      Whisper tiny.en real-time factor at the lowest priority: ${fixed(plain.realTimeFactor, 3)}`,
    );
    for (const corrected of correctedCounts) {
      const prompted = await draftLaterWithWhisper(
        later,
        speaker.slice(0, corrected).map((utterance) => utterance.text),
      );
      report({ corrected, method: 'whisper', language: 'prompt', ...prompted });
    }
  }

  let best: { adaptation: SpeakerAdaptation; wordError: number; corrected: number } | null = null;
  for (const corrected of correctedCounts) {
    for (const method of methods) {
      const adaptation = await adaptToSpeaker(speaker.slice(0, corrected), {
        workDir: path.join(workDir, `adapt-${method}-${corrected}`),
        method,
        dictionary,
        niceness: BACKGROUND_NICENESS,
      });
      const outcome = await decodeLater(later, workDir, { model: general, adaptation });
      report({
        corrected,
        method,
        language: 'general',
        adaptSeconds: adaptation.seconds.total,
        adaptStages: adaptation.seconds,
        ...outcome,
      });
      if (
        corrected === Math.max(...correctedCounts) &&
        (!best || outcome.wordError < best.wordError)
      ) {
        best = { adaptation, wordError: outcome.wordError, corrected };
      }
    }
  }

  if (values.language && best) {
    // The storyfile's language: the corrected answers' words as its phrasings, mixed with the
    // general model's 10,000 most frequent words (the model questions are heard with).
    const engine = createEmbeddedEngine({
      modelsDir: path.join(workDir, 'models'),
      storyfileWeight: Number(values['storyfile-weight']),
    });
    const model = await engine.getModel({
      storyfileId: 'bench',
      phrasings: speaker.slice(0, best.corrected).map((utterance) => utterance.text),
      terms: [],
    });
    const outcome = await decodeLater(later, workDir, { model, adaptation: best.adaptation });
    report({
      corrected: best.corrected,
      method: best.adaptation.method,
      language: 'storyfile',
      ...outcome,
    });
  }
  const file = writeBenchResults('adaptation', { load: loadavg(), later: later.length, rows });
  console.log(`figures: ${file}`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
