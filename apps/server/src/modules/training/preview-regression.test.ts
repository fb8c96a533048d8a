import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAppliedReview,
  describeReviewPreview,
  describeThresholdMove,
  type AppliedReview,
  type AskResponse,
  type ReviewPreview,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { buildMember, buildNamespace, buildStoryfile } from '../../../test/storyfile.fixtures.ts';
import { seedAsset } from '../../../test/conversation.fixtures.ts';

// Issue 28's silent regression: the automatic threshold moved (0.30 to 0.33 there) after one
// Correct match and one category, and "What's going on in your lab?", answered at 0.32, fell back
// while the preview said "1 from fallback to an answer, 0 from one answer to another". Here the same
// case on the Expert FAQ template with the owner's own question about their lab and one category:
// the automatic threshold is 0.2984 and the lab question is answered at 0.3222; one correct match
// moves the threshold to 0.3233 and the lab question falls back. The preview must say so.

const LAB = "What's going on in your lab?";
const OWN_LAB = 'Can I visit your lab?';
const FALLEN = 'What else should I ask you?';
const TARGET = 'What question do people ask you most often?';

/** The shipped Expert FAQ template's questions (modules/library/templates/expert-faq.ts), as a new user starts. */
const EXPERT_FAQ: { text: string; alternates?: string[] }[] = [
  { text: 'Who are you?', alternates: ['Can you introduce yourself?', 'Tell me about yourself.'] },
  { text: 'What is your area of expertise?', alternates: ['What do you specialize in?'] },
  { text: 'How did you get into this field?' },
  { text: 'What training or qualifications do you have?' },
  { text: 'What does a typical day look like for you?' },
  { text: 'Can you explain your field in simple terms?' },
  { text: 'Which terms should a beginner know?' },
  { text: 'Why does this topic matter to everyday people?' },
  { text: 'How has the field changed over the last ten years?' },
  { text: 'What do people most often misunderstand about your work?' },
  { text: 'What question do people ask you most often?' },
  { text: 'How do I know if I need professional help with this?' },
  { text: 'How much does it usually cost to get started?' },
  { text: 'How long does it take to see results?' },
  { text: 'What risks should I be aware of?' },
  { text: 'Is there anything I can do on my own?' },
  { text: 'What is the first step you would recommend?', alternates: ['Where do I start?'] },
  { text: 'What mistakes should beginners avoid?' },
  { text: 'Which tools or resources do you use every day?' },
  { text: 'How do I choose the right professional?' },
  { text: 'What should I ask before making a decision?' },
  { text: 'What is the biggest myth in your field?' },
  { text: 'What do experts in your field disagree about?' },
  { text: 'Which advice found online should people ignore?' },
  { text: 'What research are you most excited about?' },
  { text: 'Which books would you recommend?' },
  { text: 'Where can I find reliable information?' },
  { text: 'How can I contact you or your organization?' },
  { text: 'What would you like every visitor to remember?' },
];

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('a preview never hides a past question that would lose its answer', () => {
  it('counts and lists the question the automatic threshold moves to fallback, and the applied change says so', async () => {
    const namespaceId = await buildNamespace(studio, 'expert');
    const owner = await buildMember(studio, 'owner@expert.test', { expert: 'owner:ns' });
    const storyfile = await buildStoryfile(owner, namespaceId);
    const topic = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/topics`,
      { name: 'Expert' },
    );
    const ids: Record<string, string> = {};
    const script = [...EXPERT_FAQ, { text: OWN_LAB, alternates: [] }];
    for (const question of script) {
      const created = await owner.expectStatus<{ id: string }>(
        201,
        'POST',
        `/v1/conversa/storyfiles/${storyfile.id}/questions`,
        { topicId: topic.id, text: question.text, alternates: question.alternates ?? [] },
      );
      ids[question.text] = created.id;
      await seedAsset(studio, { storyfileId: storyfile.id, questionId: created.id });
    }
    await owner.expectStatus(201, 'POST', '/v1/conversa/training/categories', {
      namespaceId,
      storyfileId: storyfile.id,
      name: 'Visit',
      phrases: ['visit', 'come to', 'see'],
    });
    const ask = (text: string) =>
      owner.expectStatus<AskResponse & { exchangeId: string }>(
        200,
        'POST',
        `/v1/conversa/storyfiles/${storyfile.id}/ask`,
        { text },
      );
    const lab = await ask(LAB);
    expect(lab).toMatchObject({
      decision: { kind: 'answer', questionId: ids[OWN_LAB] },
      threshold: 0.2984,
      score: 0.322191,
    });
    const fallen = await ask(FALLEN);
    expect(fallen.decision.kind).toBe('fallback');

    const change = { kind: 'correct', entryIds: [fallen.exchangeId], questionId: ids[TARGET] };
    const preview = await owner.expectStatus<ReviewPreview>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/training/preview`,
      change,
    );
    expect(preview).toMatchObject({
      examined: 2,
      moved: 2,
      fromFallback: 1,
      betweenAnswers: 0,
      toFallback: 1,
      threshold: { before: 0.2984, after: 0.3233, isAutomatic: true },
    });
    // The lost question is listed, first.
    expect(preview.moves).toEqual([
      {
        questionText: LAB,
        count: 1,
        before: { questionId: ids[OWN_LAB], questionText: OWN_LAB },
        after: { questionId: null, questionText: null },
      },
      {
        questionText: FALLEN,
        count: 1,
        before: { questionId: null, questionText: null },
        after: { questionId: ids[TARGET], questionText: TARGET },
      },
    ]);
    expect(describeReviewPreview(preview)).toBe(
      'These changes move 2 past questions: 1 from fallback to an answer, 0 from one answer to another, 1 from an answer to fallback.',
    );
    expect(describeThresholdMove(preview)).toBe('The automatic threshold moves from 0.30 to 0.32.');
    // Previewing changed nothing.
    expect((await ask(LAB)).decision).toMatchObject({ kind: 'answer', questionId: ids[OWN_LAB] });

    const applied = await owner.expectStatus<AppliedReview>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/training/actions`,
      change,
    );
    expect(applied.preview).toMatchObject({ toFallback: 2, fromFallback: 1 });
    expect(describeAppliedReview(applied.preview)).toBe(
      '2 past questions now fall back instead of being answered. The automatic threshold moved from 0.30 to 0.32.',
    );
    // What the preview said is what happens.
    const after = await ask(LAB);
    expect(after).toMatchObject({ decision: { kind: 'fallback' }, threshold: 0.3233 });
    expect((await ask(FALLEN)).decision).toMatchObject({
      kind: 'answer',
      questionId: ids[TARGET],
    });
  }, 180_000);
});
