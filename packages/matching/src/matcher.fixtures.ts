// The matcher tests' shared script (seven answers of an interview), category and builders.
import { createMatcher } from './matcher.ts';
import type { Matcher } from './matcher.ts';
import type { AnswerInput, Category, Embedder } from './types.ts';

/** Seven answers of an interview, some with alternates. */
export const STORYFILE: AnswerInput[] = [
  {
    id: 'where-born',
    question: 'Where were you born?',
    alternates: ["What's your hometown?", 'Which city did you grow up in?'],
  },
  {
    id: 'first-job',
    question: 'What was your first job?',
    alternates: ['How did you start your career?'],
  },
  {
    id: 'favourite-film',
    question: 'What is your favourite movie?',
    alternates: ['Which film do you love the most?'],
  },
  {
    id: 'children',
    question: 'Do you have children?',
    alternates: ['Tell me about your kids', 'How many kids do you have?'],
  },
  { id: 'advice', question: 'What advice would you give to young people?' },
  {
    id: 'hobbies',
    question: 'What do you do in your free time?',
    alternates: ['What are your hobbies?'],
  },
  {
    id: 'war',
    question: 'What do you remember about the war?',
    alternates: ['Tell me about your time in the army'],
  },
];

/** A category of film words. */
export const CINEMA: Category = {
  id: 'cinema',
  name: 'Cinema',
  phrases: ['movie', 'film', 'motion picture', 'flick'],
};

/** A matcher holding these answers (the shared script by default). */
export function buildMatcher(
  answers: readonly AnswerInput[] = STORYFILE,
  options: Parameters<typeof createMatcher>[0] = {},
): Matcher {
  const matcher = createMatcher(options);
  for (const answer of answers) {
    matcher.upsertAnswer(answer);
  }
  return matcher;
}

/** Small deterministic PRNG (mulberry32) so the randomised test is reproducible. */
export function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A deterministic stand-in sentence model: each word a fixed random direction, summed. */
export function wordVectors(dimensions = 24): Embedder {
  const words = new Map<string, Float32Array>();
  const wordVector = (word: string) => {
    let vector = words.get(word);
    if (!vector) {
      let seed = 0;
      for (const char of word) {
        seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
      }
      const random = createRandom(seed);
      vector = Float32Array.from({ length: dimensions }, () => random() - 0.5);
      words.set(word, vector);
    }
    return vector;
  };
  return {
    id: 'words',
    embed(text) {
      const sum = new Float32Array(dimensions);
      for (const word of text.toLowerCase().match(/[a-z']+/g) ?? []) {
        wordVector(word).forEach((value, i) => (sum[i] = sum[i]! + value));
      }
      return sum;
    },
  };
}
