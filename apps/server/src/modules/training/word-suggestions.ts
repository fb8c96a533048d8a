import type { WordSuggestion } from '@conversa/contracts';
import { classifyTerm, normalizeText, OFF_TOPIC_QUESTIONS, stemWord } from '@conversa/matching';

/** At most this many suggestions of each source. */
export const MAX_SUGGESTIONS_PER_SOURCE = 25;
/** A rare word is at least this long (short words are rarely misheard jargon). */
const MIN_RARE_WORD_LENGTH = 6;

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
 * Candidate custom words:
 * - names: capitalised words of the script not at the start of a sentence ("in Milwaukee"), runs of
 *   them kept together ("New York");
 * - rare words: long content words of the script that ordinary questions never use;
 * - unmatched: content words of spoken questions that fell back and that the script never uses
 *   (what the recognizer heard instead of a word the storyfile knows, or a topic it lacks).
 * Terms already in the custom words (as a term or a "heard as" form) are left out.
 */
export function suggestWords(input: {
  phrasings: readonly string[];
  unmatchedSpoken: readonly string[];
  knownTerms: readonly string[];
}): WordSuggestion[] {
  const known = new Set(input.knownTerms.map((term) => normalizeText(term)));
  const names = new Map<string, Found>();
  const rare = new Map<string, Found>();
  const scriptWords = new Set<string>();
  const common = getCommonStems();

  for (const phrasing of input.phrasings) {
    for (const word of normalizeText(phrasing).split(' ')) {
      scriptWords.add(word);
    }
    // Sentence starts are capitalised anyway; a name is a capitalised word after another word.
    for (const sentence of phrasing.split(/[.!?]+/)) {
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
          add(names, key, term, phrasing.trim());
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
    for (const word of new Set(normalizeText(phrasing).split(' '))) {
      if (
        word.length >= MIN_RARE_WORD_LENGTH &&
        isContentWord(word) &&
        !common.has(stemWord(word)) &&
        !known.has(word)
      ) {
        add(rare, word, word, phrasing.trim());
      }
    }
  }
  // A name is not also offered as a rare word.
  for (const key of names.keys()) {
    rare.delete(key);
  }

  const unmatched = new Map<string, Found>();
  for (const question of input.unmatchedSpoken) {
    for (const word of new Set(normalizeText(question).split(' '))) {
      if (word.length >= 3 && isContentWord(word) && !scriptWords.has(word) && !known.has(word)) {
        add(unmatched, word, word, question.trim());
      }
    }
  }
  return [...ranked(names, 'name'), ...ranked(rare, 'rare'), ...ranked(unmatched, 'unmatched')];
}
