import { runMediaTool } from '../../media/ffmpeg.ts';
import type { SpeechTranscript, TimedWord } from './speech-engine.ts';

/** Where Debian's pocketsphinx and pocketsphinx-en-us put the decoder and the US English model. */
export const POCKETSPHINX_DEFAULTS = {
  binary: '/usr/bin/pocketsphinx_continuous',
  acousticModel: '/usr/share/pocketsphinx/model/en-us/en-us',
  generalLanguageModel: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  dictionary: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
} as const;

export interface DecoderModel {
  /** ARPA text or the binary trie of a language model. */
  languageModel: string;
  dictionary: string;
}

/** Words the decoder writes that are not speech: sentence marks, silence, noises. */
function isSpokenWord(word: string): boolean {
  return !/^[<[]/.test(word);
}

/**
 * Reads pocketsphinx_continuous's answer with `-time yes`: per utterance a hypothesis line, then
 * one `word start end posterior` line per word. The confidence is the mean posterior of the words
 * spoken (null when none was heard).
 */
export function parseDecoderOutput(stdout: string): SpeechTranscript {
  const hypotheses: string[] = [];
  const posteriors: number[] = [];
  const words: TimedWord[] = [];
  for (const line of stdout.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') {
      continue;
    }
    const fields = trimmed.split(/\s+/);
    const isWordLine =
      fields.length === 4 && fields.slice(1).every((field) => /^-?\d+(\.\d+)?$/.test(field));
    if (!isWordLine) {
      hypotheses.push(trimmed);
    } else if (isSpokenWord(fields[0]!)) {
      const posterior = Number(fields[3]);
      posteriors.push(posterior);
      words.push({
        // `word(2)` names the dictionary's second pronunciation of `word`.
        text: fields[0]!.replace(/\(\d+\)$/, ''),
        startMs: Math.round(Number(fields[1]) * 1000),
        endMs: Math.round(Number(fields[2]) * 1000),
        confidence: Math.round(Math.min(1, Math.max(0, posterior)) * 1000) / 1000,
      });
    }
  }
  const text = hypotheses.join(' ').replace(/\s+/g, ' ').trim();
  const confidence =
    posteriors.length === 0
      ? null
      : Math.round(
          (posteriors.reduce((total, value) => total + value, 0) / posteriors.length) * 1000,
        ) / 1000;
  return { text, confidence, alternatives: [], words };
}

/**
 * Decodes one 16 kHz mono WAV file with pocketsphinx_continuous (a child process: the event loop
 * only waits). pocketsphinx 5prealpha's command line gives one best hypothesis and word
 * posteriors, no n-best list.
 */
export async function runPocketsphinx(
  wavFile: string,
  model: DecoderModel,
  options: { binary?: string; acousticModel?: string; signal?: AbortSignal } = {},
): Promise<SpeechTranscript> {
  const { stdout } = await runMediaTool(
    options.binary ?? POCKETSPHINX_DEFAULTS.binary,
    [
      '-infile',
      wavFile,
      '-hmm',
      options.acousticModel ?? POCKETSPHINX_DEFAULTS.acousticModel,
      '-lm',
      model.languageModel,
      '-dict',
      model.dictionary,
      '-time',
      'yes',
      '-logfn',
      '/dev/null',
    ],
    options.signal ? { signal: options.signal } : {},
  );
  return parseDecoderOutput(stdout);
}
