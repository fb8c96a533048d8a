// Issue 50, a storyfile recorded in part: a question whose best match has no video gets the
// cannot-answer clip only when the storyfile is sure that question was asked; otherwise the
// recorded answers it comes close to are asked back ("Did you mean…?"), and the exchange keeps the
// unrecorded question for the author. The matcher's rule is `decideOutcome` (@conversa/matching).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLARIFY_MESSAGE, type AskResponse } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { askInStudio, seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import { UNRECORDED_QUESTION } from '../../../test/conversation.fixtures.ts';

const LIVING = 'What do you do for a living?';

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

it('asks about the recorded answers when unsure of a best match without a video', async () => {
  const { owner, storyfile } = await seedOwnedStoryfile(studio, 'part');
  const unsure: AskResponse = await askInStudio(owner, storyfile.id, { text: 'your pets job' });
  // The unrecorded question leads the recorded one by too little to be sure it was asked.
  expect(unsure.candidates.slice(0, 2)).toMatchObject([
    { questionText: UNRECORDED_QUESTION, isRecorded: false },
    { questionText: LIVING, isRecorded: true },
  ]);
  expect(unsure).toMatchObject({
    decision: { kind: 'fallback' },
    clarification: 'did-you-mean',
    suggestions: [{ questionId: storyfile.questions[LIVING], questionText: LIVING }],
    media: null,
    message: CLARIFY_MESSAGE,
  });
  // Its own words: sure, so the not-recorded fallback and nothing asked back.
  const sure = await askInStudio(owner, storyfile.id, { text: UNRECORDED_QUESTION });
  expect(sure).toMatchObject({
    decision: {
      kind: 'fallback',
      reason: 'not-recorded',
      questionId: storyfile.questions[UNRECORDED_QUESTION],
    },
    suggestions: [],
  });
  expect(sure.media?.url).toContain(`/media/${storyfile.clips.cannotAnswer}/`);
}, 120_000);
