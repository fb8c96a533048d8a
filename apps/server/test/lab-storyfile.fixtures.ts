import type { AskResponse } from '@conversa/contracts';
import { seedAsset } from './conversation.fixtures.ts';
import { buildMember, buildNamespace, buildStoryfile } from './storyfile.fixtures.ts';
import type { TestStudio } from './studio.ts';

// Issue 28's case ("What's going on in your lab?" answered just above the automatic threshold)
// on the Expert FAQ template, as a new user starts, with the owner's own question about their lab
// and one category of the storyfile's own. Lexical scores (no sentence model in tests): the
// automatic threshold is 0.2984 and the lab question is answered at 0.3222.

export const LAB = "What's going on in your lab?";
export const OWN_LAB = 'Can I visit your lab?';

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

/**
 * A namespace `label` with its owner signed in, and a storyfile of the Expert FAQ questions plus
 * "Can I visit your lab?", every one recorded, and the category "Visit" (visit, come to, see) of its own.
 */
export async function buildLabStoryfile(studio: TestStudio, label: string) {
  const namespaceId = await buildNamespace(studio, label);
  const owner = await buildMember(studio, `owner@${label}.test`, { [label]: 'owner:ns' });
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
  // These cases are about the threshold and its previews: the author plays every clear lead above
  // the threshold (play risk 1), so that the threshold alone decides, as in issue 28. (The
  // automatic play risk of issue 50 asks the lab question back: it scores like the script's own
  // near-miss questions.)
  await owner.expectStatus(
    200,
    'PUT',
    `/v1/conversa/storyfiles/${storyfile.id}/matching-settings/ask-back`,
    { playRisk: 1 },
  );
  const ask = (text: string, inputMode: 'typed' | 'spoken' = 'typed') =>
    owner.expectStatus<AskResponse & { exchangeId: string }>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/ask`,
      { text, inputMode },
    );
  return { namespaceId, owner, storyfile, ids, ask };
}
