import { stemWord } from './stem.ts';

// Words that say how a question is asked, not what it is about. On a storyfile of a few dozen
// answers, idf counted over the answers barely tells them apart from content words ("you" is in half
// the answers: idf 1.7 against 4.4 for a word of one answer), so "How old are you?" matched "Why did
// you sell the farm?" on "how" and "you" alone. They keep a small weight: "where were you born" and
// "when were you born" must still rank their own answers first.
const FUNCTION_WORDS = `a an the and or but if then so than as of at by for with about to from in
  on into onto over under again further once here there all any both each few more most other some
  such no nor not only same too very just also can could will would shall should do does did doing
  done be is am are was were been being have has had having i me my mine myself we our ours
  ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself
  they them their theirs themselves this that these those please let`;

// Words that frame a question in any interview without naming its topic: in "what is your
// favourite colour" the topic is "colour", and a storyfile's "favourite animal" answer must not win
// on "favourite" alone.
const FRAMING_WORDS = `favourite favorite like likes liked best worst most least think thought
  feel felt remember tell describe explain talk kind sort type thing things something anything
  really ever never always usually often much many lot good bad great way ok okay`;

// Question words carry more than other function words (where/when/why ask different things), so
// they get their own weight.
const QUESTION_WORDS = 'what which who whom whose when where why how';

function stemAll(words: string): Set<string> {
  return new Set(words.split(/\s+/).filter(Boolean).map(stemWord));
}

const FUNCTION_STEMS = stemAll(FUNCTION_WORDS);
const QUESTION_STEMS = stemAll(QUESTION_WORDS);
const FRAMING_STEMS = stemAll(FRAMING_WORDS);

/** Kind of a stemmed term: function word, question word, or a word that carries content. */
export type TermKind = 'function' | 'question' | 'framing' | 'content';

/** Classifies a stemmed term. Category terms (`#id`) are always content. */
export function classifyTerm(stem: string): TermKind {
  if (QUESTION_STEMS.has(stem)) {
    return 'question';
  }
  if (FUNCTION_STEMS.has(stem)) {
    return 'function';
  }
  return FRAMING_STEMS.has(stem) ? 'framing' : 'content';
}
