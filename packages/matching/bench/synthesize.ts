import type { EvalItem, IntentDefinition, TrainFile } from './datasets.ts';

/** A synthetic storyfile: many answers cut from real intents, with questions to ask it. */
export interface SyntheticStoryfile {
  answers: IntentDefinition[];
  intentOfAnswer: Map<string, string>;
  questions: EvalItem[];
}

/**
 * Builds a storyfile of `answerCount` answers by cutting every intent's training examples into
 * answers of `phrasingsPerAnswer` phrasings, taking the sources in order until there are enough.
 * Intents are prefixed with the source name so that datasets cannot collide.
 */
export function synthesizeStoryfile(
  sources: readonly TrainFile[],
  answerCount: number,
  phrasingsPerAnswer = 5,
): SyntheticStoryfile {
  const answers: IntentDefinition[] = [];
  const intentOfAnswer = new Map<string, string>();
  const usedSources = new Set<TrainFile>();
  outer: for (const source of sources) {
    for (const intent of source.intents) {
      for (let start = 0; start < intent.examples.length; start += phrasingsPerAnswer) {
        if (answers.length >= answerCount) {
          break outer;
        }
        const id = `${source.name}/${intent.id}#${start / phrasingsPerAnswer}`;
        answers.push({ id, examples: intent.examples.slice(start, start + phrasingsPerAnswer) });
        intentOfAnswer.set(id, `${source.name}/${intent.id}`);
        usedSources.add(source);
      }
    }
  }
  const questions = sources
    .filter((source) => usedSources.has(source))
    .flatMap((source) =>
      source.val.map((item) => ({
        text: item.text,
        intent: item.intent === null ? null : `${source.name}/${item.intent}`,
      })),
    );
  return { answers, intentOfAnswer, questions };
}
