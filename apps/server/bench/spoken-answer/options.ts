// bench:spoken-answer's options (bench/spoken-answer.ts): its command line, the sentences spoken
// and in which voices, the transports, Chromium's flags, and the timings it records.
import { parseArgs } from 'node:util';
import { LIFE_STORY_TEMPLATE } from '../../src/modules/library/templates/life-story.ts';
import { UNSEEN_VOICES } from '../speech/recordings.ts';
import { PARAPHRASES, spread } from '../speech/sentences.ts';
import { BENCH_CHROMIUM_ARGS } from '../support.ts';

export const GOAL_SECONDS = 1.0;
/** One spoken question every this often. */
export const QUESTION_EVERY_MS = 9_000;
export const { values: args } = parseArgs({
  options: {
    unseen: { type: 'boolean', default: false },
    questions: { type: 'string', default: '10' },
    paraphrases: { type: 'string', default: '4' },
    transport: { type: 'string', default: 'both' },
    recognizer: { type: 'string', default: 'whisper' },
    window: { type: 'string', default: 'fit' },
  },
});
if (args.recognizer !== 'whisper' && args.recognizer !== 'pocketsphinx') {
  throw new Error('--recognizer must be whisper or pocketsphinx');
}
if (!['both', 'stream', 'upload'].includes(args.transport)) {
  throw new Error('--transport must be both, stream or upload');
}
export type Transport = 'stream' | 'upload';
/** The WebSocket (the player's default), then the upload it falls back to, side by side. */
export const TRANSPORTS: Transport[] =
  args.transport === 'both' ? ['stream', 'upload'] : [args.transport as Transport];
export const VOICES = args.unseen ? UNSEEN_VOICES : (['en-us', 'en-gb'] as const);
export const TEMPLATE_QUESTIONS = LIFE_STORY_TEMPLATE.topics.flatMap((topic) => topic.questions);
/** What is spoken: script questions spread over the topics, then paraphrases; and what answers. */
export const SENTENCES = [
  ...spread(TEMPLATE_QUESTIONS, Number(args.questions)).map((question) => ({
    group: 'script' as const,
    text: question.text,
    asks: question.text,
  })),
  ...PARAPHRASES.slice(0, Number(args.paraphrases)).map((sentence) => ({
    group: 'paraphrase' as const,
    ...sentence,
  })),
];
/** Quiet before the question (the visitor presses, then speaks) and after it, seconds. */
export const LEAD_SECONDS = 0.6;
export const TRAIL_SECONDS = 3;
/** The benches' flags, the player's autoplay, and the fake microphone. */
export const CHROMIUM_ARGS = [
  ...BENCH_CHROMIUM_ARGS,
  '--autoplay-policy=no-user-gesture-required',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export interface SpokenQuestion {
  group: 'script' | 'paraphrase';
  text: string;
  /** The template question that answers it. */
  asks: string;
  voice: string;
  wav: string;
  /** Where the last word ends in the file, seconds. */
  lastWordSeconds: number;
}

export interface Timing {
  group: 'script' | 'paraphrase';
  question: string;
  voice: string;
  /** What the spoken question got, against the same sentence typed. */
  outcome: 'named as typed' | 'answered wrongly' | 'please repeat' | 'cannot answer';
  /** What the visitor saw answered, or the fallback. */
  answered: string;
  recognition: string | null;
  /** 'stream' (the WebSocket) or 'upload'. */
  transport: string | null;
  heard: string;
  /** From the last word, seconds: the hangover that ended the question, the recording sent, the
   * words back, the ask sent, the answer chosen, its first frame. */
  endOfSpeech: number;
  sent: number;
  recognized: number;
  asked: number;
  chosen: number;
  firstFrame: number;
}
