import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpeechConfig } from '../../config/env.ts';
import { BACKGROUND_NICENESS } from '../../media/ffmpeg.ts';
import { makeWorkFolder } from '../../media/work-folders.ts';
import { findPauseCuts, findPauses, readPcmWav, writePcmWav } from './pauses.ts';
import { createConfiguredEngine } from './recognizers.ts';
import type {
  SpeakerVoice,
  SpeechEngine,
  StoryfileVocabulary,
  TimedWord,
} from './speech-engine.ts';
import { hasVoice } from './voice.ts';
import { fitWordsToPauses } from './word-pauses.ts';

/**
 * Longest piece of an answer sent to a recognizer at once: Whisper reads 30-second windows and
 * servers cap their uploads; pocketsphinx keeps a whole piece's lattice in memory.
 */
export const DICTATION_PIECE_MS = 25_000;

/** What a recognizer made of a recorded answer: its words, timed from the start of the recording. */
export interface Dictated {
  text: string;
  words: TimedWord[];
}

/** Turns recorded answers (minutes long, everyday speech) into timed words. */
export interface Dictation {
  readonly engineName: SpeechEngine['name'];
  /** The CPU niceness its embedded recognizer decodes at (TRANSCRIBE_NICENESS). */
  readonly niceness: number;
  /**
   * Transcribes a 16 kHz mono WAV file of any length: cut where speech pauses into pieces of at
   * most DICTATION_PIECE_MS, each recognized on its own, the words' times put back on the
   * whole recording's clock. A piece with no voice in it (`voice.ts`) gets no words. With
   * `voice`, the embedded engine hears it as the storyfile's speaker (issue 52).
   */
  transcribeAnswer(
    wavFile: string,
    options: { signal: AbortSignal; vocabulary?: StoryfileVocabulary; voice?: SpeakerVoice },
  ): Promise<Dictated>;
}

const NO_VOCABULARY: StoryfileVocabulary = { storyfileId: '', phrasings: [], terms: [] };

/**
 * The storyfile's recognizer for answers: the external engine when SPEECH_TO_TEXT_URL is set,
 * else SPEECH_RECOGNIZER's: Whisper (in a thread at the drafts' CPU priority), or pocketsphinx
 * with Debian's general US English model (answers are everyday speech, not the script's
 * questions the storyfile models are made of), which also serves when Whisper cannot load.
 */
export function createDictation(options: {
  config: SpeechConfig;
  engine?: SpeechEngine;
  /** TRANSCRIBE_NICENESS; by default the lowest priority, BACKGROUND_NICENESS. */
  niceness?: number;
}): Dictation {
  const niceness = options.niceness ?? BACKGROUND_NICENESS;
  const engine =
    options.engine ??
    createConfiguredEngine(
      options.config.external
        ? {
            ...options.config,
            // A piece is longer than a question: give the server time in proportion.
            external: {
              ...options.config.external,
              timeoutSeconds: Math.max(options.config.external.timeoutSeconds, 60),
            },
          }
        : options.config,
      { modelsDir: tmpdir(), isGeneralModelOnly: true, keepsSilence: true, niceness },
      // Whisper's thread runs at the drafts' priority too, behind every visitor's question.
      { niceness, writes: 'sentences' },
    );
  return {
    get engineName() {
      return engine.name;
    },
    niceness,
    async transcribeAnswer(wavFile, { signal, vocabulary, voice }) {
      const audio = readPcmWav(await readFile(wavFile));
      const cuts = findPauseCuts(audio, DICTATION_PIECE_MS);
      const bounds = [0, ...cuts, audio.samples.length];
      const workDir = await makeWorkFolder(tmpdir(), 'conversa-media-');
      try {
        const words: TimedWord[] = [];
        for (let index = 0; index + 1 < bounds.length; index += 1) {
          const start = bounds[index]!;
          const pieceSamples = audio.samples.subarray(start, bounds[index + 1]);
          // Noise with no voice in it is never heard: a recognizer reads words into it.
          if (!hasVoice({ sampleRate: audio.sampleRate, samples: pieceSamples })) {
            continue;
          }
          const pieceFile = path.join(workDir, `piece-${index}.wav`);
          await writeFile(
            pieceFile,
            writePcmWav({
              sampleRate: audio.sampleRate,
              samples: pieceSamples,
            }),
          );
          const heard = await engine.transcribe(
            pieceFile,
            vocabulary ?? NO_VOCABULARY,
            signal,
            voice,
          );
          const offsetMs = Math.round((start / audio.sampleRate) * 1000);
          for (const word of heard.words ?? []) {
            words.push({
              ...word,
              startMs: word.startMs + offsetMs,
              endMs: word.endMs + offsetMs,
            });
          }
          await rm(pieceFile, { force: true });
        }
        // Whisper's words take the silence beside them into their times (word-pauses.ts).
        const timed =
          engine.name === 'whisper' ? fitWordsToPauses(words, findPauses(audio)) : words;
        return { text: timed.map((word) => word.text).join(' '), words: timed };
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
