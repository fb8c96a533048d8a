import type { WordSuggestion } from '@conversa/contracts';
import { classifyTerm, normalizeText, OFF_TOPIC_QUESTIONS, stemWord } from '@conversa/matching';

/** At most this many suggestions of each source. */
export const MAX_SUGGESTIONS_PER_SOURCE = 25;
/** A rare word is at least this long (short words are rarely misheard jargon). */
const MIN_RARE_WORD_LENGTH = 6;
/**
 * In captions, at least this long: captions are answers in everyday speech, which uses many more
 * ordinary words than questions do ("father", "closed"), and the everyday-questions corpus below
 * does not know them all; long words are far more often the storyfile's own jargon.
 */
const MIN_CAPTION_RARE_WORD_LENGTH = 8;

// Ordinary English as visitors ask it: the matcher's own corpus of everyday questions. A script
// word found there is common; one found nowhere there (and not a function word) is rare.
let commonStems: Set<string> | undefined;
function getCommonStems(): Set<string> {
  commonStems ??= new Set(
    OFF_TOPIC_QUESTIONS.flatMap((question) => normalizeText(question).split(' ')).map(stemWord),
  );
  return commonStems;
}

function isContentWord(word: string): boolean {
  return /\p{L}/u.test(word) && classifyTerm(stemWord(word)) === 'content';
}

interface Found {
  term: string;
  count: number;
  example: string;
}

function add(found: Map<string, Found>, key: string, term: string, example: string): void {
  const entry = found.get(key);
  if (entry) {
    entry.count++;
  } else {
    found.set(key, { term, count: 1, example });
  }
}

function ranked(found: Map<string, Found>, source: WordSuggestion['source']): WordSuggestion[] {
  return [...found.values()]
    .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term))
    .slice(0, MAX_SUGGESTIONS_PER_SOURCE)
    .map((entry) => ({ ...entry, source }));
}

/**
 * Names (capitalised words not at the start of a sentence, "in Milwaukee", runs of them kept
 * together, "New York") and rare words (long content words that ordinary questions never use) of
 * `texts`; keys in `known` are left out, and a name is not also offered as a rare word.
 */
function findNamesAndRareWords(
  texts: readonly string[],
  known: ReadonlySet<string>,
  minRareLength: number,
): { names: Map<string, Found>; rare: Map<string, Found> } {
  const names = new Map<string, Found>();
  const rare = new Map<string, Found>();
  const common = getCommonStems();
  for (const text of texts) {
    // Sentence starts are capitalised anyway; a name is a capitalised word after another word.
    for (const sentence of text.split(/[.!?]+/)) {
      const words = sentence.split(/[^\p{L}\p{N}'’-]+/u).filter((word) => word !== '');
      let run: string[] = [];
      const flush = () => {
        const term = run.join(' ');
        const key = normalizeText(term);
        if (
          run.length > 0 &&
          !known.has(key) &&
          run.some((word) => isContentWord(normalizeText(word)))
        ) {
          add(names, key, term, text.trim());
        }
        run = [];
      };
      words.forEach((word, index) => {
        if (index > 0 && /^\p{Lu}/u.test(word) && word !== 'I' && !/^I['’]/u.test(word)) {
          run.push(word);
        } else {
          flush();
        }
      });
      flush();
    }
    for (const word of new Set(normalizeText(text).split(' '))) {
      if (
        word.length >= minRareLength &&
        isContentWord(word) &&
        !common.has(stemWord(word)) &&
        !known.has(word)
      ) {
        add(rare, word, word, text.trim());
      }
    }
  }
  for (const key of names.keys()) {
    rare.delete(key);
  }
  return { names, rare };
}

/** A text's sentences, each with its closing punctuation, trimmed. */
function splitSentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/**
 * Candidate custom words:
 * - names and rare words of the script (questions and their alternates);
 * - names and rare words (at least MIN_CAPTION_RARE_WORD_LENGTH letters) of the captions of the storyfile's videos (one text a video, its cues in
 *   order, read sentence by sentence so a name at the start of a cue that goes on a sentence still
 *   counts), those the script already offers left out;
 * - unmatched: content words of spoken questions that fell back and that the script never uses
 *   (what the recognizer heard instead of a word the storyfile knows, or a topic it lacks).
 * Terms already in the custom words (as a term or a "heard as" form) are left out.
 */
export function suggestWords(input: {
  phrasings: readonly string[];
  captions?: readonly string[];
  unmatchedSpoken: readonly string[];
  knownTerms: readonly string[];
}): WordSuggestion[] {
  const known = new Set(input.knownTerms.map((term) => normalizeText(term)));
  const script = findNamesAndRareWords(input.phrasings, known, MIN_RARE_WORD_LENGTH);
  const offered = new Set([...known, ...script.names.keys(), ...script.rare.keys()]);
  const captions = findNamesAndRareWords(
    (input.captions ?? []).flatMap(splitSentences),
    offered,
    MIN_CAPTION_RARE_WORD_LENGTH,
  );
  const scriptWords = new Set(
    input.phrasings.flatMap((phrasing) => normalizeText(phrasing).split(' ')),
  );

  const unmatched = new Map<string, Found>();
  for (const question of input.unmatchedSpoken) {
    for (const word of new Set(normalizeText(question).split(' '))) {
      if (word.length >= 3 && isContentWord(word) && !scriptWords.has(word) && !known.has(word)) {
        add(unmatched, word, word, question.trim());
      }
    }
  }
  return [
    ...ranked(script.names, 'name'),
    ...ranked(script.rare, 'rare'),
    ...ranked(captions.names, 'caption-name'),
    ...ranked(captions.rare, 'caption-rare'),
    ...ranked(unmatched, 'unmatched'),
  ];
}
