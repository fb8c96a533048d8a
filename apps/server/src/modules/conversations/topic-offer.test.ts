// Issue 68, item 4: "Choose one below", with nothing to choose. A storyfile without conversation
// starters still offers recorded answers to press on the second fallback in a row (one per topic),
// and each topic it names carries its recorded questions, pressed as that exchange's suggestions.
// Only recorded answers are ever offered (issue 67), and a forged press is still refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGESTION_NOT_OFFERED_MESSAGE, type PublicAskResponse } from '@conversa/contracts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  seedAsset,
  UNRECORDED_QUESTION,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import { publishForSlug, seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';

let studio: TestStudio;
let storyfile: SeededStoryfile;
let slug: string;

const BORN = 'Where were you born?';
const MOVIE = 'What is your favourite movie?';
const JOB = 'What do you do for a living?';
const HOBBY = 'What do you do on weekends?';
const UNRECORDED_HOBBY = 'Do you play an instrument?';
const NONSENSE = 'zxqv plorth wimble snark';

type Ask = (body: Record<string, unknown>) => Promise<{ status: number; body: PublicAskResponse }>;

async function visitor(): Promise<Ask> {
  const client = new ApiClient(new TestBrowser(studio.baseUrl));
  await client.get(`/v1/conversa/public/storyfiles/${slug}`);
  return (body) =>
    client.call<PublicAskResponse>('POST', `/v1/conversa/public/storyfiles/${slug}/ask`, body);
}

/** Two fallbacks in a row: the second asks back with the topics and starters. */
async function twoFallbacks(ask: Ask): Promise<PublicAskResponse> {
  const first = await ask({ text: NONSENSE });
  const second = await ask({ text: NONSENSE, conversationId: first.body.conversationId });
  expect(second.body.clarification).toBe('topics-and-starters');
  return second.body;
}

beforeAll(async () => {
  studio = await startTestStudio();
  const seeded = await seedOwnedStoryfile(studio, 'topics');
  storyfile = seeded.storyfile;
  const { owner } = seeded;
  await owner.expectStatus(
    200,
    'PUT',
    `/v1/conversa/storyfiles/${storyfile.id}/matching-settings`,
    { threshold: 0.7 },
  );
  // A second topic, "Hobbies", with one recorded question and one not: no starters are set.
  const topic = await owner.expectStatus<{ id: string }>(
    201,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/topics`,
    { name: 'Hobbies' },
  );
  for (const text of [HOBBY, UNRECORDED_HOBBY]) {
    const created = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/questions`,
      { topicId: topic.id, text, alternates: [] },
    );
    storyfile.questions[text] = created.id;
  }
  await seedAsset(studio, { storyfileId: storyfile.id, questionId: storyfile.questions[HOBBY] });
  slug = await publishForSlug(owner, storyfile.id);
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

const suggestion = (text: string) => ({
  questionId: storyfile.questions[text],
  questionText: text,
});

describe('topics and starters without starters (issue 68 item 4)', () => {
  it('offers one recorded question of each topic, and each topic with its recorded questions', async () => {
    const offer = await twoFallbacks(await visitor());
    // The script's order: "Life" was made first, then "Hobbies".
    expect(offer.suggestions).toEqual([suggestion(BORN), suggestion(HOBBY)]);
    expect(offer.topics.map(({ name, suggestions }) => ({ name, suggestions }))).toEqual([
      { name: 'Hobbies', suggestions: [suggestion(HOBBY)] },
      { name: 'Life', suggestions: [suggestion(BORN), suggestion(MOVIE), suggestion(JOB)] },
    ]);
    // Issue 67: the unrecorded questions are the author's checklist, never shown to a visitor.
    const shown = JSON.stringify(offer);
    expect(shown).not.toContain(UNRECORDED_QUESTION);
    expect(shown).not.toContain(UNRECORDED_HOBBY);
  });

  it("plays a topic's question pressed as the exchange's suggestion, and logs where it came from", async () => {
    const ask = await visitor();
    const offer = await twoFallbacks(ask);
    const pressed = await ask({
      text: MOVIE,
      conversationId: offer.conversationId,
      suggestion: { exchangeId: offer.exchangeId, questionId: storyfile.questions[MOVIE] },
    });
    expect(pressed.status).toBe(200);
    expect(pressed.body.decision).toEqual({
      kind: 'answer',
      questionId: storyfile.questions[MOVIE],
    });
    expect(pressed.body.media?.url).toContain('/media/');
  });

  it('refuses an unrecorded question, or a topic question on an exchange that offered no topics', async () => {
    const ask = await visitor();
    const offer = await twoFallbacks(ask);
    for (const text of [UNRECORDED_QUESTION, UNRECORDED_HOBBY]) {
      const forged = await ask({
        text,
        conversationId: offer.conversationId,
        suggestion: { exchangeId: offer.exchangeId, questionId: storyfile.questions[text] },
      });
      expect(forged.status).toBe(400);
      expect((forged.body as unknown as { message: string }).message).toBe(
        SUGGESTION_NOT_OFFERED_MESSAGE,
      );
    }
    // A first fallback offers nothing: no topic's question may be pressed on it.
    const plain = await ask({ text: NONSENSE });
    expect(plain.body).toMatchObject({ clarification: null, suggestions: [], topics: [] });
    const refused = await ask({
      text: HOBBY,
      conversationId: plain.body.conversationId,
      suggestion: { exchangeId: plain.body.exchangeId, questionId: storyfile.questions[HOBBY] },
    });
    expect(refused.status).toBe(400);
  });
});
