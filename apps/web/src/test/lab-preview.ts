import type { ReviewPreview } from '@conversa/contracts';

// Issue 28: "Every preview (correct match, alternates, categories, words, threshold) must count and
// list the past questions that would **lose** their answer". The lab question of the issue's case
// loses its answer when a category moves the automatic threshold from 0.2984 to 0.3237.

export const LAB_QUESTION = "What's going on in your lab?";

/** A preview in which the lab question loses its answer and another question gains one. */
export const LAB_PREVIEW: ReviewPreview = {
  examined: 4,
  moved: 2,
  fromFallback: 1,
  betweenAnswers: 0,
  toFallback: 1,
  threshold: { before: 0.2984, after: 0.3237, isAutomatic: true },
  moves: [
    {
      questionText: LAB_QUESTION,
      count: 1,
      before: { questionId: 'q-lab', questionText: 'Can I visit your lab?' },
      after: { questionId: null, questionText: null },
    },
    {
      questionText: 'What else should I ask you?',
      count: 3,
      before: { questionId: null, questionText: null },
      after: { questionId: 'q-ask', questionText: 'What question do people ask you most often?' },
    },
  ],
};
