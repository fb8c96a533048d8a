import { readFile } from 'node:fs/promises';
import { AppError } from '../../http/errors.ts';
import type { SpeechEngine, SpeechTranscript, TimedWord } from './speech-engine.ts';
import { chooseForPrompt, MAX_PROMPT_CHARACTERS, uniqueTexts } from './whisper-prompt.ts';

export const SPEECH_SERVICE_DOWN_MESSAGE =
  'The speech recognizer is not available right now. Type your question instead.';
export const SPEECH_SERVICE_TIMEOUT_MESSAGE =
  'The speech recognizer did not answer in time. Type your question, or try again.';

const TRANSCRIPTIONS_PATH = '/v1/audio/transcriptions';

/** The transcription endpoint of a base URL (a URL that already names it is kept). */
export function getTranscriptionsUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (trimmed.endsWith('/audio/transcriptions')) {
    return trimmed;
  }
  return trimmed.endsWith('/v1')
    ? `${trimmed}/audio/transcriptions`
    : `${trimmed}${TRANSCRIPTIONS_PATH}`;
}

/**
 * The prompt that biases the external recognizer toward the storyfile: its custom words first
 * (the words a general model gets wrong), then its questions, whole phrasings: all that fit, and
 * past 800 characters those that bring the words the prompt lacks (`chooseForPrompt`).
 */
export function buildTranscriptionPrompt(terms: readonly string[], phrasings: readonly string[]) {
  const seen = new Set<string>();
  const words: string[] = [];
  let left = MAX_PROMPT_CHARACTERS;
  for (const word of uniqueTexts(terms, seen)) {
    if (word.length + 2 > left) {
      break;
    }
    words.push(word);
    left -= word.length + 2;
  }
  const questions = chooseForPrompt(uniqueTexts(phrasings, seen), left, {
    separator: ', ',
    known: words.join(' '),
  });
  return [...words, ...questions].join(', ');
}

/** What a `/v1/audio/transcriptions` server answers with `response_format=verbose_json` (or json). */
interface TranscriptionAnswer {
  text?: unknown;
  segments?: { avg_logprob?: unknown; start?: unknown; end?: unknown; text?: unknown }[];
  /** With `timestamp_granularities[]=word` (OpenAI, faster-whisper servers). */
  words?: { word?: unknown; start?: unknown; end?: unknown; probability?: unknown }[];
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The words with their times: the server's own word list when it gives one, else each segment's
 * words spread evenly over the segment (whisper.cpp's server times segments only).
 */
export function readTimedWords(answer: TranscriptionAnswer): TimedWord[] {
  const listed = (answer.words ?? []).filter(
    (word) => typeof word.word === 'string' && isNumber(word.start) && isNumber(word.end),
  );
  if (listed.length > 0) {
    return listed
      .map((word) => ({
        text: (word.word as string).trim(),
        startMs: Math.round((word.start as number) * 1000),
        endMs: Math.round((word.end as number) * 1000),
        confidence: isNumber(word.probability) ? Math.round(word.probability * 1000) / 1000 : null,
      }))
      .filter((word) => word.text !== '');
  }
  return (answer.segments ?? []).flatMap((segment) => {
    if (typeof segment.text !== 'string' || !isNumber(segment.start) || !isNumber(segment.end)) {
      return [];
    }
    const texts = segment.text.trim().split(/\s+/).filter(Boolean);
    const startMs = segment.start * 1000;
    const step = (Math.max(segment.end * 1000, startMs) - startMs) / Math.max(1, texts.length);
    return texts.map((text, index) => ({
      text,
      startMs: Math.round(startMs + index * step),
      endMs: Math.round(startMs + (index + 1) * step),
      confidence: null,
    }));
  });
}

function readConfidence(answer: TranscriptionAnswer): number | null {
  const logprobs = (answer.segments ?? [])
    .map((segment) => segment.avg_logprob)
    .filter((value): value is number => typeof value === 'number');
  if (logprobs.length === 0) {
    return null;
  }
  const mean = logprobs.reduce((total, value) => total + value, 0) / logprobs.length;
  return Math.round(Math.min(1, Math.exp(mean)) * 1000) / 1000;
}

/**
 * A transcription server speaking OpenAI's `POST /v1/audio/transcriptions` multipart shape (file,
 * model, prompt, response_format). A server that does not answer within the timeout, or answers
 * an error, gives the visitor a sentence, never a hang.
 */
export function createExternalEngine(options: {
  url: string;
  model: string;
  apiKey: string | undefined;
  timeoutSeconds: number;
}): SpeechEngine {
  const endpoint = getTranscriptionsUrl(options.url);
  return {
    name: 'external',
    async transcribe(wavFile, vocabulary, signal): Promise<SpeechTranscript> {
      const form = new FormData();
      form.append('file', new Blob([await readFile(wavFile)], { type: 'audio/wav' }), 'speech.wav');
      form.append('model', options.model);
      form.append('response_format', 'verbose_json');
      form.append('timestamp_granularities[]', 'word');
      form.append('timestamp_granularities[]', 'segment');
      form.append('language', 'en');
      const prompt = buildTranscriptionPrompt(vocabulary.terms, vocabulary.phrasings);
      if (prompt !== '') {
        form.append('prompt', prompt);
      }
      const timeout = AbortSignal.timeout(options.timeoutSeconds * 1000);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          body: form,
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          signal: AbortSignal.any([signal, timeout]),
        });
      } catch (error) {
        if (timeout.aborted) {
          throw new AppError(504, 'GATEWAY_TIMEOUT', SPEECH_SERVICE_TIMEOUT_MESSAGE);
        }
        if (signal.aborted) {
          throw error;
        }
        throw new AppError(503, 'SERVICE_UNAVAILABLE', SPEECH_SERVICE_DOWN_MESSAGE);
      }
      let answer: TranscriptionAnswer;
      try {
        if (!response.ok) {
          throw new Error(`HTTP ${response.status}`);
        }
        answer = (await response.json()) as TranscriptionAnswer;
      } catch {
        if (timeout.aborted) {
          throw new AppError(504, 'GATEWAY_TIMEOUT', SPEECH_SERVICE_TIMEOUT_MESSAGE);
        }
        throw new AppError(503, 'SERVICE_UNAVAILABLE', SPEECH_SERVICE_DOWN_MESSAGE);
      }
      return {
        text: typeof answer.text === 'string' ? answer.text.trim() : '',
        confidence: readConfidence(answer),
        alternatives: [],
        words: readTimedWords(answer),
      };
    },
  };
}
