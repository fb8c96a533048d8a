import { readFileSync } from 'node:fs';
import pLimit from 'p-limit';
import { toOrdinal, toWords } from 'to-words/en-US';
import type { SpeechToTextResponse } from '@conversa/contracts';
import type { TestBrowser } from '../../test/studio.ts';
import type { Sentence } from './sentences.ts';

/** CPU seconds of this process's ended children (ffmpeg, pocketsphinx, espeak-ng, sox). */
export function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime, in clock ticks (USER_HZ, 100 on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs `task` over `items`, at most `limit` at a time, answers in order. */
export function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const pool = pLimit(limit);
  return Promise.all(items.map((item, index) => pool(() => task(item, index))));
}

/** Word-level edit distance (substitutions, insertions, deletions). */
export function wordEdits(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j += 1) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

/** A year a person reads in pairs: 1100-1999 ("fourteen sixty two", "nineteen oh five"). */
function yearInWords(year: number): string {
  const [high, low] = [Math.floor(year / 100), year % 100];
  const tail = low === 0 ? 'hundred' : low < 10 ? `oh ${toWords(low)}` : toWords(low);
  return `${toWords(high)} ${tail}`;
}

/**
 * The words with each number written in digits spelled out ("1462" → fourteen sixty two, "15th" →
 * fifteenth, "20" → twenty), as the benchmarks' references write them (LJ Speech's normalised
 * text), so that a word error counts what was misheard rather than how a number is written:
 * Whisper writes digits. The common practice (OpenAI's Whisper normaliser, the Open ASR
 * Leaderboard) makes both sides agree in the same way, writing them as digits instead.
 */
export function spellNumbers(words: readonly string[]): string[] {
  return words.flatMap((word) => {
    const match = /^(\d{1,9})(st|nd|rd|th)?$/.exec(word);
    if (!match) {
      return [word];
    }
    const value = Number(match[1]);
    const spelled = match[2]
      ? toOrdinal(value)
      : value >= 1100 && value <= 1999
        ? yearInWords(value)
        : toWords(value);
    return spelled
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter(Boolean);
  });
}

export async function call<Body>(
  owner: TestBrowser,
  url: string,
  init: RequestInit,
): Promise<Body> {
  const response = await owner.api(url, { method: 'POST', ...init });
  if (!response.ok) {
    throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Body;
}

export interface Outcome {
  sentence: Sentence;
  voicing: string;
  audioSeconds: number;
  general: string;
  /** The storyfile's model with the general shapes of questions (issue 42, item 4). */
  withShapes: string;
  storyfile: string;
  typedRight: boolean;
  typedAnswered: boolean;
  generalRight: boolean;
  generalAnswered: boolean;
  storyfileRight: boolean;
  storyfileAnswered: boolean;
  /** The typed question's answer (null: a fallback). */
  typedQuestionId: string | null;
  /** The first reading alone, as spoken questions were asked before issue 42. */
  firstReading: SpokenOutcome;
  /** The readings and confidence handed to the spoken ask (reading choice, please repeat). */
  readings: SpokenOutcome;
  /** The first reading asked as if typed: what the words alone reach (misheard when not right). */
  asTyped: SpokenOutcome;
  /** What the storyfile's model heard, as the spoken ask was given it (`--heard` asks it again). */
  heard: Pick<SpeechToTextResponse, 'text' | 'confidence' | 'alternatives'>;
}

/** What a spoken question got: the answer named, or the fallback's reason. */
export interface SpokenOutcome {
  questionId: string | null;
  reason: string | null;
}

export const share = (part: number, whole: number) => (whole === 0 ? NaN : part / whole);
export const percent = (value: number) =>
  Number.isNaN(value) ? '-' : `${(value * 100).toFixed(0)}%`;
export const fixed = (value: number, digits = 2) =>
  Number.isNaN(value) ? '-' : value.toFixed(digits);
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
