// The cosines at which Response quality calls two questions alike in meaning, by sentence model:
// each model's cosines have a scale of their own (issue 64). Chosen on the development benchmark's
// held-out questions (docs/experiments/matching.md, "Response quality's bars by model"): two
// questions of one answer against two of different answers. USE lite at 0.6 joins 85.2% of the
// first and 8.6% of the second; all-MiniLM-L6-v2 at 0.5 joins 92.1% and 1.0% (at 0.6: 81.9% and
// 0.2%, paraphrases lost for nothing).

export interface MeaningScores {
  /**
   * A question joins a cluster whose closest member is at this cosine or above: paraphrases with
   * no word in common ("Why did you choose this career?" / "How did you get into this field?")
   * join, one shared word does not make two requests alike ("Can you recommend a good pizza
   * place?" / "What books do you recommend?": USE lite 0.29, all-MiniLM-L6-v2 0.23).
   */
  cluster: number;
  /**
   * A question that fell back is offered as an alternate of a recorded one from this cosine.
   * Paraphrases with no content word in common: "Why did you choose this career?" / "How did you
   * get into this field?" USE lite 0.71, all-MiniLM-L6-v2 0.54; questions that only share a frame,
   * "How old are you?" / "Where were you born?": 0.43 and 0.35, not offered.
   */
  looksLike: number;
}

const USE_LITE: MeaningScores = { cluster: 0.6, looksLike: 0.6 };

const BY_MODEL: Readonly<Record<string, MeaningScores>> = {
  'use-lite': USE_LITE,
  'all-minilm-l6-v2': { cluster: 0.5, looksLike: 0.5 },
};

/** The bars of the model whose vectors these are; USE lite's for a model not measured. */
export function meaningScoresOf(embedderId: string | undefined): MeaningScores {
  return (embedderId === undefined ? undefined : BY_MODEL[embedderId]) ?? USE_LITE;
}
