import { deflateSync } from 'node:zlib';

/**
 * Where a beam has read past the question (issue 65). With the storyfile's script as its prompt,
 * or in a window fitted to a short recording, Whisper often reads on after the question's last
 * word: it says the question again ("Who was your hero when you were young? Who was your hero…")
 * or goes on with a sentence of the prompt. A beam doing so is ended where the copy starts, its
 * reading the question alone, instead of decoding on to the token cap and hearing the recording
 * again in a full window.
 */

/** Words said twice in a row of this many is a loop. */
const REPEATED_RUN_WORDS = 4;
/** Above this, a text repeats itself (OpenAI's `compression_ratio_threshold`). */
const COMPRESSION_RATIO_LIMIT = 2.4;
/** A sentence whose first words are another's (the reading's own or a prompt's) is a copy. */
const COPIED_START_WORDS = 3;
/** A question this long ends the reading ("Really? Where did you grow up?" is kept whole). */
const MIN_QUESTION_WORDS = 3;
/** A reading is cut only after this many words: never to a word or two. */
const MIN_KEPT_WORDS = 2;

/**
 * The most tokens a question's reading takes: a fast speaker's 3.5 words a second at about 1.3
 * tokens a word (4.6 tokens a second), with a third more for room and 12 for a short recording's
 * punctuation and names. A 2-s question may read 24 tokens (40 before, as drafts still may).
 */
export function questionTokenCap(seconds: number): number {
  return Math.ceil(seconds * 6) + 12;
}

interface Word {
  text: string;
  /** The index of its first token. */
  firstToken: number;
  /** It begins a sentence: the first word, or one after a '.', '?' or '!'. */
  startsSentence: boolean;
  /** It ends a sentence with a question mark. */
  endsQuestion: boolean;
}

const wordText = (piece: string) => piece.toLowerCase().replace(/[^\p{L}\p{N}']+/gu, '');

/** The words of a reading from its tokens' texts; a piece beginning with a space begins a word. */
function wordsOf(pieces: readonly string[]): Word[] {
  const words: Word[] = [];
  let afterSentenceEnd = true;
  pieces.forEach((piece, index) => {
    const text = wordText(piece);
    const last = words.at(-1);
    if (text !== '' && (last === undefined || piece.startsWith(' ') || last.text === '')) {
      words.push({
        text,
        firstToken: index,
        startsSentence: afterSentenceEnd,
        endsQuestion: false,
      });
      afterSentenceEnd = false;
    } else if (last && text !== '') {
      last.text += text;
    }
    if (/[.?!]["')\]]*\s*$/.test(piece)) {
      afterSentenceEnd = true;
      if (words.length > 0 && piece.includes('?')) {
        words.at(-1)!.endsQuestion = true;
      }
    }
  });
  return words;
}

const sameWords = (words: readonly Word[], from: number, start: readonly string[]) =>
  start.length > 0 && start.every((text, offset) => words[from + offset]?.text === text);

/** The first words of each sentence of a prompt, as a reading's copy of it would start. */
export function promptSentenceStarts(prompt: string | undefined): string[][] {
  return (prompt ?? '')
    .split(/(?<=[.?!])\s+/)
    .map((sentence) =>
      sentence
        .split(/\s+/)
        .map(wordText)
        .filter((text) => text !== '')
        .slice(0, COPIED_START_WORDS),
    )
    .filter((start) => start.length === COPIED_START_WORDS);
}

/**
 * The number of tokens to keep when a reading has gone on past its question, or undefined. The
 * last word is left out of the tests of words (its next token may lengthen it). A reading is cut
 * before:
 * - any sentence after a question of 3 words or more that ends in '?' (the question's end);
 * - a run of 4 words it has said already (a loop);
 * - a sentence after its first that starts with the words of one of its earlier sentences;
 * - a sentence that starts with the words of one of the prompt's (`promptStarts`, from
 *   `promptSentenceStarts`) after a question: a sentence that ended in '?' or started as one of
 *   the prompt's ("Hi there. Where did you grow up?" is one question, and kept whole).
 */
export function readOnCut(
  pieces: readonly string[],
  promptStarts: readonly (readonly string[])[],
): number | undefined {
  const allWords = wordsOf(pieces);
  // The question's end: a reading goes on after a question of its own only by reading on.
  const asked = allWords.findIndex(
    (word, index) => word.endsQuestion && index + 1 >= MIN_QUESTION_WORDS,
  );
  const next = allWords[asked + 1];
  if (asked !== -1 && next) {
    return next.firstToken;
  }
  const words = allWords.slice(0, -1);
  const firstRunStart = new Map<string, number>();
  const sentenceStarts: string[][] = [];
  let hasAsked = false;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const startsAsPrompt =
      word.startsSentence && promptStarts.some((start) => sameWords(words, index, start));
    if (index >= MIN_KEPT_WORDS && word.startsSentence) {
      const copiesItself = sentenceStarts.some((start) => sameWords(words, index, start));
      if (copiesItself || (hasAsked && startsAsPrompt)) {
        return word.firstToken;
      }
    }
    hasAsked ||= startsAsPrompt || word.endsQuestion;
    if (word.startsSentence) {
      const start = words.slice(index, index + COPIED_START_WORDS).map((each) => each.text);
      if (start.length === COPIED_START_WORDS) {
        sentenceStarts.push(start);
      }
    }
    if (index + REPEATED_RUN_WORDS <= words.length) {
      const run = words
        .slice(index, index + REPEATED_RUN_WORDS)
        .map((each) => each.text)
        .join(' ');
      const first = firstRunStart.get(run);
      if (first !== undefined && index >= MIN_KEPT_WORDS) {
        // The copy is cut at its sentence's start when the whole sentence is the copy's.
        const sentence = words.findLastIndex(
          (each, at) => at <= index && at > first && each.startsSentence,
        );
        return words[sentence === -1 ? index : sentence]!.firstToken;
      }
      firstRunStart.set(run, index);
    }
  }
  return undefined;
}

/** A reading this likely that names what the best does not makes the readings disagree. */
const DISAGREEING_SHARE = 0.15;

const spaced = (text: string) =>
  ` ${text
    .split(/\s+/)
    .map(wordText)
    .filter((word) => word !== '')
    .join(' ')} `;

/**
 * Whether the readings disagree on the prompt's words: a likely one (a share of 0.15 or more)
 * holds a whole sentence of the prompt (a custom word, its "heard as" form, a question of the
 * script) that the best does not ("Did you ever meet the king?" beside "…a king?").
 */
export function disagreesOnPrompt(
  readings: readonly { text: string; share: number }[],
  prompt: string | undefined,
): boolean {
  const [best, ...others] = readings;
  if (!best || !prompt) {
    return false;
  }
  const sentences = prompt
    .split(/(?<=[.?!,])\s+/)
    .map(spaced)
    .filter((sentence) => sentence.trim() !== '');
  const bestWords = spaced(best.text);
  return others.some((reading) => {
    const words = spaced(reading.text);
    return (
      reading.share >= DISAGREEING_SHARE &&
      sentences.some((sentence) => words.includes(sentence) && !bestWords.includes(sentence))
    );
  });
}

/**
 * Whether a text repeats itself: OpenAI's test (it compresses more than 2.4 times,
 * `transcribe.py`), which a question too short to compress passes, or any run of 4 words said
 * twice, which a question almost never holds and a loop always does.
 */
export function isRepeating(text: string): boolean {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > 0 && bytes.length / deflateSync(bytes).length > COMPRESSION_RATIO_LIMIT) {
    return true;
  }
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  const seen = new Set<string>();
  for (let index = 0; index + REPEATED_RUN_WORDS <= words.length; index += 1) {
    const phrase = words.slice(index, index + REPEATED_RUN_WORDS).join(' ');
    if (seen.has(phrase)) {
      return true;
    }
    seen.add(phrase);
  }
  return false;
}
