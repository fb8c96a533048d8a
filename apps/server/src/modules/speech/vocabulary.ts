import type { HeardAsRule } from '@conversa/contracts';
import type { StoryfileVocabulary } from './speech-engine.ts';
import { findTranscriptNames } from './transcript-names.ts';

/** What a storyfile's recognizer vocabulary is made of (its script, categories and custom words). */
export interface VocabularySources {
  storyfileId: string;
  answers: Iterable<{ text: string; alternates: readonly string[]; transcript?: string }>;
  categories: ReadonlyArray<{ phrases: readonly string[] }>;
  heardAsRules: readonly HeardAsRule[];
  /** The custom words (display form first). */
  terms: readonly string[];
}

/** The words a recognizer should expect for one storyfile, in a stable order (its model's key). */
export function buildStoryfileVocabulary(sources: VocabularySources): StoryfileVocabulary {
  const answers = [...sources.answers];
  const phrasings = new Set<string>();
  for (const answer of answers) {
    phrasings.add(answer.text);
    answer.alternates.forEach((alternate) => phrasings.add(alternate));
  }
  for (const category of sources.categories) {
    category.phrases.forEach((phrase) => phrasings.add(phrase));
  }
  sources.terms.forEach((term) => phrasings.add(term));
  for (const rule of sources.heardAsRules) {
    phrasings.add(rule.heardAs);
    phrasings.add(rule.replacement);
  }
  // The names and places said in the answers, which visitors will say back (issue 41).
  for (const name of findTranscriptNames(answers.map((answer) => answer.transcript ?? ''))) {
    phrasings.add(name);
  }
  return {
    storyfileId: sources.storyfileId,
    phrasings: [...phrasings].filter((text) => text.trim() !== '').sort(),
    terms: [...sources.terms],
  };
}
